import GatherModel

/// Man-of-the-match votes: opened when a gather ends, a vote cast in a turn (the model checks it, the store
/// counts it apart from who voted), and what anyone may know of a vote: who may still vote, never whom anyone
/// chose; the outcome once it closed.
extension GatherSession {
  /// The vote of `record`, a gather about to end at `record.endedAt`: closing as ``voteWindow`` says in the
  /// server's time zone, with a new link code; nil when fewer than two players played.
  func opening(_ record: GatherRecord) -> ManOfTheMatchVote? {
    ManOfTheMatchVote.opening(
      record, closesAt: voteWindow.closesAt(endedAt: record.endedAt, utcOffset: localOffset), code: SignUpCode.make())
  }

  /// Keeps a vote the store has just opened with its gather's end, times its close and publishes it.
  func opened(_ vote: ManOfTheMatchVote) {
    state.keep(vote)
    rearmVoteTimer()
    logger.info(
      "Opened the man-of-the-match vote of gather \(vote.gather.id) for \(vote.candidates.count) players.",
      metadata: ["gather_id": "\(vote.gather.id)"])
    hub.publish(.vote(VoteChange(.opened, status(vote, outcome: nil))))
  }

  /// `voter` votes for `choice` in gather `id`'s open vote. The log and the event say that someone voted, never
  /// who chose whom.
  func castVote(gather id: Int64, voter: Player.ID, choice: Player.ID) throws -> VoteStatus {
    guard var vote = state.openVote(id) else { throw try noOpenVote(id) }
    try vote.cast(by: voter, for: choice, at: wallClock())
    try commit { try store.castVote(gather: id, voter: voter, choice: choice) }
    state.keep(vote)
    logger.info(
      "A vote for the man of the match of gather \(id): \(vote.voted.count) of \(vote.candidates.count) have voted.",
      metadata: ["gather_id": "\(id)"])
    let cast = status(vote, outcome: nil)
    hub.publish(.vote(VoteChange(.cast, cast)))
    return cast
  }

  /// The vote of gather `id`: open, from the committed view; closed, from the store. Runs beside the session.
  func voteStatus(of id: Int64) throws -> VoteStatus {
    if let vote = view.state.openVote(id) { return status(vote, outcome: nil) }
    guard let stored = try store.vote(of: id) else { throw try noOpenVote(id) }
    return status(stored.vote, outcome: stored.outcome)
  }

  /// The code of gather `id`'s vote link, open or closed (a closed vote's link tells how it ended).
  func voteCode(of id: Int64) throws -> String {
    let state = view.state
    if let vote = state.openVote(id) { return vote.code }
    if let code = state.closedVoteCodes[id] { return code }
    throw try noOpenVote(id)
  }

  /// What anyone may know of `vote`, with its outcome once closed and the server's offset from UTC at its close.
  func status(_ vote: ManOfTheMatchVote, outcome: ManOfTheMatch?) -> VoteStatus {
    let offset = localOffset(Int64(vote.closesAt.timeIntervalSince1970.rounded(.down)))
    return VoteStatus(vote: vote, outcome: outcome, utcOffset: offset)
  }

  /// Why gather `id` has no open vote: it closed (`gather`, -32602), the gather has none or is still played
  /// (`gather`), or there is no such gather.
  private func noOpenVote(_ id: Int64) throws -> GatherError {
    if view.state.active?.id == id {
      return .validation("gather", "Gather \(id) is still being played: its vote opens when it ends.")
    }
    if case .closed = try store.voteStanding(of: id) {
      return .validation("gather", "The vote for the man of the match of gather \(id) has closed.")
    }
    _ = try store.gather(id: id)
    return .validation("gather", "Gather \(id) has no man-of-the-match vote: it ended before gatherd kept them.")
  }
}
