import FoundationEssentials
import GatherMQTT
import GatherModel
import GatherRPC
import Testing

@testable import GatherDaemon

/// What Home Assistant reads from gatherd, worked out from a real session on a test clock: the clock reads `FT`
/// and `HT` as the status bars do, the state names the sides and their scorers, match events are slim, and the
/// discovery configs make numbers, unknowns and an enum clock, keep the buttons a press cannot take back off the
/// dashboard, and link the device to the board. (A real Home Assistant reads them in Tests/e2e/test_homeassistant.py.)
@Suite(.timeLimit(.minutes(1))) struct MQTTHomeAssistantTests {
  let fixture: SessionFixture
  var session: SessionFixture.Session { fixture.session }
  var topics: MQTTTopics { MQTTTopics(MQTTPublishingTests.configuration()) }

  init() async throws { fixture = try await SessionFixture() }

  /// The messages of the next batches, as (topic, payload), until `done` holds for all of them.
  func messages(until done: ([(topic: String, payload: JSONValue)]) -> Bool) async throws
    -> [(topic: String, payload: JSONValue)]
  {
    var messages: [(topic: String, payload: JSONValue)] = []
    while !done(messages) {
      guard let batch = await fixture.sink.nextBatch() else { throw CancellationError() }
      messages += try batch.compactMap { _, event in
        try MQTTEventMessages.message(
          for: event, topics: topics, run: MQTTEventID(startedAt: Date(timeIntervalSince1970: 1))
        ).map {
          ($0.topic, try JSONParser.parse($0.payload))
        }
      }
    }
    return messages
  }

  func hasEvent(_ type: String) -> ([(topic: String, payload: JSONValue)]) -> Bool {
    { messages in messages.contains { $0.payload["event_type"] == .string(type) } }
  }

  func displays(_ messages: [(topic: String, payload: JSONValue)]) -> [String] {
    messages.filter { $0.topic == "gatherd/main/tick" }.compactMap { $0.payload["display"]?.stringValue }
  }

  @Test func theBreakReadsHTAndFullTimeFT() async throws {
    _ = try await fixture.perform {
      try $0.startGather(teamA: [1], teamB: [2], bench: [], seconds: 1, periods: 2, breakSeconds: 2)
    }
    try await fixture.subscribe()
    _ = try await fixture.perform { try $0.timer(.start) }
    await fixture.clock.advance(by: .milliseconds(1001))
    let firstHalf = try await messages(until: hasEvent("period_end"))
    #expect(displays(firstHalf) == ["HT"], "the tick that ends the half")
    #expect(session.view.mqttState()["display"] == "HT 00:02" && session.view.mqttState()["clock"] == "break")
    await fixture.clock.advance(by: .milliseconds(2001))
    let interval = try await messages(until: { displays($0).count == 2 })
    #expect(displays(interval) == ["HT 00:01", "HT 00:00"])
    _ = try await messages(until: { _ in session.view.mqttState()["clock"] == "stopped" })
    #expect(session.view.mqttState()["display"] == "00:01" && session.view.mqttState()["period"] == 2)
    _ = try await fixture.perform { try $0.timer(.start) }
    await fixture.clock.advance(by: .milliseconds(1001))
    let secondHalf = try await messages(until: hasEvent("full_time"))
    #expect(displays(secondHalf) == ["FT"])
    let tick = try #require(secondHalf.first { $0.topic == "gatherd/main/tick" }?.payload)
    #expect(tick["state"] == "finished" && tick["added"] == .null && tick["remaining"] == 0)
    let state = session.view.mqttState()
    #expect(state["display"] == "FT" && state["added"] == .null && state["remaining"] == 0)
  }

  @Test func ofFourQuartersOnlyTheMiddleBreakReadsHT() async throws {
    _ = try await fixture.perform {
      try $0.startGather(teamA: [1], teamB: [2], bench: [], seconds: 1, periods: 4, breakSeconds: 2)
    }
    try await fixture.subscribe()
    var shown: [(tick: [String], state: JSONValue?)] = []
    for _ in 0..<3 {
      // Each quarter runs out into its break; starting the next quarter cuts the break short.
      _ = try await fixture.perform { try $0.timer(.start) }
      await fixture.clock.advance(by: .milliseconds(1001))
      let quarter = try await messages(until: hasEvent("period_end"))
      shown.append((displays(quarter), session.view.mqttState()["display"]))
      let tick = try #require(quarter.last { $0.topic == "gatherd/main/tick" }?.payload)
      #expect(tick["breakName"] == .string(displays(quarter).first ?? "?"))
    }
    #expect(shown.map(\.tick) == [["Break"], ["HT"], ["Break"]])
    #expect(shown.map(\.state) == ["Break 00:02", "HT 00:02", "Break 00:02"])
  }

  @Test func theStateNamesTheSidesAndTheirScorers() async throws {
    _ = try await fixture.perform {
      try $0.startGather(teamA: [1], teamB: [2], bench: [], seconds: 600, names: ("Bibs", nil))
    }
    #expect(session.view.mqttState()["scorers"] == .object(["teamA": [], "teamB": []]))
    _ = try await fixture.perform { try $0.goal(for: .teamA, by: 1) }
    _ = try await fixture.perform { try $0.goal(for: .teamB, by: nil) }
    _ = try await fixture.perform { try $0.goal(for: .teamA, by: 1) }
    let state = session.view.mqttState()
    #expect(state["names"] == .object(["teamA": "Bibs", "teamB": "Team B"]))
    #expect(state["scorers"] == .object(["teamA": ["Ana 1'", "Ana 1'"], "teamB": ["1'"]]))
    _ = try await fixture.perform { try $0.correctScore(to: Score(teamA: 5, teamB: 1)) }
    #expect(session.view.mqttState()["scorers"]?["teamA"]?.arrayValue?.count == 2, "a correction is no goal")
    _ = try await fixture.perform { try $0.endGather() }
    #expect(session.view.mqttState()["names"] == .null && session.view.mqttState()["scorers"] == .null)
  }

  @Test func gatherEventsCarryIdsNamesAndTheScoreNotTheGather() async throws {
    try await fixture.subscribe()
    _ = try await fixture.perform {
      try $0.startGather(teamA: [1], teamB: [2], bench: [], seconds: 600, names: (nil, "Colours"))
    }
    let start = try #require(try await messages(until: hasEvent("gather_start")).first?.payload)
    #expect(start["gather"] == 1 && start["change"] == "started" && start["plan"] == .null)
    #expect(start["teams"] == .object(["team_a": ["Ana"], "team_b": ["Bruno"], "bench": []]), "snake_case keys")
    #expect(start["names"]?["team_b"] == "Colours" && start["score"]?["text"] == "0-0")
    #expect(start["event_id"]?.stringValue == "1000-\(start["seq"]?.intValue ?? -1)", "the run's start, then the seq")
    _ = try await fixture.perform { try $0.goal(for: .teamB, by: 2) }
    let goal = try #require(try await messages(until: hasEvent("goal")).first?.payload)
    #expect(
      goal["gather"] == 1 && goal["team_name"] == "Colours" && goal["player"] == "Bruno" && goal["minute"] == "1'")
    _ = try await fixture.perform { try $0.endGather() }
    let end = try #require(try await messages(until: hasEvent("gather_end")).first?.payload)
    #expect(end["change"] == "ended" && end["winner"] == "teamB" && end["score"]?["text"] == "0-1")
    _ = try await fixture.perform { try $0.startGather(teamA: [1], teamB: [2], bench: [], seconds: 600) }
    _ = try await messages(until: hasEvent("gather_start"))
    _ = try await fixture.perform { try $0.cancelGather() }
    let cancel = try #require(try await messages(until: hasEvent("gather_end")).first?.payload)
    #expect(cancel["change"] == "cancelled" && cancel["gather"] == 2 && cancel["winner"] == .null)
    #expect(cancel["score"] == .null && cancel["names"] == .null)
  }

  /// The configs of one discovery, by object id.
  static func configs(board: String? = nil) throws -> [String: JSONValue] {
    let discovery = HomeAssistantDiscovery(MQTTPublishingTests.configuration(control: true), board: board)
    var configs: [String: JSONValue] = [:]
    for message in discovery.messages() {
      configs[String(message.topic.split(separator: "/")[3])] = try JSONParser.parse(message.payload)
    }
    return configs
  }

  @Test func countsAreMeasurementsAndAbsentValuesAreUnknownOrUnavailableBefore2024_10() throws {
    let configs = try Self.configs()
    let numbers = configs.filter { $0.value["state_class"] == "measurement" }.keys.sorted()
    #expect(numbers == ["going", "places_left", "score_a", "score_b", "waiting"])
    let noStatistics = configs.filter { $0.value["suggested_display_precision"] == 0 }.keys.sorted()
    #expect(noStatistics == ["period", "remaining"], "numbers with no long-term statistics")
    let clock = try #require(configs["clock"])
    #expect(clock["device_class"] == "enum")
    #expect(clock["options"] == ["stopped", "running", "paused", "break", "finished"])
    let optional = ["score", "clock", "ends_at", "last_goal", "display", "next_plan", "man_of_the_match", "ratings"]
    for object in optional {
      let config = try #require(configs[object])
      #expect(config["availability_mode"] == "all", "\(object)")
      let present = try #require(config["availability"]?.arrayValue?.last)
      #expect(present["value_template"]?.stringValue?.hasPrefix("{{ 'online' if merge_response is defined or ") == true)
      #expect(config["value_template"]?.stringValue?.contains("else (None if merge_response is defined else") == true)
    }
    let buttons = ["start_pause", "goal_a", "goal_b", "undo", "end_gather"]
    #expect(configs.filter { $0.value["availability_mode"] != nil }.keys.sorted() == (optional + buttons).sorted())
  }

  @Test func buttonsThatCannotBeTakenBackSitWithTheSettings() throws {
    let configs = try Self.configs()
    let settings = configs.filter { $0.value["entity_category"] == "config" }.keys.sorted()
    #expect(settings == ["end_gather", "undo"])
  }

  @Test func theDeviceLinksToTheBoardWhenThereIsOne() throws {
    for config in try Self.configs(board: "http://192.168.1.20:8080/").values {
      #expect(config["device"]?["configuration_url"] == "http://192.168.1.20:8080/")
    }
    for config in try Self.configs().values { #expect(config["device"]?["configuration_url"] == nil) }
  }
}
