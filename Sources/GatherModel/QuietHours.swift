import struct FoundationEssentials.Date

/// The hours of the night when no place is offered (by default 21:00 to 09:00 on the server's clock): an offer
/// made then goes out when they end, and the time a player has to answer one stops while they last.
public struct QuietHours: Sendable, Hashable, CustomStringConvertible {
  /// When they begin, in seconds into the day.
  let start: Int64
  /// When they end, in seconds into the day.
  let end: Int64

  /// From 21:00 to 09:00.
  public static let standard = QuietHours(checked: 21 * 3600, 9 * 3600)

  private init(checked start: Int64, _ end: Int64) {
    self.start = start
    self.end = end
  }

  /// Quiet hours from `start` to `end` (over midnight when `end` comes first); refused, naming `field`, when they
  /// are the same time.
  public init(start: TimeOfDay, end: TimeOfDay, field: String = "quiet-hours") throws(GatherError) {
    guard start != end else {
      throw .validation(field, "Quiet hours must end at another time than they begin; say off for none.")
    }
    self.init(checked: start.secondsIntoDay, end.secondsIntoDay)
  }

  /// Quiet hours as the setting writes them, "21:00-09:00"; refusals name `field`.
  public init(parsing text: String, field: String = "quiet-hours") throws(GatherError) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2 else {
      throw .validation(field, "\"\(text)\" is not two times of day; write them as 21:00-09:00, or off for none.")
    }
    try self.init(
      start: TimeOfDay(parsing: String(parts[0]), field: field),
      end: TimeOfDay(parsing: String(parts[1]), field: field),
      field: field)
  }

  /// "21:00-09:00", as the setting writes them.
  public var description: String { Self.text(start) + "-" + Self.text(end) }

  private static func text(_ seconds: Int64) -> String {
    let (hour, minute) = (seconds / 3600, seconds / 60 % 60)
    return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
  }

  /// Whether `date` falls in quiet hours on `zone`'s wall clock.
  public func contains(_ date: Date, zone: ZoneRule) -> Bool {
    let second = secondOfDay(date, zone: zone)
    let (from, to) = (start, end)
    return from < to ? (from <= second && second < to) : (second >= from || second < to)
  }

  /// The next moment, after `date`, whose wall-clock time is `time` seconds into the day.
  func next(_ time: Int64, after date: Date, zone: ZoneRule) -> Date {
    let wall = zone.wallSeconds(at: date)
    var day = wall >= 0 ? wall / 86400 : (wall - 86399) / 86400
    while true {
      let candidate = zone.instant(wallSeconds: day * 86400 + time).date
      if candidate > date { return candidate }
      day += 1
    }
  }

  /// When quiet hours are over, from `date`: `date` itself when it is not in them.
  public func over(from date: Date, zone: ZoneRule) -> Date {
    contains(date, zone: zone) ? next(end, after: date, zone: zone) : date
  }

  /// The moment a player has had `window` to answer, counted from `date` outside quiet hours.
  public func deadline(from date: Date, window: Duration, zone: ZoneRule) -> Date {
    var moment = over(from: date, zone: zone)
    var left = window.inSeconds
    // Each round crosses one night at most; a window never spans more than a few.
    for _ in 0..<64 {
      let quiet = next(start, after: moment, zone: zone)
      let awake = quiet.timeIntervalSince(moment)
      if left <= awake { return moment.addingTimeInterval(left) }
      left -= awake
      moment = over(from: quiet, zone: zone)
    }
    return moment.addingTimeInterval(left)
  }

  private func secondOfDay(_ date: Date, zone: ZoneRule) -> Int64 {
    let wall = zone.wallSeconds(at: date)
    return ((wall % 86400) + 86400) % 86400
  }
}
