import Clocks
import Foundation
import GatherModel
import GatherRPC
import GatherStore
import NIOCore
import NIOPosix
import Testing

@testable import GatherDaemon

/// Offered places on a test clock: within a plan's offer period a freed place goes out to the first waiting player
/// with a window to take it, quiet hours hold it back, one not taken passes on, and a restart keeps them all. The
/// wall clock moves with the test clock, from Monday 2027-01-18 10:00 UTC; the server's zone is UTC.
@Suite(.timeLimit(.minutes(1))) struct OffersPartTests {
  static let monday = PlansPartAgendaTests.monday
  static let hour = PlansPartAgendaTests.hour

  let clock = TestClock()
  let store: GatherStore
  let session: GatherSession
  let sink = RecordingSink()

  init() async throws {
    store = try .inMemory()
    session = try await PlansPartAgendaTests.session(store: store, clock: clock, from: Self.monday)
  }

  /// A plan for 2 starting `hours` from Monday 10:00, offering freed places from 3 days before; players 1 and 2
  /// going, 3 and 4 waiting.
  func fullPlan(startingIn hours: Double, on session: GatherSession? = nil) async throws -> Plan.ID {
    let session = session ?? self.session
    let start = Self.monday.addingTimeInterval(hours * Self.hour)
    return try await session.perform { turn in
      for name in ["Ana", "Bruno", "Carla", "Dani"] { _ = try turn.createPlayer(PlayerDetails(name: name)) }
      let plan = try turn.createPlan(
        startsAt: start, utcOffset: 0, capacity: 2, place: "Astro 2", note: nil,
        attendance: AttendanceChange(offerPeriod: .some(.seconds(3 * 86400))))
      for player in Int64(1)...4 { _ = try turn.joinPlan(plan.plan.id, player: player) }
      return plan.plan.id
    }
  }

  func subscribe(_ session: GatherSession? = nil) async throws {
    let (session, sink) = (session ?? self.session, sink)
    try await session.hub.subscribers.loop.submit {
      session.hub.subscribers.add(session.hub.newSubscriptionID(), topics: [.plan], after: session.view.seq, sink: sink)
    }.get()
  }

  /// The next `plan` events, as "change:player".
  func nextPlanEvents() async throws -> [String] {
    let batch = try #require(await sink.nextBatch())
    return try batch.map { subscription, event in
      var line: [UInt8] = []
      event.line.write(for: subscription, into: &line)
      let params = try #require(try JSONParser.parse(Array(line.dropLast()))["params"])
      return (params["change"]?.stringValue ?? "?") + (params["player"]?["id"]?.intValue.map { ":\($0)" } ?? "")
    }
  }

  func advance(hours: Double, on session: GatherSession? = nil) async throws {
    await clock.advance(by: .milliseconds(Int64(hours * Self.hour * 1000) + 1))
    try await (session ?? self.session).perform { _ in }
  }

  @Test func aFreedPlaceGoesOutToTheFirstWaitingAndPassesOnWhenNotTaken() async throws {
    let plan = try await fullPlan(startingIn: 30)
    try await subscribe()
    let left = try await session.perform { try $0.leavePlan(plan, player: 1) }
    #expect(left.change.offered == [3] && left.change.promoted.isEmpty)
    #expect(try await nextPlanEvents() == ["left:1", "offered:3"])
    let offer = try #require(session.view.state.openPlan(plan)?.offer(to: 3))
    #expect(offer.sentAt == Self.monday && offer.expiresAt == Self.monday.addingTimeInterval(2 * Self.hour))
    #expect(session.view.state.openPlan(plan)?.answer(of: 3) == .waiting)
    // Two hours on, not taken: it passes to Dani.
    try await advance(hours: 2)
    #expect(try await nextPlanEvents() == ["lapsed:3", "offered:4"])
    let taken = try await session.perform { try $0.acceptOffer(plan, player: 4) }
    #expect(taken.change.answer == .going)
    #expect(try await nextPlanEvents() == ["accepted:4"])
    #expect(session.view.state.openPlan(plan)?.going.map(\.player) == [2, 4])
    #expect(session.view.state.openPlan(plan)?.answer(of: 3) == .notGoing)
  }

  @Test func quietHoursHoldAnOfferUntilMorning() async throws {
    // A game on Wednesday at 20:00; Bruno leaves on Monday at 22:00.
    let plan = try await fullPlan(startingIn: 58)
    try await advance(hours: 12)
    try await subscribe()
    _ = try await session.perform { try $0.leavePlan(plan, player: 2) }
    #expect(try await nextPlanEvents() == ["left:2"])
    #expect(session.view.state.openPlan(plan)?.offer(to: 3)?.sentAt == nil)
    try await advance(hours: 11)
    #expect(try await nextPlanEvents() == ["offered:3"])
    let offer = try #require(session.view.state.openPlan(plan)?.offer(to: 3))
    // Sent when the alarm rang, at 09:00 (and the test clock's millisecond more).
    let sentAt = try #require(offer.sentAt)
    #expect(abs(sentAt.timeIntervalSince(Self.monday.addingTimeInterval(23 * Self.hour))) < 1)
    #expect(offer.expiresAt == sentAt.addingTimeInterval(2 * Self.hour), "more than a day before: 2 hours")
  }

  @Test func aDeclinedPlaceGoesOutAtOnceToTheNext() async throws {
    let plan = try await fullPlan(startingIn: 30)
    _ = try await session.perform { try $0.leavePlan(plan, player: 1) }
    try await subscribe()
    let declined = try await session.perform { try $0.declineOffer(plan, player: 3) }
    #expect(declined.change.offered == [4])
    #expect(declined.plan.plan.offer(to: 4)?.sentAt == Self.monday, "the reply shows it gone out")
    #expect(try await nextPlanEvents() == ["declined:3", "offered:4"])
  }

  @Test func offersLiveThroughARestartAndStillLapse() async throws {
    let plan = try await fullPlan(startingIn: 30)
    _ = try await session.perform { try $0.leavePlan(plan, player: 1) }
    try await session.perform { $0.stop() }
    let restarted = try await PlansPartAgendaTests.session(
      store: store, clock: clock, from: Self.monday)
    #expect(
      restarted.view.state.openPlan(plan)?.offer(to: 3)?.expiresAt == Self.monday.addingTimeInterval(2 * Self.hour))
    try await subscribe(restarted)
    try await advance(hours: 2, on: restarted)
    #expect(try await nextPlanEvents() == ["lapsed:3", "offered:4"])
  }

  @Test func beforeTheOfferPeriodThePlaceIsGivenAsEver() async throws {
    let plan = try await fullPlan(startingIn: 4 * 24)
    try await subscribe()
    let left = try await session.perform { try $0.leavePlan(plan, player: 1) }
    #expect(left.change.promoted == [3] && left.change.offered.isEmpty)
    #expect(try await nextPlanEvents() == ["left:1", "promoted:3"])
  }
}
