import FoundationEssentials

/// The calendar's say on a date as written: real days, real times, and gatherd's years.
extension ISO8601 {
  /// The years gatherd takes, in the time's own zone and in UTC, so that every time it keeps is written back
  /// with four digits and reads again.
  static let years = 2000...2999

  fileprivate static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  /// Whether February has 29 days in `year` (Gregorian).
  static func isLeapYear(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

  /// The days of `month` (1–12) in `year`.
  static func days(in month: Int, of year: Int) -> Int {
    switch month {
    case 2: isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (the month and day in range).
  static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let marchYear = month <= 2 ? year - 1 : year
    let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
    let yearOfEra = marchYear - era * 400
    let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// Milliseconds from 1970 to the first moment of `year` in UTC.
  fileprivate static func startOfYear(_ year: Int) -> Int64 {
    Int64(daysSinceEpoch(year: year, month: 1, day: 1)) * 86_400_000
  }
}

extension ISO8601.Written {
  /// The moment it names (midnight UTC for a date alone): a real date and time, no leap second, in
  /// ``ISO8601/years`` both as written and in UTC. Throws ``ISO8601/Problem/impossible(_:)`` saying what is wrong.
  func instant() throws(ISO8601.Problem) -> Date {
    guard ISO8601.years.contains(year) else {
      throw .impossible("Years go from \(ISO8601.years.lowerBound) to \(ISO8601.years.upperBound).")
    }
    guard (1...12).contains(month) else { throw .impossible("Months go from 01 to 12.") }
    guard day >= 1 else { throw .impossible("Days start at 01.") }
    guard day <= ISO8601.days(in: month, of: year) else {
      throw .impossible(
        month == 2 && day == 29
          ? "\(year) is not a leap year: February has 28 days."
          : "There is no \(day) \(ISO8601.monthNames[month - 1]).")
    }
    guard hour <= 23 else { throw .impossible("Hours go up to 23.") }
    guard minute <= 59 else { throw .impossible("Minutes go up to 59.") }
    guard second <= 59 else { throw .impossible("Seconds go up to 59.") }
    let days = Int64(ISO8601.daysSinceEpoch(year: year, month: month, day: day))
    let local = ((days * 24 + Int64(hour)) * 60 + Int64(minute)) * 60 + Int64(second)
    let milliseconds = (local - Int64(utcOffset)) * 1000 + Int64(millisecond)
    let instant = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    guard
      (ISO8601.startOfYear(ISO8601.years.lowerBound)..<ISO8601.startOfYear(ISO8601.years.upperBound + 1))
        .contains(milliseconds)
    else {
      throw .impossible(
        "That is \(ISO8601.string(instant)) in UTC, and years go from \(ISO8601.years.lowerBound) to \(ISO8601.years.upperBound) in UTC too."
      )
    }
    return instant
  }
}
