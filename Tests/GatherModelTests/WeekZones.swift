import Foundation
import GatherModel

/// Time zones and moments for the schedule tests, with no clock but the arguments they are given.
enum WeekZones {
  /// A moment written as "2027-01-21T19:00+00:00": a date, hours and minutes, and its offset.
  static func at(_ text: String) -> Date {
    let numbers = text.split { !$0.isNumber }.map { Int($0)! }
    let sign = text.dropFirst(16).first == "-" ? -1 : 1
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: sign * (numbers[5] * 3600 + numbers[6] * 60))!
    let parts = DateComponents(
      year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers[3], minute: numbers[4])
    return calendar.date(from: parts)!
  }

  /// Lisbon in 2027, as the tz database has it: UTC in winter, UTC+1 from 28 March 01:00 UTC to 31 October
  /// 01:00 UTC.
  static let lisbon = ZoneRule { seconds in
    let summer = Int64(at("2027-03-28T01:00+00:00").timeIntervalSince1970)
    let winter = Int64(at("2027-10-31T01:00+00:00").timeIntervalSince1970)
    return seconds >= summer && seconds < winter ? 3600 : 0
  }

  /// A Thursday 19:00 game whose plan opens `opensBefore` its start, made at `madeAt`.
  static func thursdays(
    opensBefore: Duration = .seconds(6 * 86400), madeAt: Date, lastStart: Date? = nil,
    regulars: RegularsRule? = nil, reminders: [Duration]? = nil
  ) throws -> PlanSchedule {
    let details = try ScheduleDetails(
      weekday: .thursday, time: TimeOfDay(hour: 19, minute: 0), capacity: 10, place: "Astro 2",
      opensBefore: opensBefore, regulars: regulars, reminders: reminders)
    return PlanSchedule(id: 1, details: details, createdAt: madeAt, lastStart: lastStart)
  }
}
