/// How a player keeps their word: of the plans that were not cancelled, those they joined, those they
/// played (they were checked in as there, or in the gather the plan started), those they were going to and did
/// not come to (checked in as not there, and not in the gather either), and those they left within 24 hours of
/// the start.
public struct Attendance: Sendable, Hashable {
  /// How close to the start leaving counts as late: 24 hours, in seconds.
  public static let lateLeaveWindow: Int64 = 24 * 3600

  /// Plans the player said "I'm in" to, at some point.
  public var joined: Int
  /// Plans the player was there for: checked in, or in the plan's gather (on any side, or the bench).
  public var played: Int
  /// Plans the player was going to at the check-in, and did not come to.
  public var noShows: Int
  /// Plans the player left, and did not join again, less than 24 hours before the start.
  public var leftLate: Int
  /// Plans the player dropped out of after the plan's cut-off while going, and did not join again (late drop-outs,
  /// recorded as they happened: Plan+Strikes.swift).
  public var lateDropOuts: Int
  /// Strikes (late drop-outs and no-shows) that count now, whatever the period of the stats: those of the last
  /// days gatherd's strikes setting looks back over (60 by default).
  public var strikes: Int
  /// Whether those strikes make the player wait for a plan's opening to everyone (gatherd's strikes setting).
  public var heldBack: Bool

  /// Creates a record.
  public init(
    joined: Int = 0, played: Int = 0, noShows: Int = 0, leftLate: Int = 0, lateDropOuts: Int = 0, strikes: Int = 0,
    heldBack: Bool = false
  ) {
    self.joined = joined
    self.played = played
    self.noShows = noShows
    self.leftLate = leftLate
    self.lateDropOuts = lateDropOuts
    self.strikes = strikes
    self.heldBack = heldBack
  }
}
