import GatherRPC
import Testing

/// events.subscribe and events.unsubscribe: a snapshot, then every later event on the same connection, in seq
/// order, for the topics asked; and nothing once a subscription is closed.
@Suite(.timeLimit(.minutes(1))) struct EventsMethodTests {
  let fixture: MethodFixture
  /// Ana and Bruno.
  let ids: [JSONValue]

  init() async throws {
    fixture = try await MethodFixture()
    ids = try await fixture.addPlayers("Ana", "Bruno").map { .int($0) }
  }

  func startGather() async throws -> JSONValue {
    try await fixture.result("gather.start", ["teamA": [ids[0]], "teamB": [ids[1]]])
  }

  @Test func aSubscriptionStartsFromAnEmptySnapshotWithoutAGather() async throws {
    let watcher = try await fixture.connect(.statusSocket)
    let reply = try await fixture.result("events.subscribe", as: watcher)
    #expect(reply["snapshot"] == .object(["gather": .null, "score": .null, "timer": .null]))
    #expect(reply["seq"] == 2 && reply["subscription"]?.intValue != nil, "two players were created before")
  }

  @Test func theSnapshotIsTheGatherAsItStands() async throws {
    let gather = try await startGather()
    _ = try await fixture.result("score.goal", ["team": "teamA"])
    let reply = try await fixture.result("events.subscribe", as: try await fixture.connect(.web))
    let snapshot = try #require(reply["snapshot"])
    let current = try await fixture.result("gather.current")
    #expect(snapshot["gather"] == current && current["id"] == gather["id"])
    #expect(snapshot["score"]?["text"] == "1-0" && snapshot["timer"]?["state"] == "stopped")
    #expect(reply["seq"]?.intValue == (try await fixture.seq()))
  }

  @Test func eventsFollowTheSnapshotInSeqOrder() async throws {
    let watcher = try await fixture.connect(.statusSocket)
    let reply = try await fixture.result("events.subscribe", as: watcher)
    let (subscription, seq) = (try #require(reply["subscription"]), try #require(reply["seq"]?.intValue))
    _ = try await startGather()
    _ = try await fixture.result("score.goal", ["team": "teamB"])
    for (offset, topic) in ["gather", "score"].enumerated() {
      let event = try #require(await watcher.nextEvent())
      #expect(event["jsonrpc"] == "2.0" && event["id"] == nil && event["method"] == .string(topic))
      #expect(
        event["params"]?["subscription"] == subscription && event["params"]?["seq"] == .int(seq + 1 + Int64(offset)))
    }
  }

  @Test func onlyTheTopicsAskedForArrive() async throws {
    let watcher = try await fixture.watch(["score"])
    _ = try await startGather()
    _ = try await fixture.addPlayers("Carla")
    _ = try await fixture.result("score.goal", ["team": "teamA"])
    #expect(await watcher.nextChange() == "score:goal", "the gather and the new player were not sent")
  }

  @Test func badTopicsAreRefused() async throws {
    let refusals: [(JSONObject, String)] = [
      (["topics": ["goals"]], "topics"), (["topics": ["score", "Tick"]], "topics"), (["topics": []], "topics"),
      (["topics": "score"], "topics"), (["topics": [1]], "topics"), (["filter": "score"], "filter"),
      (["topics": ["score"], "since": 3], "since"),
    ]
    for (params, field) in refusals {
      #expect(try await fixture.error("events.subscribe", params) == .invalidParams(field), "\(params)")
    }
    #expect(try await fixture.result("daemon.status")["subscriptions"] == 0)
  }

  @Test func anUnsubscribedSubscriptionHearsNothingMore() async throws {
    let watcher = try await fixture.connect(.statusSocket)
    let score = try #require(
      try await fixture.result("events.subscribe", ["topics": ["score"]], as: watcher)["subscription"])
    let players = try await fixture.result("events.subscribe", ["topics": ["players"]], as: watcher)["subscription"]
    #expect(
      try await fixture.result("events.unsubscribe", ["subscription": score], as: watcher)
        == .object(["unsubscribed": score]))
    _ = try await startGather()
    _ = try await fixture.result("score.goal", ["team": "teamA"])
    _ = try await fixture.addPlayers("Carla")
    let event = try #require(await watcher.nextEvent())
    #expect(event["method"] == "players" && event["params"]?["subscription"] == players, "the goal was not sent")
    #expect(try await fixture.result("daemon.status")["subscriptions"] == 1)
    let again = try await fixture.error("events.unsubscribe", ["subscription": score], as: watcher)
    #expect(again == .notFound("subscription_not_found"), "a subscription is closed once")
  }

  @Test func aConnectionClosesOnlyItsOwnSubscriptions() async throws {
    let owner = try await fixture.watch(["players"])
    let owned = try #require(
      try await fixture.result("events.subscribe", ["topics": ["score"]], as: owner)["subscription"])
    let stranger = try await fixture.connect(.statusSocket)
    let refusal = try await fixture.error("events.unsubscribe", ["subscription": owned], as: stranger)
    #expect(refusal == .notFound("subscription_not_found"))
    #expect(
      try await fixture.error("events.unsubscribe", ["subscription": 999], as: owner)
        == .notFound("subscription_not_found"))
    #expect(try await fixture.error("events.unsubscribe", as: owner) == .invalidParams("subscription"))
    let asText = JSONValue.string(String(try #require(owned.intValue)))
    let named = try await fixture.error("events.unsubscribe", ["subscription": asText], as: owner)
    #expect(named == .invalidParams("subscription"), "an id is a number")
    let all = try await fixture.error("events.unsubscribe", ["subscription": owned, "all": true], as: owner)
    #expect(all == .invalidParams("all"))
    _ = try await startGather()
    _ = try await fixture.result("score.goal", ["team": "teamA"])
    let event = try #require(await owner.nextEvent())
    #expect(event["method"] == "score" && event["params"]?["subscription"] == owned, "still subscribed")
  }

  @Test func twoSubscriptionsOfOneConnectionEachGetTheEvent() async throws {
    let watcher = try await fixture.connect(.web)
    var subscriptions: Set<JSONValue> = []
    for _ in 0..<2 {
      subscriptions.insert(
        try #require(try await fixture.result("events.subscribe", ["topics": ["players"]], as: watcher)["subscription"])
      )
    }
    _ = try await fixture.addPlayers("Carla")
    var seen: Set<JSONValue> = []
    for _ in 0..<2 { seen.insert(try #require(await watcher.nextEvent()?["params"]?["subscription"])) }
    #expect(seen == subscriptions && subscriptions.count == 2)
  }

  @Test func ticksCarryTheClocksEnd() async throws {
    _ = try await startGather()
    let watcher = try await fixture.watch(["tick"])
    let timer = try await fixture.result("timer.start")
    // To the second's very end, so that the tick and the test read the same clock.
    await fixture.advance(by: .milliseconds(1000))
    let tick = try #require(await watcher.nextEvent())
    #expect(tick["method"] == "tick" && tick["params"]?["state"] == "running" && tick["params"]?["display"] == "09:59")
    #expect(tick["params"]?["endsAt"] == timer["endsAt"] && tick["params"]?["remainingMs"] == 599_000)
    #expect(tick["params"]?["period"] == 1 && tick["params"]?["added"] == .null)
  }

  @Test func aConnectionHoldsAtMostSixtyFourSubscriptions() async throws {
    let watcher = try await fixture.connect(.statusSocket)
    var last: JSONValue = .null
    for _ in 0..<64 {
      last = try await fixture.result("events.subscribe", ["topics": ["plan"]], as: watcher)["subscription"] ?? .null
    }
    let refusal = try await fixture.error("events.subscribe", as: watcher)
    #expect(refusal == .wrongState("too_many_subscriptions"))
    #expect(try await fixture.result("daemon.status")["subscriptions"] == 64)
    let another = try await fixture.connect(.statusSocket)
    _ = try await fixture.result("events.subscribe", as: another)
    #expect(try await fixture.result("daemon.status")["subscriptions"] == 65, "the limit is per connection")
    _ = try await fixture.result("events.unsubscribe", ["subscription": last], as: watcher)
    _ = try await fixture.result("events.subscribe", ["topics": ["score"]], as: watcher)
    #expect(try await fixture.result("daemon.status")["subscriptions"] == 65, "a closed one makes room for another")
  }
}
