import struct FoundationEssentials.Date

/// The outcome of a closed man-of-the-match vote: the player or players with the most votes (a tie is shared), how
/// many votes each of them had, how many voted and how many could. Only these totals are ever told.
public struct ManOfTheMatch: Sendable, Hashable {
  /// The gather.
  public var gatherID: Int64
  /// Who won, by name; all of those tied for the most votes, none when nobody voted.
  public var winners: [ManOfTheMatchVote.Candidate]
  /// The votes each winner had; 0 when nobody voted.
  public var votes: Int
  /// How many players voted.
  public var voters: Int
  /// How many players could vote: those who played.
  public var eligible: Int
  /// When the vote closed.
  public var closedAt: Date

  /// An outcome as the store keeps it.
  public init(
    gatherID: Int64, winners: [ManOfTheMatchVote.Candidate], votes: Int, voters: Int, eligible: Int, closedAt: Date
  ) {
    self.gatherID = gatherID
    self.winners = winners
    self.votes = votes
    self.voters = voters
    self.eligible = eligible
    self.closedAt = closedAt
  }

  /// The outcome of `vote`, from the votes each candidate received (`tallies`, by player; candidates missing
  /// there had none) and the number who voted: the most-voted candidates, by name, all of them on a tie.
  public static func counting(
    _ tallies: [Player.ID: Int], voters: Int, of vote: ManOfTheMatchVote, closedAt: Date
  ) -> ManOfTheMatch {
    let most = vote.candidates.map { tallies[$0.player] ?? 0 }.max() ?? 0
    let winners = most == 0 ? [] : vote.candidates.filter { tallies[$0.player] == most }
    return ManOfTheMatch(
      gatherID: vote.gather.id, winners: winners, votes: most, voters: voters,
      eligible: vote.candidates.count, closedAt: closedAt)
  }
}

/// Where a gather's man-of-the-match vote stands, as history and the report tell it.
public enum ManOfTheMatchStanding: Sendable, Hashable {
  /// Votes are taken until `closesAt`; `voted` of `eligible` have voted.
  case open(closesAt: Date, voted: Int, eligible: Int)
  /// The vote closed with this outcome.
  case closed(ManOfTheMatch)

  /// The standing of an open vote.
  public init(_ vote: ManOfTheMatchVote) {
    self = .open(closesAt: vote.closesAt, voted: vote.voted.count, eligible: vote.candidates.count)
  }
}
