import FoundationEssentials
import GatherMQTT
import GatherModel
import GatherRPC
import Testing

@testable import GatherDaemon

/// Plans on MQTT: sign-ups and plan changes become `PREFIX/plan` messages with the places left, and the
/// retained state carries the soonest open plan, so Home Assistant can tell the group "2 places left".
@Suite(.timeLimit(.minutes(1))) struct MQTTPlanMessagesTests {
  let fixture: SessionFixture
  var session: SessionFixture.Session { fixture.session }
  var topics: MQTTTopics { MQTTTopics(MQTTPublishingTests.configuration()) }

  init() async throws {
    fixture = try await SessionFixture()
    _ = try await fixture.perform { try $0.createPlayer(PlayerDetails(name: "Carla")) }
  }

  /// Makes an open plan a week from the fixture's wall clock, at "Astro 2".
  func createPlan(capacity: Int) async throws -> Int64 {
    let start = try ISO8601.zonedDate(PlansPartTests.nextWeek)
    let plan = try await session.perform {
      try $0.createPlan(
        startsAt: start.date, utcOffset: start.utcOffset, capacity: capacity, place: "Astro 2", note: nil)
    }
    return plan.plan.id
  }

  /// The payloads of the next batch's messages on `PREFIX/plan`.
  func nextPlanMessages() async throws -> [JSONValue] {
    guard let batch = await fixture.sink.nextBatch() else { throw CancellationError() }
    return try batch.compactMap { _, event in
      MQTTEventMessages.message(for: event, topics: topics, run: MQTTEventID(startedAt: Date(timeIntervalSince1970: 1)))
    }
    .filter { $0.topic == "gatherd/main/plan" }.map { try JSONParser.parse($0.payload) }
  }

  @Test func aLeaveThatMovesSomeoneUpIsLeftThenPromotedWithThePlacesLeft() async throws {
    try await fixture.subscribe()
    let plan = try await createPlan(capacity: 2)
    let created = try await nextPlanMessages()
    #expect(created.map { $0["event_type"] } == ["created"])
    #expect(created.first?["places_left"] == 2 && created.first?["place"] == "Astro 2")
    for player: Int64 in [1, 2, 3] {
      _ = try await session.perform { try $0.joinPlan(plan, player: player) }
      let joined = try #require(try await nextPlanMessages().first)
      #expect(joined["event_type"] == "joined" && joined["plan"] == .int(plan))
    }
    _ = try await session.perform { try $0.leavePlan(plan, player: 1) }
    let moves = try await nextPlanMessages()
    #expect(moves.map { $0["event_type"] } == ["left", "promoted"])
    #expect(moves.map { $0["player"] } == ["Ana", "Carla"])
    #expect(moves.last?["going"] == 2 && moves.last?["waiting"] == 0 && moves.last?["places_left"] == 0)
  }

  @Test func aRemindersHoursBeforeIsWholeOrTwoDecimalsAndUnderAnHourItIsInMinutes() async throws {
    let snapshot = try session.reader.plan(try await createPlan(capacity: 10))
    let before = { (seconds: Int64, key: String) in
      MQTTEventMessages.planMessage(PlanEvent(.reminder, snapshot, before: .seconds(seconds)), seq: 1)[key]
    }
    #expect(
      before(3 * 3600, "hours_before") == 3 && before(5400, "hours_before") == .double(1.5)
        && before(4000, "hours_before") == .double(1.11))
    #expect(before(2700, "hours_before") == .null && before(2700, "minutes_before") == 45)
    #expect(before(60, "minutes_before") == 1 && before(3 * 3600, "minutes_before") == 180)
  }

  @Test func theStateNamesTheSoonestOpenPlanAndNullWithoutOne() async throws {
    #expect(session.view.mqttState()["nextPlan"] == .null)
    let plan = try await createPlan(capacity: 10)
    _ = try await session.perform { try $0.joinPlan(plan, player: 2) }
    let next = session.view.mqttState()["nextPlan"]
    #expect(next?["plan"] == .int(plan) && next?["going"] == 1 && next?["placesLeft"] == 9)
    #expect(next?["startsAt"] == "2027-01-22T18:00:00.000Z")
    _ = try await session.perform { try $0.cancelPlan(plan) }
    #expect(session.view.mqttState()["nextPlan"] == .null)
  }

  @Test func anOfferIsOfferedWithItsExpiryThenAcceptedOrDeclinedAndHomeAssistantAnnouncesEveryPlanEvent() async throws {
    #expect(Set(HomeAssistantDiscovery.planEventTypes) == Set(PlanEvent.Kind.allCases.map(\.rawValue)))
    let start = try ISO8601.zonedDate(PlansPartTests.nextWeek)
    // Two places, Ana and Bruno going, Carla and a guest waiting; freed places offered from 8 days before.
    let plan = try await session.perform { turn in
      let plan = try turn.createPlan(
        startsAt: start.date, utcOffset: start.utcOffset, capacity: 2, place: "Astro 2", note: nil,
        attendance: AttendanceChange(offerPeriod: .some(.seconds(8 * 86400))))
      _ = try turn.createPlayer(PlayerDetails(name: "Dani"))
      for player: Int64 in [1, 2, 3, 4] { _ = try turn.joinPlan(plan.plan.id, player: player) }
      return plan.plan.id
    }
    try await fixture.subscribe()
    // The fixture's wall clock stands at 08:00, in quiet hours: the offer goes out when the alarm says so.
    _ = try await session.perform { try $0.leavePlan(plan, player: 1) }
    #expect(try await nextPlanMessages().map { $0["event_type"] } == ["left"])
    let nine = Date(timeIntervalSince1970: 1_800_000_000 + 3600)
    try await session.perform { try $0.sendOffer(plan, to: 3, now: nine) }
    let offered = try #require(try await nextPlanMessages().first)
    #expect(offered["event_type"] == "offered" && offered["player"] == "Carla")
    #expect(offered["expires_at"] == "2027-01-15T11:00:00.000Z" && offered["places_left"] == 0)
    _ = try await session.perform { try $0.declineOffer(plan, player: 3) }
    let declined = try await nextPlanMessages()
    #expect(declined.map { $0["event_type"] } == ["declined"] && declined.first?["player"] == "Carla")
    #expect(declined.first?["expires_at"] == nil, "only an offer says until when")
    try await session.perform { try $0.sendOffer(plan, to: 4, now: nine) }
    #expect(try await nextPlanMessages().map { $0["player"] } == ["Dani"])
    _ = try await session.perform { try $0.acceptOffer(plan, player: 4) }
    let accepted = try await nextPlanMessages()
    #expect(accepted.map { $0["event_type"] } == ["accepted"] && accepted.first?["going"] == 2)
  }

  @Test func homeAssistantGetsTheSignUpEventAndThePlansSensors() throws {
    let messages = HomeAssistantDiscovery(MQTTPublishingTests.configuration()).messages()
    let configs = try messages.filter { !$0.payload.isEmpty }.map { try JSONParser.parse($0.payload) }
    let signUp = try #require(configs.first { $0["unique_id"] == "gatherd_main_plan_event" })
    #expect(signUp["state_topic"] == "gatherd/main/plan")
    #expect(signUp["event_types"]?.arrayValue?.count == HomeAssistantDiscovery.planEventTypes.count)
    let ids = Set(configs.compactMap { $0["unique_id"]?.stringValue })
    #expect(ids.isSuperset(of: ["gatherd_main_next_plan", "gatherd_main_places_left", "gatherd_main_going"]))
  }
}
