import FoundationEssentials
import GatherModel
import GatherStore

/// Closing man-of-the-match votes at their time: one alarm on the injected clock for the soonest open vote, set
/// again after every change of the open votes. Nothing polls: with no vote open there is no timer. A vote whose
/// time came while no gatherd ran closes when the session starts.
extension Turn {
  /// Closes every open vote whose time has come by the wall clock, as of that time, and publishes each outcome;
  /// then times the next. A close the disk cannot take is tried again 30 s later. Call it in a turn.
  mutating func closeDueVotes() {
    let wallNow = wallClock()
    var failed = false
    for vote in state.openVotes where !vote.isOpen(at: wallNow) {
      do {
        let outcome = try environment.commit { try store.closeVote(vote, at: vote.closesAt) }
        state.closeVote(vote.gather.id, outcome: outcome)
        logger.info(
          "Closed the man-of-the-match vote of gather \(vote.gather.id): \(outcome.voters) of \(outcome.eligible) voted.",
          metadata: ["gather_id": "\(vote.gather.id)"])
        hub.publish(.vote(VoteChange(.closed, settings.status(of: vote, outcome: outcome))))
      } catch {
        failed = true
        if !(error is StorageUnavailable) {
          logger.error("Could not close the man-of-the-match vote of gather \(vote.gather.id): \(error)")
        }
      }
    }
    rearmVoteTimer(retrying: failed)
  }

  /// Sets the alarm for the soonest open vote's close, replacing any earlier one; none while no vote is open. It
  /// rings on the session's loop. Call it in a turn.
  mutating func rearmVoteTimer(retrying: Bool = false) {
    votes.closing.cancel()
    guard !alarmsStopped, let next = state.openVotes.first?.closesAt else { return }
    let (alarms, owner) = (environment.alarms, environment.owner)
    votes.closing.set(
      atWall: next, wallNow: wallClock(), atLeast: retrying ? .seconds(30) : .zero, on: alarms.sessionLoop,
      clock: alarms
    ) { generation in
      owner.current?.voteCloseRang(generation)
    }
  }
}

extension GatherSession {
  /// On the session's loop: closes what is due, unless a later change has set the alarm again.
  func voteCloseRang(_ generation: Int) {
    turns.withLock { turn in
      guard turn.votes.closing.isCurrent(generation), !turn.alarmsStopped else { return }
      turn.votes.closing.rang()
      turn.closeDueVotes()
      turn.endTurn()
    }
  }
}
