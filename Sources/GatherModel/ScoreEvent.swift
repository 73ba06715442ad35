import struct FoundationEssentials.Date

/// One entry of a gather's goal log: a goal, or a correction that set the score outright.
public struct ScoreEvent: Sendable, Hashable, Encodable {
  /// What kind of change the entry records.
  public enum Kind: String, Sendable, Hashable, Codable {
    case goal, correction
  }

  /// A goal or a correction.
  public var kind: Kind
  /// The side that scored; nil for corrections.
  public var team: Team?
  /// The scorer's id, when the goal names one and the player still exists.
  public var scorerID: Player.ID?
  /// The scorer's name when the goal was scored.
  public var scorerName: String?
  /// How far into its period the change happened: the clock's elapsed time, in milliseconds.
  public var matchTimeMs: Int64
  /// The period it happened in, from 1.
  public var period: Int
  /// How many periods the match had, for naming the period ("2nd half").
  public var periods: Int
  /// The regular length of each period of the match, in milliseconds, for the minute.
  public var periodLengthMs: Int64
  /// The score after this change.
  public var score: Score
  /// The wall-clock time of the change.
  public var recordedAt: Date

  /// Creates a log entry.
  public init(
    kind: Kind, team: Team?, scorerID: Player.ID?, scorerName: String?, matchTimeMs: Int64, score: Score,
    recordedAt: Date, period: Int = 1, periods: Int = 1, periodLengthMs: Int64 = 600_000
  ) {
    self.period = period
    self.periods = periods
    self.periodLengthMs = periodLengthMs
    self.kind = kind
    self.team = team
    self.scorerID = scorerID
    self.scorerName = scorerName
    self.matchTimeMs = matchTimeMs
    self.score = score
    self.recordedAt = recordedAt
  }

  /// The match minute as football writes it, "28'" or "45+2'": from the time into the period, the period and
  /// the periods' regular length (``MatchMinute``).
  public var minute: MatchMinute {
    MatchMinute(matchTimeMs: matchTimeMs, period: period, periodLengthMs: periodLengthMs)
  }
}
