import Foundation
import GatherModel
import Testing

@testable import GatherStore

/// Weekly schedules, the plans they open with their terms, plans that expire, reminders sent, regulars and the
/// calendar's code, in a real database file: all of it comes back the same after a restart.
@Suite struct PlanScheduleStoreTests {
  static let now = StoreFixture.kickOff  // 2027-01-15T08:00:00Z, a Friday
  let fixture = try! StoreFixture()

  static func details(regulars: RegularsRule? = nil) throws -> ScheduleDetails {
    try ScheduleDetails(
      weekday: .thursday, time: TimeOfDay(hour: 19, minute: 0), utcOffset: 3600, capacity: 10, place: "Astro 2",
      note: "Bring both shirts", opensBefore: .seconds(6 * 86400), regulars: regulars,
      reminders: [.seconds(48 * 3600), .seconds(3600)])
  }

  func reload() throws -> FootballGather { try GatherStore.open(path: fixture.path).load(at: .zero, wallNow: Self.now) }

  @Test func aScheduleAndTheWeekItOpenedComeBackWithTheirTerms() throws {
    let rule = try RegularsRule(headStart: .seconds(86400), played: 3, ofLast: 5)
    let schedule = try fixture.store.createSchedule(try Self.details(regulars: rule), at: Self.now)
    let start = (date: Self.now.addingTimeInterval(6 * 86400 + 10 * 3600), utcOffset: 3600)
    let (details, terms) = try schedule.plan(for: start, now: Self.now, zone: .fixed(0))
    let moved = schedule.moved(to: start.date)
    let plan = try fixture.store.openScheduledPlan(
      details, terms: terms, signUpCode: "week-code", createdAt: Self.now, schedule: moved)
    var reminded = plan
    reminded.reminded(at: Self.now.addingTimeInterval(3600))
    try fixture.store.saveReminder(plan.id, until: Self.now.addingTimeInterval(3600))

    let state = try reload()
    #expect(state.schedules[schedule.id] == moved)
    #expect(state.schedules[schedule.id]?.details.reminders == [.seconds(48 * 3600), .seconds(3600)])
    let loaded = try #require(state.openPlan(plan.id))
    #expect(loaded == reminded)
    #expect(loaded.terms.schedule == schedule.id && loaded.terms.regulars == rule)
    #expect(loaded.terms.opensToAllAt == Self.now.addingTimeInterval(86400 + 10 * 3600))
  }

  @Test func aChangedScheduleIsKeptAndADeletedOneLeavesItsPlans() throws {
    let schedule = try fixture.store.createSchedule(try Self.details(), at: Self.now)
    let changed = try schedule.changed(
      by: ScheduleChanges(weekday: .friday, utcOffset: .some(nil), regulars: .some(nil), reminders: .some(nil)),
      now: Self.now.addingTimeInterval(60))
    try fixture.store.updateSchedule(changed)
    #expect(try reload().schedules[schedule.id] == changed)
    let start = (date: Self.now.addingTimeInterval(7 * 86400), utcOffset: 0)
    let (details, terms) = try changed.plan(for: start, now: Self.now, zone: .fixed(0))
    let plan = try fixture.store.openScheduledPlan(
      details, terms: terms, signUpCode: "c", createdAt: Self.now, schedule: changed.moved(to: start.date))
    try fixture.store.deleteSchedule(schedule.id)
    let state = try reload()
    #expect(state.schedules.isEmpty)
    #expect(state.openPlan(plan.id)?.terms.schedule == nil)
    #expect(throws: GatherError.scheduleNotFound) { try fixture.store.deleteSchedule(schedule.id) }
  }

  @Test func anExpiredPlanIsClosedAndItsCodeSaysSo() throws {
    let plan = try fixture.store.createPlan(
      PlanDetails(startsAt: Self.now.addingTimeInterval(3600), capacity: 10, now: Self.now), signUpCode: "old",
      createdAt: Self.now)
    try fixture.store.expirePlan(plan.id, at: Self.now.addingTimeInterval(8 * 3600))
    let state = try reload()
    #expect(state.openPlans.isEmpty)
    #expect(state.closedPlan(withCode: Array("old".utf8))?.status == .expired)
    #expect(try fixture.store.plan(plan.id)?.status == .expired)
    #expect(try fixture.store.planError(plan.id) == .planExpired)
    #expect(throws: GatherError.planExpired) { try fixture.store.expirePlan(plan.id, at: Self.now) }
  }

  @Test func regularsTheRecentLineupsAndTheCalendarsCodeComeBack() throws {
    let players = try fixture.createPlayers(["Ana", "Bruno", "Carla"])
    var ana = players[0]
    ana.details.regular = true
    try fixture.store.updatePlayer(ana)
    _ = try fixture.playGather(teamA: [players[0].id], teamB: [players[1].id], goals: [], endedAt: Self.now)
    _ = try fixture.playGather(
      teamA: [players[1].id], teamB: [players[2].id], goals: [], endedAt: Self.now.addingTimeInterval(86400))
    try fixture.store.saveCalendarCode("first", at: Self.now)
    try fixture.store.saveCalendarCode("second", at: Self.now)
    let state = try reload()
    #expect(state.roster[ana.id]?.details.regular == true && state.roster[players[1].id]?.details.regular == false)
    #expect(state.recentLineups == [[players[1].id, players[2].id], [players[0].id, players[1].id]])
    #expect(state.calendarCode == "second")
    #expect(state.isCalendarCode(Array("second".utf8)) && !state.isCalendarCode(Array("first".utf8)))
  }

  @Test func theCalendarShowsOpenPlansAndThoseClosedSinceAGivenDay() throws {
    let make = { (hours: Double) in
      try fixture.store.createPlan(
        PlanDetails(
          startsAt: Self.now.addingTimeInterval(hours * 3600), capacity: 10,
          now: Self.now.addingTimeInterval(-60 * 86400)),
        signUpCode: "c\(hours)", createdAt: Self.now)
    }
    let old = try make(-40 * 24)
    let recent = try make(-2 * 24)
    let open = try make(48)
    try fixture.store.cancelPlan(old.id, at: Self.now)
    try fixture.store.expirePlan(recent.id, at: Self.now)
    let shown = try fixture.store.calendarPlans(since: Self.now.addingTimeInterval(-28 * 86400))
    #expect(shown.map(\.id) == [recent.id, open.id])
    #expect(shown.map(\.status) == [.expired, .open])
  }
}
