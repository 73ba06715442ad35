import Clocks
import Foundation
import GatherModel
import GatherRPC
import GatherStore
import NIOCore
import NIOPosix
import Testing

@testable import GatherDaemon

/// The plans' scheduler on a test clock: a week's plan opens by itself at its opening, a plan expires once its
/// start is long past, reminders go out before it, a restart catches up, and with nothing due there is no alarm.
/// The wall clock moves with the test clock, from Monday 2027-01-18 10:00 UTC.
@Suite(.timeLimit(.minutes(1))) struct PlansPartAgendaTests {
  typealias Session = GatherSession
  static let monday = Date(timeIntervalSince1970: 1_800_266_400)  // 2027-01-18T10:00:00Z
  static let hour: Double = 3600

  let clock = TestClock()
  let store: GatherStore
  let session: Session
  let sink = RecordingSink()

  init() async throws {
    store = try .inMemory()
    session = try await Self.session(store: store, clock: clock, from: Self.monday)
  }

  /// A session whose wall clock reads `from` when `clock` is at its present, and moves with it.
  static func session(
    store: GatherStore, clock: TestClock<Duration>, from: Date, times: PlanTimes = .standard
  ) async throws -> Session {
    let loops = MultiThreadedEventLoopGroup.singleton
    let origin = clock.now
    let session = try GatherSession(
      store: store, clock: clock, loop: loops.next(),
      wallClock: { from.addingTimeInterval(origin.duration(to: clock.now).inSeconds) },
      hub: EventHub(subscriberLoop: loops.next()), planTimes: times, zone: .fixed(0))
    try await session.perform { $0.start() }
    return session
  }

  func subscribe() async throws { try await Self.subscribe(sink, to: session) }

  /// Has `sink` receive `session`'s `plan` events from now on.
  static func subscribe(_ sink: RecordingSink, to session: Session) async throws {
    try await session.hub.subscribers.loop.submit {
      session.hub.subscribers.add(session.hub.newSubscriptionID(), topics: [.plan], after: session.view.seq, sink: sink)
    }.get()
  }

  /// The next `plan` events, as "change" (or "change:before" for a reminder, in hours).
  func nextPlanEvents() async throws -> [String] { try await Self.nextPlanEvents(of: sink) }

  /// The next `plan` events `sink` receives, as ``nextPlanEvents()`` reads them.
  static func nextPlanEvents(of sink: RecordingSink) async throws -> [String] {
    let batch = try #require(await sink.nextBatch())
    return try batch.map { subscription, event in
      var line: [UInt8] = []
      event.line.write(for: subscription, into: &line)
      let params = try #require(try JSONParser.parse(Array(line.dropLast()))["params"])
      let change = params["change"]?.stringValue ?? "?"
      return params["before"]?.intValue.map { "\(change):\($0 / 3600)h" } ?? change
    }
  }

  /// Moves the clocks on (and a millisecond more), then lets whatever the alarm handed to the session's loop run.
  /// The alarm's task may reach its sleep only after the clock moved: a test clock lets a sleep whose deadline
  /// is past return at once, but holds one whose deadline is exactly now until the clock moves again.
  func advance(hours: Double) async throws {
    await clock.advance(by: .milliseconds(Int64(hours * Self.hour * 1000) + 1))
    try await session.perform { _ in }
  }

  func thursdays(opensBefore hours: Double, regulars: RegularsRule? = nil) throws -> ScheduleDetails {
    try ScheduleDetails(
      weekday: .thursday, time: TimeOfDay(hour: 19, minute: 0), utcOffset: 0, capacity: 10, place: "Astro 2",
      opensBefore: .seconds(Int64(hours * Self.hour)), regulars: regulars, reminders: [])
  }

  func plan(startingIn hours: Double) async throws -> Plan.ID {
    let start = Self.monday.addingTimeInterval(hours * Self.hour)
    return try await session.perform {
      try $0.createPlan(startsAt: start, utcOffset: 0, capacity: 2, place: nil, note: nil).plan.id
    }
  }

  @Test func withNothingDueThereIsNoAlarmAtAll() async throws {
    #expect(try await session.perform { !$0.plans.agenda.isSet })
    let id = try await plan(startingIn: 24)
    #expect(try await session.perform { $0.plans.agenda.isSet })
    _ = try await session.perform { try $0.cancelPlan(id) }
    #expect(try await session.perform { !$0.plans.agenda.isSet })
  }

  @Test func aWeeksPlanOpensByItselfAtItsOpeningAndNotBefore() async throws {
    let rule = try RegularsRule(headStart: .seconds(86400))
    let schedule = try await session.perform {
      try $0.createSchedule(self.thursdays(opensBefore: 6 * 24, regulars: rule))
    }
    // This Thursday's plan would have opened last Friday: the first is next Thursday's, opening on Friday 19:00.
    #expect(schedule.nextOpensAt == Self.monday.addingTimeInterval((4 * 24 + 9) * Self.hour))
    try await subscribe()
    try await advance(hours: 4 * 24 + 9 - 1.0 / 3600)
    #expect(session.view.state.openPlans.isEmpty)
    try await advance(hours: 1.0 / 3600)
    #expect(try await nextPlanEvents() == ["created"])
    let plan = try #require(session.view.state.openPlans.first)
    #expect(plan.details.startsAt == Self.monday.addingTimeInterval((10 * 24 + 9) * Self.hour))
    #expect(plan.details.place == "Astro 2" && plan.terms.schedule == schedule.schedule.id)
    #expect(plan.terms.opensToAllAt == Self.monday.addingTimeInterval((5 * 24 + 9) * Self.hour))
    // The schedule moved on to the week after.
    #expect(session.view.schedules.first?.next.date == Self.monday.addingTimeInterval((17 * 24 + 9) * Self.hour))
  }

  @Test func aPlanMadeByHandForTheWeeksStartIsThatWeeksGameAndNoSecondOpens() async throws {
    let byHand = try await plan(startingIn: 10 * 24 + 9)
    _ = try await session.perform { try $0.createSchedule(self.thursdays(opensBefore: 6 * 24)) }
    try await advance(hours: 4 * 24 + 9)
    let weekAfter = Self.monday.addingTimeInterval((17 * 24 + 9) * Self.hour)
    try await session.settle { $0.schedules.first?.next.date == weekAfter }
    #expect(session.view.state.openPlans.map(\.id) == [byHand])
    #expect(session.view.schedules.first?.next.date == weekAfter, "the schedule moved on to the week after")
  }

  @Test func aPlanLongPastItsStartExpiresAndTheNextGatherIsTheNextOne() async throws {
    let quiet = try await Self.session(
      store: .inMemory(), clock: clock, from: Self.monday, times: PlanTimes(expiry: .seconds(6 * 3600), reminders: []))
    let first = try await quiet.perform {
      try $0.createPlan(
        startsAt: Self.monday.addingTimeInterval(24 * Self.hour), utcOffset: 0, capacity: 2, place: nil, note: nil)
    }
    let second = try await quiet.perform {
      try $0.createPlan(
        startsAt: Self.monday.addingTimeInterval(48 * Self.hour), utcOffset: 0, capacity: 2, place: nil, note: nil)
    }
    await clock.advance(by: .seconds(30 * 3600 - 1))
    try await quiet.perform { _ in }
    #expect(quiet.view.state.openPlans.map(\.id) == [first.plan.id, second.plan.id])
    await clock.advance(by: .milliseconds(1001))
    try await quiet.settle { $0.state.openPlans.count == 1 }
    #expect(quiet.view.state.openPlans.map(\.id) == [second.plan.id])
    #expect(try quiet.reader.plan(first.plan.id).plan.status == .expired)
    await #expect(throws: GatherError.planExpired) {
      try await quiet.perform { try $0.joinPlan(first.plan.id, player: 1) }
    }
  }

  @Test func remindersGoOutFortyEightAndThreeHoursBeforeWithWhoIsGoing() async throws {
    let ana = try await session.perform { try $0.createPlayer(PlayerDetails(name: "Ana")) }
    let id = try await plan(startingIn: 72)
    _ = try await session.perform { try $0.joinPlan(id, player: ana.id) }
    try await subscribe()
    try await advance(hours: 24)
    #expect(try await nextPlanEvents() == ["reminder:48h"])
    try await advance(hours: 45)
    let batch = try #require(await sink.nextBatch())
    let params = try JSONParser.parse(
      Array(
        {
          var line: [UInt8] = []
          batch[0].event.line.write(for: batch[0].subscription, into: &line)
          return line.dropLast()
        }()))["params"]
    #expect(params?["change"] == "reminder" && params?["before"] == .int(10800))
    #expect(params?["plan"]?["going"]?.arrayValue?.first?["name"] == "Ana" && params?["plan"]?["placesLeft"] == .int(1))
  }

  @Test func aRestartCatchesUpWithWhatFellDueWhileNoGatherdRan() async throws {
    _ = try await session.perform { try $0.createSchedule(self.thursdays(opensBefore: 6 * 24)) }
    let tuesday = try await plan(startingIn: 24 + 9)
    try await session.perform { $0.stop() }
    // Back on Friday at 20:00: Tuesday's plan expired meanwhile, and next Thursday's should have opened at 19:00.
    let later = try await Self.session(
      store: store, clock: TestClock(), from: Self.monday.addingTimeInterval((4 * 24 + 10) * Self.hour))
    let open = later.view.state.openPlans
    #expect(
      open.count == 1 && open.first?.details.startsAt == Self.monday.addingTimeInterval((10 * 24 + 9) * Self.hour))
    #expect(try later.reader.plan(tuesday).plan.status == .expired)
    #expect(try await later.perform { $0.plans.agenda.isSet })
  }
}
