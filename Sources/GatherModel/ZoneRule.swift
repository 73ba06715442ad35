import struct FoundationEssentials.Date

/// How a time zone reads instants: the offset from UTC in force at each one. A fixed offset ("+01:00"), or the
/// server's own zone with its clock changes, which the daemon reads from the C library; tests give a rule of their
/// own. Wall-clock times are counted as seconds since 1970 as if the wall clock were UTC ("wall seconds").
public struct ZoneRule: Sendable {
  /// The offset in force at an instant (seconds since 1970), in seconds east of UTC.
  public let offset: @Sendable (Int64) -> Int

  /// A zone whose offset at each instant `offset` gives.
  public init(offset: @escaping @Sendable (Int64) -> Int) { self.offset = offset }

  /// A zone that never changes its clocks: `seconds` east of UTC.
  public static func fixed(_ seconds: Int) -> ZoneRule { ZoneRule { _ in seconds } }

  /// The wall-clock time at `date`, in wall seconds.
  public func wallSeconds(at date: Date) -> Int64 {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    return seconds + Int64(offset(seconds))
  }

  /// The instant a wall-clock time names here, and the offset in force then. A wall time that a clock change
  /// skips or repeats takes one of the two offsets around it.
  public func instant(wallSeconds wall: Int64) -> (date: Date, utcOffset: Int) {
    var found = offset(wall)
    for _ in 0..<2 {
      let next = offset(wall - Int64(found))
      if next == found { break }
      found = next
    }
    return (Date(timeIntervalSince1970: Double(wall - Int64(found))), found)
  }

  /// The next instant after `after` that reads `time` on `weekday` here, with its offset: in a week with a clock
  /// change, the wall time stays (19:00 is 19:00 in summer and in winter).
  public func next(_ weekday: Weekday, at time: TimeOfDay, after: Date) -> (date: Date, utcOffset: Int) {
    let wall = wallSeconds(at: after)
    var day = wall >= 0 ? wall / 86400 : (wall - 86399) / 86400
    day += Int64((weekday.rawValue - Weekday(dayNumber: day).rawValue + 7) % 7)
    while true {
      let candidate = instant(wallSeconds: day * 86400 + time.secondsIntoDay)
      if candidate.date > after { return candidate }
      day += 7
    }
  }
}
