import struct FoundationEssentials.Date

/// When a man-of-the-match vote closes, counted from the end of its gather: the next day at a time of day in the
/// server's time zone (12:00 by default), or a fixed time after the end. gatherd's `--vote-closes` sets it.
public enum VoteWindow: Sendable, Hashable, CustomStringConvertible {
  /// The day after the gather ended, at this hour and minute of the local wall clock.
  case nextDay(hour: Int, minute: Int)
  /// This long after the gather ended.
  case after(Duration)

  /// The next day at 12:00.
  public static let standard = VoteWindow.nextDay(hour: 12, minute: 0)
  /// The longest a vote may stay open after its gather: a week.
  public static let longest = Duration.seconds(7 * 24 * 3600)

  /// `HH:MM` (the next day at that time) or a duration after the end: `90m`, `3h`, `2d` (1 minute to 7 days).
  public init(parsing text: String) throws(WindowError) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    if parts.count == 2, parts.allSatisfy({ $0.count == 2 }), let hour = Int(parts[0]), let minute = Int(parts[1]),
      (0...23).contains(hour), (0...59).contains(minute)
    {
      self = .nextDay(hour: hour, minute: minute)
      return
    }
    let units: [Character: Int64] = ["m": 60, "h": 3600, "d": 86_400]
    if let unit = text.last.flatMap({ units[$0] }), let count = Int64(text.dropLast()), count > 0,
      count <= VoteWindow.longest.components.seconds / unit
    {
      self = .after(.seconds(count * unit))
      return
    }
    throw WindowError(
      "neither a time of day HH:MM (the next day at that time, such as 12:00) nor a duration from 1m to 7d (such as "
        + "90m, 3h or 2d)")
  }

  /// The moment the vote of a gather that ended at `endedAt` closes; `utcOffset` gives the server's offset from
  /// UTC in force at a moment (seconds since 1970), which decides what "the next day at 12:00" is there. A wall
  /// time a clock change skips or repeats takes one of the two offsets around it.
  public func closesAt(endedAt: Date, utcOffset: (Int64) -> Int) -> Date {
    switch self {
    case .after(let duration):
      return endedAt.addingTimeInterval(Double(duration.components.seconds))
    case .nextDay(let hour, let minute):
      let ended = Int64(endedAt.timeIntervalSince1970.rounded(.down))
      let wall = ended + Int64(utcOffset(ended))
      let day = wall >= 0 ? wall / 86_400 : (wall - 86_399) / 86_400
      let target = (day + 1) * 86_400 + Int64(hour * 3600 + minute * 60)
      var offset = utcOffset(target)
      for _ in 0..<2 {
        let found = utcOffset(target - Int64(offset))
        if found == offset { break }
        offset = found
      }
      return Date(timeIntervalSince1970: Double(target - Int64(offset)))
    }
  }

  /// "the next day at 12:00", "3h after the end".
  public var description: String {
    switch self {
    case .nextDay(let hour, let minute):
      "the next day at \(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
    case .after(let duration): "\(duration.components.seconds / 60) minutes after the end"
    }
  }

  /// A value that is not a window; says what is wanted.
  public struct WindowError: Error, CustomStringConvertible {
    /// What is wrong.
    public let description: String
    init(_ description: String) { self.description = description }
  }
}
