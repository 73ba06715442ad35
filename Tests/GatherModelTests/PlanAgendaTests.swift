import Foundation
import GatherModel
import Testing

/// What the plans and the schedules have due at a moment, and when the next thing falls due: the scheduler's
/// questions, answered with no clock but the arguments.
@Suite struct PlanAgendaTests {
  let at = WeekZones.at
  let times = PlanTimes.standard

  /// A Thursday schedule (opens 6 days before) that made the plan of the 21st, and that plan, open, made on
  /// the 15th.
  func gather() throws -> FootballGather {
    let schedule = try WeekZones.thursdays(
      madeAt: at("2027-01-01T10:00+00:00"), lastStart: at("2027-01-21T19:00+00:00"))
    let plan = Plan(
      id: 3,
      details: try PlanDetails(startsAt: at("2027-01-21T19:00+00:00"), capacity: 10, now: at("2027-01-15T19:00+00:00")),
      createdAt: at("2027-01-15T19:00+00:00"), terms: PlanTerms(schedule: 1))
    return FootballGather(plans: [plan], schedules: [schedule])
  }

  @Test func nothingIsDueWithoutPlansOrSchedulesAndNothingEverWillBe() {
    let empty = FootballGather()
    #expect(empty.dueAgenda(now: at("2027-01-18T10:00+00:00"), times: times, zone: .fixed(0)).isEmpty)
    #expect(empty.nextAgendaMoment(now: at("2027-01-18T10:00+00:00"), times: times, zone: .fixed(0)) == nil)
  }

  @Test func theNextMomentIsTheSoonestReminderOpeningOrExpiry() throws {
    let gather = try gather()
    let monday = at("2027-01-18T10:00+00:00")
    #expect(gather.dueAgenda(now: monday, times: times, zone: .fixed(0)).isEmpty)
    // The 48-hour reminder of the 21st comes first, then the 3-hour one, then the next week's opening (22nd).
    #expect(gather.nextAgendaMoment(now: monday, times: times, zone: .fixed(0)) == at("2027-01-19T19:00+00:00"))
    #expect(
      gather.dueAgenda(now: at("2027-01-19T19:00+00:00"), times: times, zone: .fixed(0))
        == [.remind(3, before: .seconds(48 * 3600), at: at("2027-01-19T19:00+00:00"))])
  }

  @Test func expiriesComeBeforeOpeningsAndOpeningsBeforeReminders() throws {
    var gather = try gather()
    let friday = at("2027-01-22T19:00+00:00")
    // The 21st's start passed by more than 6 hours, and the 28th's plan opens now.
    let due = gather.dueAgenda(now: friday, times: times, zone: .fixed(0))
    #expect(due == [.expire(3), .open(1, start: at("2027-01-28T19:00+00:00"), utcOffset: 0)])
    // Once the week is made, the next opening is a week on, and the expired plan's moments are gone.
    gather.keep(try gather.schedule(1).moved(to: at("2027-01-28T19:00+00:00")))
    var expired = try #require(gather.openPlan(3))
    try expired.expire()
    gather.keep(expired)
    #expect(gather.dueAgenda(now: friday, times: times, zone: .fixed(0)).isEmpty)
    #expect(gather.nextAgendaMoment(now: friday, times: times, zone: .fixed(0)) == at("2027-01-29T19:00+00:00"))
  }

  @Test func anExpiringPlanSendsNoReminder() throws {
    let late = PlanTimes.standard
    let gather = try gather()
    let due = gather.dueAgenda(now: at("2027-01-22T02:00+00:00"), times: late, zone: .fixed(0))
    #expect(due.contains(.expire(3)))
    #expect(!due.contains { if case .remind = $0 { true } else { false } })
  }
}
