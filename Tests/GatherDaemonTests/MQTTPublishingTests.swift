import Clocks
import Foundation
import GatherMQTT
import GatherModel
import GatherRPC
import Logging
import Testing

@testable import GatherDaemon

/// What MQTT publishes, worked out from a real session on a test clock: the state, the messages the events
/// make, and Home Assistant's discovery configs. (The broker itself is in Tests/e2e/test_mqtt*.py.)
@Suite(.timeLimit(.minutes(1))) struct MQTTPublishingTests {
  let fixture: SessionFixture
  var session: SessionFixture.Session { fixture.session }

  init() async throws { fixture = try await SessionFixture() }

  static func configuration(control: Bool = false, instance: String = "main", topic: String? = nil)
    -> MQTTConfiguration
  {
    MQTTConfiguration(
      broker: try! MQTTBroker(parsing: "mqtt://hub.lan"), password: nil, caFile: nil, instance: instance,
      topicPrefix: topic, discoveryPrefix: "homeassistant", control: control, ticks: true)
  }

  var topics: MQTTTopics { MQTTTopics(Self.configuration()) }

  /// The messages the events of each next batch make, as (topic, payload).
  func nextMessages() async throws -> [(topic: String, payload: JSONValue)] {
    guard let batch = await fixture.sink.nextBatch() else { throw CancellationError() }
    return try batch.compactMap { _, event in
      try MQTTEventMessages.message(
        for: event, topics: topics, run: MQTTEventID(startedAt: Date(timeIntervalSince1970: 1))
      ).map {
        ($0.topic, try JSONParser.parse($0.payload))
      }
    }
  }

  @Test func withoutAGatherTheStateIsNullsAndNotRunning() throws {
    let state = try #require(session.view.mqttState().objectValue)
    #expect(state["gather"] == .null && state["score"] == .null && state["clock"] == .null)
    #expect(state["remaining"] == .null && state["endsAt"] == .null && state["running"] == false)
  }

  @Test func theRatingsAreTheShownNumbersHighestFirst() async throws {
    let before = session.view.mqttRatings()["players"]?.arrayValue ?? []
    #expect(before.map { $0["name"] } == ["Ana", "Bruno"] && before.map { $0["rating"] } == [50, 50])
    #expect(before.allSatisfy { $0["settling"] == true && $0["gathers"] == 0 })
    _ = try await fixture.perform { try $0.startGather(teamA: [1], teamB: [2], bench: [], seconds: 300) }
    _ = try await fixture.perform { try $0.goal(for: .teamB, by: 2) }
    _ = try await fixture.perform { try $0.endGather() }
    let after = session.view.mqttRatings()["players"]?.arrayValue ?? []
    #expect(after.map { $0["name"] } == ["Bruno", "Ana"], "the winner first")
    let shown = session.view.state.shownRating(of: 2)
    #expect(after.first?["rating"] == .int(Int64(shown.value)) && after.first?["gathers"] == 1)
  }

  @Test func theStateHasTheGatherTeamsScoreAndClock() async throws {
    _ = try await fixture.perform { try $0.startGather(teamA: [1], teamB: [2], bench: [], seconds: 300) }
    _ = try await fixture.perform { try $0.timer(.start) }
    _ = try await fixture.perform { try $0.goal(for: .teamB, by: 2) }
    let state = try #require(session.view.mqttState().objectValue)
    #expect(state["gather"]?["id"] == 1)
    #expect(state["teams"]?["teamA"]?.arrayValue?.first?["name"] == "Ana")
    #expect(state["score"] == .object(["teamA": 0, "teamB": 1, "text": "0-1"]))
    #expect(state["clock"] == "running" && state["running"] == true && state["period"] == 1)
    #expect(state["remaining"] == 300)
    #expect(state["endsAt"]?.stringValue?.hasSuffix("Z") == true)
    #expect(state["seq"] == .int(session.view.seq))
  }

  @Test func goalsUndosAndCorrectionsAreEventsAndTicksAreTicks() async throws {
    _ = try await fixture.perform { try $0.startGather(teamA: [1], teamB: [2], bench: [], seconds: 5) }
    try await fixture.subscribe()
    _ = try await fixture.perform { try $0.goal(for: .teamA, by: 1) }
    var messages = try await nextMessages()
    #expect(messages.map(\.topic) == ["gatherd/main/event"])
    #expect(messages[0].payload["event_type"] == "goal" && messages[0].payload["player"] == "Ana")
    _ = try await fixture.perform { try $0.undoGoal() }
    #expect(try await nextMessages().first?.payload["event_type"] == "undo")
    _ = try await fixture.perform { try $0.correctScore(to: Score(teamA: 2, teamB: 2)) }
    #expect(try await nextMessages().first?.payload["event_type"] == "correction")
    _ = try await fixture.perform { try $0.timer(.start) }
    #expect(try await nextMessages().isEmpty, "a clock started is state, not an event")
    await fixture.clock.advance(by: .milliseconds(1001))
    messages = try await nextMessages()
    #expect(messages.map(\.topic) == ["gatherd/main/tick"])
    #expect(messages[0].payload["display"] == "00:04" && messages[0].payload["subscription"] == nil)
  }

  @Test func aGoalNamesTheGatherAndSidesItWasScoredInThoughTheGatherEndedBeforeItWasSent() async throws {
    _ = try await fixture.perform { try $0.startGather(teamA: [1], teamB: [2], bench: [], seconds: 300) }
    try await fixture.subscribe()
    _ = try await fixture.perform { try $0.goal(for: .teamA, by: 1) }
    _ = try await fixture.perform { try $0.timer(.start) }
    _ = try await fixture.perform {
      try $0.renameTeams(teamA: "Bibs", teamB: "Colours", fields: (teamA: "teamA", teamB: "teamB"))
    }
    _ = try await fixture.perform { try $0.endGather() }
    let goal = try #require(try await nextMessages().first?.payload)
    #expect(goal["event_type"] == "goal" && goal["gather"] == 1)
    #expect(goal["names"] == .object(["team_a": "Team A", "team_b": "Team B"]) && goal["team_name"] == "Team A")
    #expect(goal["score"]?["text"] == "1-0")
  }

  @Test func theEndsOfPeriodsTheFullTimeAndTheGathersStartAndEndAreEvents() async throws {
    try await fixture.subscribe()
    _ = try await fixture.perform { try $0.startGather(teamA: [1], teamB: [2], bench: [], seconds: 1, periods: 2) }
    #expect(try await nextMessages().first?.payload["event_type"] == "gather_start")
    _ = try await fixture.perform { try $0.timer(.start) }
    _ = try await nextMessages()
    await fixture.clock.advance(by: .milliseconds(1001))
    var types: [String] = []
    while !types.contains("period_end") {
      types += try await nextMessages().compactMap { $0.payload["event_type"]?.stringValue }
    }
    _ = try await fixture.perform { try $0.timer(.start) }
    _ = try await nextMessages()
    await fixture.clock.advance(by: .milliseconds(1001))
    while !types.contains("full_time") {
      types += try await nextMessages().compactMap { $0.payload["event_type"]?.stringValue }
    }
    _ = try await fixture.perform { try $0.endGather() }
    types += try await nextMessages().compactMap { $0.payload["event_type"]?.stringValue }
    #expect(types == ["period_end", "full_time", "gather_end"])
    #expect(Set(types).isSubset(of: HomeAssistantDiscovery.eventTypes))
  }

  @Test func everyDiscoveryConfigHasWhatHomeAssistantRequires() throws {
    let messages = HomeAssistantDiscovery(Self.configuration(control: true)).messages()
    #expect(messages.count == 23)
    var uniqueIDs = Set<String>()
    for message in messages {
      #expect(message.retain && message.topic.hasPrefix("homeassistant/") && message.topic.hasSuffix("/config"))
      let config = try JSONParser.parse(message.payload)
      let uniqueID = try #require(config["unique_id"]?.stringValue)
      uniqueIDs.insert(uniqueID)
      #expect(config["device"]?["identifiers"] == ["gatherd_main"])
      #expect(config["device"]?["name"] == "gatherd (main)")
      #expect(config["origin"]?["name"] == "gatherd")
      #expect(config["availability"]?.arrayValue?.first?["topic"] == "gatherd/main/availability")
    }
    #expect(uniqueIDs.count == messages.count)
  }

  @Test func theButtonsCallMethodsThatChangeTheMatch() throws {
    let logger = Logger(label: "test")
    let dispatcher = MethodTable.dispatcher(
      session, services: MethodServices(web: nil, stats: DaemonStats(), hub: session.hub, repeats: RepeatedRequests()),
      logger: logger, refusals: RefusalReporter(logger: logger, loop: session.loop))
    let buttons = HomeAssistantDiscovery(Self.configuration(control: true)).entities().filter {
      $0.component == "button"
    }
    #expect(buttons.map(\.object) == ["start_pause", "goal_a", "goal_b", "undo", "end_gather"])
    for button in buttons {
      #expect(button.keys["command_topic"] == "gatherd/main/rpc")
      let request = try JSONParser.parse(Array(try #require(button.keys["payload_press"]?.stringValue).utf8))
      #expect(request["id"] == nil, "a notification: nobody waits for its reply")
      #expect(dispatcher.mutatingMethodNames.contains(try #require(request["method"]?.stringValue)))
    }
  }

  @Test func withoutControlTheButtonsAreRemoved() {
    let messages = HomeAssistantDiscovery(Self.configuration()).messages()
    let buttons = messages.filter { $0.topic.hasPrefix("homeassistant/button/") }
    #expect(buttons.count == 5 && buttons.allSatisfy { $0.payload.isEmpty && $0.retain })
  }

  @Test func namesComeFromTheInstanceAndThePrefix() {
    #expect(Self.configuration(instance: "pitch/1").topicPrefix == "gatherd/pitch_1")
    #expect(Self.configuration(instance: "pitch 1").nodeID == "gatherd_pitch_1")
    #expect(Self.configuration(topic: "club/pitch-2").nodeID == "club_pitch-2")
    #expect(MQTTConfiguration.problem(withPrefix: "gatherd/main") == nil)
    for prefix in ["", "a/#", "+/b", "/a", "a/", "a//b", "$SYS"] {
      #expect(MQTTConfiguration.problem(withPrefix: prefix) != nil, "\(prefix)")
    }
  }
}
