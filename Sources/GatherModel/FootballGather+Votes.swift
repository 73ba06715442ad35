/// The man-of-the-match votes of the Football Gather: the open ones, and the codes of their links.
extension FootballGather {
  /// The open vote of gather `id`, if any.
  public func openVote(_ id: Int64) -> ManOfTheMatchVote? { votes[id] }

  /// The open votes, soonest to close first (ties by gather).
  public var openVotes: [ManOfTheMatchVote] {
    votes.values.sorted { ($0.closesAt, $0.gather.id) < ($1.closesAt, $1.gather.id) }
  }

  /// Keeps a vote the store has just opened, or a ballot it has just counted.
  public mutating func keep(_ vote: ManOfTheMatchVote) { votes[vote.gather.id] = vote }

  /// Lets go of a vote the store has just closed with `outcome`; its link's code is kept, to tell how it ended, and
  /// the outcome is the last one unless a vote that closed later is already kept.
  public mutating func closeVote(_ id: Int64, outcome: ManOfTheMatch) {
    guard let vote = votes.removeValue(forKey: id) else { return }
    closedVoteCodes[id] = vote.code
    if lastManOfTheMatch.map({ ($0.closedAt, $0.gatherID) < (outcome.closedAt, outcome.gatherID) }) ?? true {
      lastManOfTheMatch = outcome
    }
  }

  /// The open vote whose link's code is `code`, compared in constant time against every open vote's, as
  /// ``plan(withCode:)`` compares plans' codes.
  public func vote(withCode code: some Collection<UInt8>) -> ManOfTheMatchVote? {
    var found: ManOfTheMatchVote?
    for vote in votes.values where ConstantTime.equal(Array(vote.code.utf8), code) { found = vote }
    return found
  }

  /// The gather of the closed vote whose link's code is `code`, compared in constant time against every one.
  public func closedVote(withCode code: some Collection<UInt8>) -> Int64? {
    var found: Int64?
    for (gather, voteCode) in closedVoteCodes where ConstantTime.equal(Array(voteCode.utf8), code) { found = gather }
    return found
  }
}
