import GatherModel

/// The active gather at one instant: its lineup, score and goals, its clock read at that instant, and the
/// roster that names its players.
public struct GatherSnapshot: Sendable {
  /// The gather.
  public var gather: ActiveGather
  /// The clock as it read at the instant of the snapshot.
  public var timer: TimerStatus
  /// The roster when the snapshot was taken: the players' names and positions.
  public var roster: [Player.ID: Player]
}

/// A gather that has just ended, as history keeps it, with the roster that names its players now.
public struct EndedGather: Sendable {
  /// The record filed in history.
  public var record: GatherRecord
  /// The roster, for the positions of the players still on it.
  public var roster: [Player.ID: Player]
  /// Where its man-of-the-match vote stands; nil for a gather without one.
  public var vote: ManOfTheMatchStanding? = nil
  /// The ledger lines its cost wrote when it ended (each payer's share, and the credit of whoever paid the pitch).
  public var charged: [FeeEntry] = []
}

/// A change of the active gather.
public enum GatherChange: Sendable {
  /// A gather started.
  case started(GatherSnapshot)
  /// A player was moved to a side, or brought in.
  case assigned(GatherSnapshot)
  /// A side was renamed.
  case renamed(GatherSnapshot)
  /// The gather ended and was filed in history.
  case ended(EndedGather)
  /// The gather was cancelled; it keeps no result.
  case cancelled(id: Int64)
  /// The last gather to end was made the active gather again, at full time: its result, ratings, vote and charges
  /// were taken back.
  case reopened(GatherSnapshot)
  /// An ended gather was deleted from history, its ratings and charges taken back.
  case deleted(id: Int64)

  /// The gather's id.
  public var gatherID: Int64 {
    switch self {
    case .started(let snapshot), .assigned(let snapshot), .renamed(let snapshot), .reopened(let snapshot):
      snapshot.gather.id
    case .ended(let ended): ended.record.id
    case .cancelled(let id), .deleted(let id): id
    }
  }
}
