/// How a player keeps their word: of the plans that were not cancelled, those they joined, those they
/// played (they were in the gather the plan started), and those they left within 24 hours of the start.
public struct Attendance: Sendable, Hashable {
  /// How close to the start leaving counts as late: 24 hours, in seconds.
  public static let lateLeaveWindow: Int64 = 24 * 3600

  /// Plans the player said "I'm in" to, at some point.
  public var joined: Int
  /// Plans whose gather the player played in (on any side, or the bench).
  public var played: Int
  /// Plans the player left, and did not join again, less than 24 hours before the start.
  public var leftLate: Int

  /// Creates a record.
  public init(joined: Int = 0, played: Int = 0, leftLate: Int = 0) {
    self.joined = joined
    self.played = played
    self.leftLate = leftLate
  }
}
