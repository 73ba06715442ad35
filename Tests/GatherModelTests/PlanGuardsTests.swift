import Foundation
import GatherModel
import Testing

/// The rules gatherd applies unless forced: a plan becomes a gather only from 12 hours before its start, no two
/// open plans start at the same moment, and no two weekly schedules share a day and a time.
@Suite struct PlanGuardsTests {
  static let now = Fixtures.kickOff

  /// An open plan `id` starting `hours` from now, written in UTC+1.
  static func plan(_ id: Plan.ID, hoursAhead hours: Double, place: String? = nil) throws -> Plan {
    let details = try PlanDetails(
      startsAt: now.addingTimeInterval(hours * 3600), utcOffset: 3600, capacity: 10, place: place, now: now)
    return Plan(id: id, details: details, createdAt: now)
  }

  @Test func aPlanIsDueFromTwelveHoursBeforeItsStart() throws {
    try Self.plan(1, hoursAhead: 12).requireDue(at: Self.now)
    #expect(throws: GatherError.planNotDue) { try Self.plan(1, hoursAhead: 12.01).requireDue(at: Self.now) }
  }

  @Test func theRefusalSaysWhenThePlanStartsAndAboutHowLongThatIs() throws {
    for (hours, wait) in [
      (13.0, "13 hours"), (47.6, "2 days"), (73.0, "3 days and 1 hour"), (80.0, "3 days and 8 hours"),
    ] {
      let plan = try Self.plan(7, hoursAhead: hours)
      do {
        try plan.requireDue(at: Self.now)
        Issue.record("\(hours) h ahead was due")
      } catch {
        #expect(error.message.contains("Plan 7 starts "), "\(error)")
        #expect(error.message.contains(", in about \(wait); a gather from it now would close its sign-ups early"))
      }
    }
  }

  @Test func aSecondOpenPlanMayNotStartAtTheSameMoment() throws {
    let first = try Self.plan(1, hoursAhead: 50, place: "Astro 2")
    let gather = FootballGather(roster: try Fixtures.roster(), plans: [first, try Self.plan(2, hoursAhead: 60)])
    #expect(throws: GatherError.sameTime) { try gather.requireNoPlanStarting(at: first.details.startsAt) }
    // The plan being moved is not its own twin, and another moment is free.
    try gather.requireNoPlanStarting(at: first.details.startsAt, except: 1)
    try gather.requireNoPlanStarting(at: first.details.startsAt.addingTimeInterval(60))
    do {
      try gather.requireNoPlanStarting(at: first.details.startsAt, except: 2)
      Issue.record("plan 1's start was free")
    } catch {
      #expect(error.message.hasPrefix("Plan 1 starts then too ("))
      #expect(error.message.hasSuffix(", Astro 2); nothing was changed."))
    }
  }

  @Test func aSecondScheduleMayNotShareADayAndATime() throws {
    let thursday = try ScheduleDetails(
      weekday: .thursday, time: TimeOfDay(hour: 19, minute: 0), capacity: 10, place: "Astro 2",
      opensBefore: .seconds(6 * 86400))
    let gather = FootballGather(
      roster: try Fixtures.roster(), schedules: [PlanSchedule(id: 1, details: thursday, createdAt: Self.now)])
    let seven = try TimeOfDay(hour: 19, minute: 0)
    do {
      try gather.requireNoSchedule(on: .thursday, at: seven)
      Issue.record("Thursday 19:00 was free")
    } catch {
      #expect(error == .sameTime)
      #expect(error.message.hasPrefix("Schedule 1 plans a game then too (Thursdays at 19:00, Astro 2)"))
      #expect(error.message.hasSuffix("nothing was made."))
    }
    // The schedule being changed is not its own twin; another day or time is free.
    try gather.requireNoSchedule(on: .thursday, at: seven, except: 1)
    try gather.requireNoSchedule(on: .friday, at: seven)
    try gather.requireNoSchedule(on: .thursday, at: try TimeOfDay(hour: 20, minute: 0))
    #expect(throws: GatherError.sameTime) { try gather.requireNoSchedule(on: .thursday, at: seven, except: 2) }
  }
}
