import Clocks
import Foundation
import GatherModel
import GatherStore
import NIOPosix
import Testing

@testable import GatherDaemon

/// A year of a weekly game (Thursdays at 19:00, opening six days before, reminders 48 and 3 hours before) in zones
/// read from the time zone database, on a test clock with the wall clock moving with it, the session restarted
/// every few steps: each week's plan opens once, at Friday 19:00 local time, starts at 19:00, reminds at 19:00
/// two days before and at 16:00, and expires once; no week repeats or is skipped across the clock changes.
@Suite(.timeLimit(.minutes(2))) struct SessionZoneYearTests {
  typealias Session = GatherSession
  static let january = Date(timeIntervalSince1970: 1_799_020_800)  // 2027-01-04T00:00:00Z, a Monday
  static let day: Int64 = 86400

  /// A session on `store` whose wall clock reads `from` at `clock`'s present and moves with it.
  static func session(
    _ store: GatherStore, _ clock: TestClock<Duration>, from: Date, zone: ZoneRule, times: PlanTimes
  ) async throws -> Session {
    let loops = MultiThreadedEventLoopGroup.singleton
    let origin = clock.now
    let session = try GatherSession(
      store: store, clock: clock, loop: loops.next(),
      wallClock: { from.addingTimeInterval(origin.duration(to: clock.now).inSeconds) },
      hub: EventHub(subscriberLoop: loops.next()), planTimes: times, zone: zone)
    try await session.perform { $0.start() }
    return session
  }

  @Test(arguments: ["Europe/Berlin", "Australia/Sydney", "America/Sao_Paulo", "America/New_York"])
  func aYearOfWeeklyGamesKeepsItsLocalTimes(zoneName: String) async throws {
    let file = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/\(zoneName)"))
    let zone = try #require(ZoneRule.tzif(Array(file)))
    let times = try PlanTimes(expiry: .seconds(6 * 3600), reminders: [.seconds(48 * 3600), .seconds(3 * 3600)])
    let (store, clock) = (try GatherStore.inMemory(), TestClock())
    var session = try await Self.session(store, clock, from: Self.january, zone: zone, times: times)
    _ = try await session.perform {
      try $0.createSchedule(
        ScheduleDetails(
          weekday: .thursday, time: TimeOfDay(hour: 19, minute: 0), capacity: 10, place: "Astro 2",
          opensBefore: .seconds(6 * Self.day)))
    }
    let end = Self.january.addingTimeInterval(Double(365 * Self.day))
    var opened: [Plan.ID: (at: Date, start: Date)] = [:]
    var reminders: [Plan.ID: [Date]] = [:]
    var closed: [Plan.ID: Date] = [:]
    var open: [Plan.ID: Plan] = [:]
    var step = 0
    while true {
      let (now, next) = try await session.perform {
        ($0.wallClock(), $0.state.nextAgendaMoment(now: $0.wallClock(), times: times, zone: zone))
      }
      guard let next, next < end else { break }
      // Past the moment by 2 ms: the alarm rounds its delay up to the millisecond from wall times read as Doubles.
      await clock.advance(by: .milliseconds(Int64((next.timeIntervalSince(now) * 1000).rounded(.up)) + 2))
      // The agenda's alarm rang: what was due at that moment is done, and the next moment is another.
      try await session.settleTurn(nudging: clock) { turn in
        turn.state.nextAgendaMoment(now: turn.wallClock(), times: times, zone: zone) != next
      }
      let wall = try await session.perform { $0.wallClock() }
      let plans = Dictionary(uniqueKeysWithValues: session.view.state.openPlans.map { ($0.id, $0) })
      for (id, plan) in plans where open[id] == nil {
        #expect(opened[id] == nil, "plan \(id) opens once")
        opened[id] = (wall, plan.details.startsAt)
      }
      for (id, plan) in plans {
        if let moment = plan.terms.remindedUntil, moment != open[id]?.terms.remindedUntil {
          reminders[id, default: []].append(moment)
        }
      }
      for id in open.keys where plans[id] == nil { closed[id] = wall }
      open = plans
      step += 1
      // Stopped and started again, as a restart does, every few steps: the next gatherd goes on from the store.
      if step % 5 == 0 {
        try await session.perform { $0.stop() }
        session = try await Self.session(store, clock, from: wall, zone: zone, times: times)
        #expect(session.view.state.openPlans.map(\.id).sorted() == open.keys.sorted(), "a restart changes nothing")
      }
    }
    let local = { (date: Date) in zone.wallSeconds(at: date) }
    let starts = opened.values.map(\.start).sorted()
    #expect(starts.count >= 51, "\(zoneName): a plan each week")
    #expect(Set(starts).count == starts.count, "\(zoneName): no week twice")
    for (earlier, later) in zip(starts, starts.dropFirst()) {
      #expect(local(later) - local(earlier) == 7 * Self.day, "\(zoneName): no week skipped after \(earlier)")
    }
    for (id, plan) in opened {
      let start = local(plan.start)
      #expect(start % Self.day == 19 * 3600 && Weekday(dayNumber: start / Self.day) == .thursday, "\(zoneName) \(id)")
      #expect(local(plan.at) == start - 6 * Self.day, "\(zoneName): plan \(id) opens on Friday at 19:00")
      if plan.start < end.addingTimeInterval(-Double(2 * Self.day)) {
        #expect(reminders[id]?.map(local) == [start - 2 * Self.day, start - 3 * 3600], "\(zoneName): plan \(id)")
      }
      if let closedAt = closed[id] {
        #expect(closedAt.timeIntervalSince(plan.start) >= 6 * 3600, "\(zoneName): plan \(id) expires after 6 h")
        #expect(try session.reader.plan(id).plan.status == .expired)
      }
    }
  }
}
