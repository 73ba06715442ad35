/// A wall-clock time of day to the minute, as a plan's schedule gives it: "19:00".
public struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// 0 to 23.
  public let hour: Int
  /// 0 to 59.
  public let minute: Int

  /// A time of day; the hour must be from 0 to 23 and the minute from 0 to 59 (validation error naming `field`).
  public init(hour: Int, minute: Int, field: String = "time") throws(GatherError) {
    guard (0...23).contains(hour) else {
      throw .validation(field, "Hours go from 00 to 23; \(hour) is not an hour of the day.")
    }
    guard (0...59).contains(minute) else {
      throw .validation(field, "Minutes go from 00 to 59; \(minute) is not a minute of the hour.")
    }
    self.hour = hour
    self.minute = minute
  }

  /// "19:00" or "7:05": one or two digits of hours, a colon, two of minutes; nothing else (no seconds, no zone).
  public init(parsing text: String, field: String = "time") throws(GatherError) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    let digits = { (part: Substring) in !part.isEmpty && part.utf8.allSatisfy { (0x30...0x39).contains($0) } }
    guard parts.count == 2, digits(parts[0]), digits(parts[1]), parts[0].count <= 2, parts[1].count == 2,
      let hour = Int(parts[0]), let minute = Int(parts[1])
    else {
      throw .validation(field, "\"\(text)\" is not a time of day; give hours and minutes, such as 19:00.")
    }
    try self.init(hour: hour, minute: minute, field: field)
  }

  /// Seconds since midnight.
  public var secondsIntoDay: Int64 { Int64(hour * 3600 + minute * 60) }

  /// "19:00".
  public var description: String { (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)" }

  /// Earlier in the day first.
  public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute) }
}
