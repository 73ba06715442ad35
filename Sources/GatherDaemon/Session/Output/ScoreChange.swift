import GatherModel

/// A change of the live score: what was recorded (or taken back) and the score it left.
public struct ScoreChange: Sendable, Equatable {
  /// What changed the score.
  public enum Kind: Sendable, Equatable {
    /// A goal was scored.
    case goal
    /// The score was set outright.
    case correction
    /// The last goal or correction was taken back.
    case undo
  }

  /// What changed the score.
  public var kind: Kind
  /// The score now.
  public var score: Score
  /// The goal or correction recorded; for an undo, the one taken back.
  public var entry: ScoreEvent
  /// The gather it happened in, just after it.
  public var gather: GatherMoment
}
