import FoundationEssentials
import GatherModel

/// A man-of-the-match vote as it is told: the gather, who may vote and who has, when it closes and, once it has
/// closed, its outcome. Never what anyone chose.
public struct VoteStatus: Sendable {
  /// The vote: its gather, candidates, closing time and who has voted.
  public var vote: ManOfTheMatchVote
  /// The outcome, once it closed; nil while it is open.
  public var outcome: ManOfTheMatch?
  /// The server's offset from UTC, in seconds, when the vote closes: the close as the pitch's clock reads it.
  public var utcOffset: Int = 0
}

/// Something that happened to a man-of-the-match vote: it opened with its gather's end, someone voted, or it
/// closed with its outcome.
public struct VoteChange: Sendable {
  /// What happened.
  public enum Kind: String, Sendable, CaseIterable {
    case opened, cast, closed
  }

  /// What happened.
  public var kind: Kind
  /// The vote as it now is.
  public var status: VoteStatus

  /// A change of `status`'s vote.
  public init(_ kind: Kind, _ status: VoteStatus) {
    self.kind = kind
    self.status = status
  }
}
