/// A day of the proleptic Gregorian calendar, with no time zone: for counting days from the server's today
/// ("next thursday", "tomorrow") and naming their weekdays.
struct CivilDate: Equatable, Comparable {
  var year: Int
  var month: Int
  var day: Int

  /// The weekdays as gatherctl takes them, Sunday first (index 0), each with the words that name it.
  static let weekdays: [[String]] = [
    ["sunday", "sun"], ["monday", "mon"], ["tuesday", "tue", "tues"], ["wednesday", "wed", "weds"],
    ["thursday", "thu", "thur", "thurs"], ["friday", "fri"], ["saturday", "sat"],
  ]

  init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day `days` after 1970-01-01 (Howard Hinnant's civil_from_days).
  init(days: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// "2026-12-03" as a date; nil for anything else (the calendar is checked by gatherd).
  init?(iso text: Substring) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
  var days: Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The day of the week, 0 for Sunday to 6 for Saturday.
  var weekday: Int { ((days + 4) % 7 + 7) % 7 }

  /// The day `count` days later.
  func adding(days count: Int) -> CivilDate { CivilDate(days: days + count) }

  /// "2026-12-03".
  var iso: String {
    func two(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }
    return "\(year)-\(two(month))-\(two(day))"
  }

  static func < (left: CivilDate, right: CivilDate) -> Bool { left.days < right.days }

  /// The weekday a word names ("thu", "Thursday"), 0 for Sunday; nil for any other word.
  static func weekday(named word: String) -> Int? {
    let lower = word.lowercased()
    return weekdays.firstIndex { $0.contains(lower) }
  }
}
