import Foundation
import GatherModel
import Testing

/// Weekly schedules: which weeks a schedule makes a plan for, and when each opens, from the moments given as
/// arguments. 2027-01-18 is a Monday; Lisbon changes its clocks on 28 March and 31 October.
@Suite struct ScheduleTests {
  let at = WeekZones.at

  @Test func theFirstWeekIsTheFirstWhoseOpeningIsStillToCome() throws {
    let monday = at("2027-01-18T10:00+00:00")
    let sixDays = try WeekZones.thursdays(madeAt: monday)
    // This Thursday's plan would have opened last Friday: the organiser handles that week; next Thursday's opens
    // this Friday.
    let first = sixDays.nextStart(now: monday, zone: .fixed(0))
    #expect(first.date == at("2027-01-28T19:00+00:00"))
    #expect(sixDays.opening(of: first.date, zone: .fixed(0)) == at("2027-01-22T19:00+00:00"))
    let twoDays = try WeekZones.thursdays(opensBefore: .seconds(2 * 86400), madeAt: monday)
    #expect(twoDays.nextStart(now: monday, zone: .fixed(0)).date == at("2027-01-21T19:00+00:00"))
  }

  @Test func thisWeeksGameIsTheSoonestStartWhoseOpeningHasPassed() throws {
    let monday = at("2027-01-18T10:00+00:00")
    let sixDays = try WeekZones.thursdays(madeAt: monday)
    // Thursday's plan would have opened last Friday: it is this week's game, still to start.
    #expect(sixDays.thisWeek(now: monday, zone: .fixed(0))?.date == at("2027-01-21T19:00+00:00"))
    // Opening two days before, Thursday's is still to open: the schedule opens it by itself.
    let twoDays = try WeekZones.thursdays(opensBefore: .seconds(2 * 86400), madeAt: monday)
    #expect(twoDays.thisWeek(now: monday, zone: .fixed(0)) == nil)
    // After Thursday's start, the soonest is next week's, not yet open.
    #expect(sixDays.thisWeek(now: at("2027-01-21T20:00+00:00"), zone: .fixed(0)) == nil)
  }

  @Test func theWeekAfterTheLastOneMadeComesNextAndAWeekThatStartedIsPassedOver() throws {
    let made = try WeekZones.thursdays(madeAt: at("2027-01-01T10:00+00:00"), lastStart: at("2027-01-21T19:00+00:00"))
    #expect(made.nextStart(now: at("2027-01-20T10:00+00:00"), zone: .fixed(0)).date == at("2027-01-28T19:00+00:00"))
    // No gatherd ran from before the 28th's opening until after its start: that week is passed over.
    #expect(made.nextStart(now: at("2027-01-28T20:00+00:00"), zone: .fixed(0)).date == at("2027-02-04T19:00+00:00"))
  }

