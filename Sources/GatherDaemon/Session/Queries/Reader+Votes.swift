import GatherModel
import GatherStore

/// Man-of-the-match votes as queries read them: open ones from the committed view, closed ones from the store.
extension Reader {
  /// The vote of gather `id`: open, from the committed view; closed, from the store.
  func voteStatus(of id: Int64) throws -> VoteStatus {
    if let vote = state.openVote(id) { return settings.status(of: vote, outcome: nil) }
    guard let stored = try store.vote(of: id) else {
      throw try VotesPart.noOpenVote(id, active: state.active?.id, store: store)
    }
    return settings.status(of: stored.vote, outcome: stored.outcome)
  }

  /// The code of gather `id`'s vote link, open or closed (a closed vote's link tells how it ended).
  func voteCode(of id: Int64) throws -> String {
    if let vote = state.openVote(id) { return vote.code }
    if let code = state.closedVoteCodes[id] { return code }
    throw try VotesPart.noOpenVote(id, active: state.active?.id, store: store)
  }
}

extension VotesPart {
  /// Why gather `id` has no open vote: it closed (`gather`, -32602), the gather has none or is still played (the
  /// `active` one), or there is no such gather.
  static func noOpenVote(_ id: Int64, active: Int64?, store: any GatherStoreReading) throws -> GatherError {
    if active == id {
      return .validation("gather", "Gather \(id) is still being played: its vote opens when it ends.")
    }
    if case .closed = try store.voteStanding(of: id) {
      return .validation("gather", "The vote for the man of the match of gather \(id) has closed.")
    }
    _ = try store.gather(id: id)
    return .validation("gather", "Gather \(id) has no man-of-the-match vote: it ended before gatherd kept them.")
  }
}

extension SessionSettings {
  /// What anyone may know of `vote`, with its outcome once closed and the server's offset from UTC at its close.
  func status(of vote: ManOfTheMatchVote, outcome: ManOfTheMatch?) -> VoteStatus {
    let offset = localOffset(Int64(vote.closesAt.timeIntervalSince1970.rounded(.down)))
    return VoteStatus(vote: vote, outcome: outcome, utcOffset: offset)
  }
}
