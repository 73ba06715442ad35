/// The minute of a match as football writes it: "28'", or "45+2'" in a period's added time.
///
/// The match's minutes run on across its periods: period k starts at the sum of the earlier periods' regular
/// lengths, whatever happened in them (added time, or a period ended early), just as a second half always
/// starts at 45:00. A moment m:ss into the match is in minute m + 1, so the first minute is 1'. A moment in a
/// period's added time is that period's last minute plus the started minute of added time: 1:10 into the
/// first half's added time of a 2 × 45 match is 45+2'.
public struct MatchMinute: Sendable, Hashable, CustomStringConvertible {
  /// The minute of regular time: the period's last minute when in added time.
  public let minute: Int
  /// The started minute of added time, from 1; nil in regular time.
  public let addedMinute: Int?

  /// The minute of a moment `matchTime` into `period` (from 1) of a match whose periods last `periodLength`.
  ///
  /// `matchTime` is the time into the period, added time included: past `periodLength` the moment is in
  /// added time. A moment exactly at the end of the period (a goal noted once its time ran out, with nothing
  /// added) counts in the period's last minute.
  public init(matchTime: Duration, period: Int, periodLength: Duration) {
    let length = max(periodLength, .zero)
    let start = length * max(period - 1, 0)
    // The period's last minute: 45' for a half of 45:00, 8' for a period that ends at 7:30.
    let lastMinute = max(1, Self.startedMinutes(start + length))
    if matchTime > length {
      minute = lastMinute
      addedMinute = max(1, Self.startedMinutes(matchTime - length))
    } else {
      minute = min(Self.wholeMinutes(start + max(matchTime, .zero)) + 1, lastMinute)
      addedMinute = nil
    }
  }

  /// The minute of a moment given in milliseconds, as the goal log keeps it.
  public init(matchTimeMs: Int64, period: Int, periodLengthMs: Int64) {
    self.init(matchTime: .milliseconds(matchTimeMs), period: period, periodLength: .milliseconds(periodLengthMs))
  }

  /// "28'" or "45+2'".
  public var description: String { addedMinute.map { "\(minute)+\($0)'" } ?? "\(minute)'" }

  /// Whole minutes in `duration`, rounded down.
  private static func wholeMinutes(_ duration: Duration) -> Int { Int(duration.components.seconds / 60) }

  /// Minutes begun in `duration`: rounded up, so that 1:10 is 2 and 2:00 is 2.
  private static func startedMinutes(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds / 60) + (seconds % 60 > 0 || attoseconds > 0 ? 1 : 0)
  }
}
