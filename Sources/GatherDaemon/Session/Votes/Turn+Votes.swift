import GatherModel

/// Man-of-the-match votes: opened when a gather ends, a vote cast in a turn (the model checks it, the store
/// counts it apart from who voted), and what anyone may know of a vote: who may still vote, never whom anyone
/// chose; the outcome once it closed.
extension Turn {
  /// The vote of `record`, a gather about to end at `record.endedAt`: closing as ``voteWindow`` says in the
  /// server's time zone, with a new link code; nil when fewer than two players played.
  mutating func opening(_ record: GatherRecord) -> ManOfTheMatchVote? {
    ManOfTheMatchVote.opening(
      record, closesAt: settings.voteWindow.closesAt(endedAt: record.endedAt, utcOffset: settings.localOffset),
      code: SignUpCode.make())
  }

  /// Keeps a vote the store has just opened with its gather's end, times its close and publishes it.
  mutating func opened(_ vote: ManOfTheMatchVote) {
    state.keep(vote)
    rearmVoteTimer()
    logger.info(
      "Opened the man-of-the-match vote of gather \(vote.gather.id) for \(vote.candidates.count) players.",
      metadata: ["gather_id": "\(vote.gather.id)"])
    hub.publish(.vote(VoteChange(.opened, settings.status(of: vote, outcome: nil))))
  }

  /// `voter` votes for `choice` in gather `id`'s open vote. The log and the event say that someone voted, never
  /// who chose whom.
  mutating func castVote(gather id: Int64, voter: Player.ID, choice: Player.ID) throws -> VoteStatus {
    guard var vote = state.openVote(id) else {
      throw try VotesPart.noOpenVote(id, active: state.active?.id, store: store)
    }
    try vote.cast(by: voter, for: choice, at: wallClock())
    try commit { try store.castVote(gather: id, voter: voter, choice: choice) }
    state.keep(vote)
    logger.info(
      "A vote for the man of the match of gather \(id): \(vote.voted.count) of \(vote.candidates.count) have voted.",
      metadata: ["gather_id": "\(id)"])
    let cast = settings.status(of: vote, outcome: nil)
    hub.publish(.vote(VoteChange(.cast, cast)))
    return cast
  }

}
