import FoundationEssentials

/// A plan's start as people write it: a date and time with its time zone, read and written back.
extension ISO8601 {
  /// "2026-12-03T19:00+01:00", "2026-12-03T18:00:00Z" or "2026-12-03T19:00:00.000+0100": seconds and a fraction
  /// optional (milliseconds kept); the zone `Z`, `±HH:MM`, `±HHMM` or `±HH`. The instant, and the zone's offset
  /// in seconds east of UTC. Throws ``Problem/form`` for anything else written, a time without a zone included,
  /// and ``Problem/impossible(_:)`` for a time that does not exist or falls outside 2000–2999, in its zone or
  /// in UTC.
  static func zonedDate(_ text: String) throws(Problem) -> (date: Date, utcOffset: Int) {
    guard let written = Written(text), written.zone != nil else { throw .form }
    return (try written.instant(), written.utcOffset)
  }

  /// The instant as the time it was in a zone `utcOffset` seconds east of UTC: "2026-12-03T19:00:00+01:00", with
  /// its milliseconds only if it has any ("2026-12-03T19:00:00.250+01:00"), so that it reads back the same.
  static func zonedString(_ date: Date, utcOffset: Int) -> String {
    let local = string(date.addingTimeInterval(Double(utcOffset)))
    let sign = utcOffset < 0 ? "-" : "+"
    let minutes = abs(utcOffset) / 60
    return local.prefix(local.hasSuffix(".000Z") ? 19 : 23) + sign + two(minutes / 60) + ":" + two(minutes % 60)
  }

  /// "+01:00": an offset of `utcOffset` seconds east of UTC, as times write it.
  static func offsetString(_ utcOffset: Int) -> String {
    let minutes = abs(utcOffset) / 60
    return (utcOffset < 0 ? "-" : "+") + two(minutes / 60) + ":" + two(minutes % 60)
  }

  /// An offset as a time's zone is written (`Z`, `±HH:MM`, `±HHMM` or `±HH`), in seconds east of UTC; nil for
  /// anything else.
  static func offset(parsing text: String) -> Int? {
    guard let written = Written("2000-01-01T00:00" + text), written.zone != nil else { return nil }
    return written.utcOffset
  }

  private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