  @Test func theWallTimeStaysAcrossAClockChangeInTheServersZone() throws {
    let schedule = try WeekZones.thursdays(
      madeAt: at("2027-03-01T10:00+00:00"), lastStart: at("2027-03-25T19:00+00:00"))
    let next = schedule.nextStart(now: at("2027-03-26T10:00+00:00"), zone: WeekZones.lisbon)
    #expect(next.date == at("2027-04-01T19:00+01:00"))
    #expect(next.utcOffset == 3600)
    // The opening is counted back on the wall clock: six days before, at 19:00 as every week, across the change
    // (in real time it is six days and an hour before).
    #expect(schedule.opening(of: next.date, zone: WeekZones.lisbon) == at("2027-03-26T19:00+00:00"))
    // And with regulars a day first, everyone may join at 19:00 the next day.
    let regulars = try schedule.changed(
      by: ScheduleChanges(regulars: .some(try RegularsRule(headStart: .seconds(86400), played: 3, ofLast: 5))),
      now: at("2027-03-01T10:00+00:00"))
    #expect(regulars.openingToAll(of: next.date, zone: WeekZones.lisbon) == at("2027-03-27T19:00+00:00"))
    // A fixed offset ignores the server's clock changes.
    var fixed = schedule
    fixed = try fixed.changed(by: ScheduleChanges(utcOffset: .some(0)), now: at("2027-03-01T10:00+00:00"))
    #expect(
      fixed.nextStart(now: at("2027-03-26T10:00+00:00"), zone: WeekZones.lisbon).date == at("2027-04-01T19:00+00:00"))
    // And back in autumn.
    let autumn = try WeekZones.thursdays(madeAt: at("2027-10-01T10:00+00:00"), lastStart: at("2027-10-28T19:00+01:00"))
    let winter = autumn.nextStart(now: at("2027-10-29T10:00+00:00"), zone: WeekZones.lisbon)
    #expect(winter.date == at("2027-11-04T19:00+00:00") && winter.utcOffset == 0)
  }

  @Test func aTimeTheClockChangeSkipsStillFallsOnItsDay() throws {
    let details = try ScheduleDetails(
      weekday: .sunday, time: TimeOfDay(parsing: "01:30"), capacity: 10, opensBefore: .seconds(86400))
    let schedule = PlanSchedule(id: 1, details: details, createdAt: at("2027-03-20T10:00+00:00"))
    let next = schedule.nextStart(now: at("2027-03-21T10:00+00:00"), zone: WeekZones.lisbon)
    // 01:30 does not exist in Lisbon on 28 March 2027: it reads 01:30 or 02:30 that Sunday, never another day.
    let wall = next.date.addingTimeInterval(Double(next.utcOffset))
    #expect([at("2027-03-28T01:30+00:00"), at("2027-03-28T02:30+00:00")].contains(wall))
  }

  @Test func aChangeShapesTheWeeksFromThenOnAndNeverRemakesTheOneMade() throws {
    let monday = at("2027-01-18T10:00+00:00")
    let made = try WeekZones.thursdays(madeAt: at("2027-01-01T10:00+00:00"), lastStart: at("2027-01-21T19:00+00:00"))
    let fridays = try made.changed(by: ScheduleChanges(weekday: .friday, capacity: 12), now: monday)
    #expect(fridays.details.capacity == 12 && fridays.changedAt == monday)
    // This week's Friday would have opened on Saturday: the plan made for Thursday stays this week's.
    #expect(fridays.nextStart(now: monday, zone: .fixed(0)).date == at("2027-01-29T19:00+00:00"))
    let sooner = try made.changed(by: ScheduleChanges(time: TimeOfDay(parsing: "18:00")), now: monday)
    #expect(sooner.nextStart(now: monday, zone: .fixed(0)).date == at("2027-01-28T18:00+00:00"))
    // Two days' notice: this Thursday's plan opened on Tuesday; moved to 21:00 that evening, the schedule makes no
    // second plan this week.
    let tuesday = at("2027-01-19T20:00+00:00")
    let twoDays = try WeekZones.thursdays(
      opensBefore: .seconds(2 * 86400), madeAt: at("2027-01-01T10:00+00:00"), lastStart: at("2027-01-21T19:00+00:00"))
    let later = try twoDays.changed(by: ScheduleChanges(time: TimeOfDay(parsing: "21:00")), now: tuesday)
    #expect(later.nextStart(now: tuesday, zone: .fixed(0)).date == at("2027-01-28T21:00+00:00"))
    // Moved to Tuesdays: next week's Tuesday is next week's game.
    let tuesdays = try made.changed(by: ScheduleChanges(weekday: .tuesday), now: at("2027-01-20T10:00+00:00"))
    #expect(tuesdays.nextStart(now: at("2027-01-20T10:00+00:00"), zone: .fixed(0)).date == at("2027-01-26T19:00+00:00"))
  }

  @Test func aWeeksPlanTakesTheSchedulesDetailsAndTerms() throws {
    let rule = try RegularsRule(headStart: .seconds(86400), played: 3, ofLast: 5)
    let schedule = try WeekZones.thursdays(
      madeAt: at("2027-01-01T10:00+00:00"), regulars: rule, reminders: [.seconds(3600)])
    let start = (date: at("2027-01-21T19:00+00:00"), utcOffset: 0)
    let (details, terms) = try schedule.plan(for: start, now: at("2027-01-15T19:00+00:00"), zone: .fixed(0))
    #expect(details.startsAt == start.date && details.capacity == 10 && details.place == "Astro 2")
    #expect(terms.schedule == 1 && terms.regulars == rule && terms.reminders == [.seconds(3600)])
    #expect(terms.opensToAllAt == at("2027-01-16T19:00+00:00"))
  }

  @Test func badSchedulesAreRefusedNamingTheirField() throws {
    let time = try TimeOfDay(hour: 19, minute: 0)
    let field = { (body: () throws -> Void) -> String? in
      do {
        try body()
        return nil
      } catch { return (error as? GatherError)?.field ?? "not a GatherError" }
    }
    #expect(field { _ = try TimeOfDay(parsing: "25:00") } == "time")
    #expect(field { _ = try TimeOfDay(parsing: "19:60") } == "time")
    #expect(field { _ = try TimeOfDay(parsing: "19:00:00") } == "time")
    #expect(field { _ = try TimeOfDay(parsing: "7pm") } == "time")
    #expect(try TimeOfDay(parsing: "7:05").description == "07:05")
    #expect(field { _ = try Weekday(parsing: "thorsday") } == "weekday")
    #expect(try Weekday(parsing: "THU") == .thursday && Weekday(parsing: "Sunday") == .sunday)
    let make = { (capacity: Int, opensBefore: Int64, headStart: Int64?) throws(GatherError) in
      _ = try ScheduleDetails(
        weekday: .thursday, time: time, capacity: capacity, opensBefore: .seconds(opensBefore),
        regulars: try headStart.map { seconds throws(GatherError) in try RegularsRule(headStart: .seconds(seconds)) })
    }
    #expect(field { try make(1, 86400, nil) } == "capacity")
    #expect(field { try make(41, 86400, nil) } == "capacity")
    #expect(field { try make(10, 0, nil) } == "opensBefore")
    #expect(field { try make(10, 30 * 86400, nil) } == "opensBefore")
    // Opening to everyone after the start.
    #expect(field { try make(10, 86400, 86400) } == "regularsFirst")
    #expect(field { try make(10, 86400, 3600) } == nil)
    #expect(field { _ = try RegularsRule(headStart: .seconds(3600), played: 6, ofLast: 5) } == "regularsPlayed")
    #expect(field { _ = try RegularsRule(headStart: .seconds(3600), played: 1, ofLast: 21) } == "regularsOfLast")
    #expect(field { _ = try RegularsRule(headStart: .seconds(3600), played: 2) } == "regularsOfLast")
    #expect(field { _ = try PlanTimes.checkReminders([.seconds(10)], field: "reminders") } == "reminders")
    #expect(
      field { _ = try PlanTimes.checkReminders([.seconds(3600), .seconds(3600)], field: "reminders") } == "reminders")
    #expect(
      try PlanTimes.checkReminders([.seconds(3600), .seconds(7200)], field: "r") == [.seconds(7200), .seconds(3600)])
  }
}
