import FoundationEssentials
import GatherModel
import GatherStore

/// Closing man-of-the-match votes at their time: one timer on the injected clock for the soonest open vote, set
/// again after every change of the open votes. Nothing polls: with no vote open there is no timer. A vote whose
/// time came while no gatherd ran closes when the session starts.
extension GatherSession {
  /// Closes every open vote whose time has come by the wall clock, as of that time, and publishes each outcome;
  /// then times the next. A close the disk cannot take is tried again 30 s later. Call it in a turn.
  func closeDueVotes() {
    let wallNow = wallClock()
    var failed = false
    for vote in state.openVotes where !vote.isOpen(at: wallNow) {
      do {
        let outcome = try commit { try store.closeVote(vote, at: vote.closesAt) }
        state.closeVote(vote.gather.id, outcome: outcome)
        logger.info(
          "Closed the man-of-the-match vote of gather \(vote.gather.id): \(outcome.voters) of \(outcome.eligible) voted.",
          metadata: ["gather_id": "\(vote.gather.id)"])
        hub.publish(.vote(VoteChange(.closed, status(vote, outcome: outcome))))
      } catch {
        failed = true
        if !(error is StorageUnavailable) {
          logger.error("Could not close the man-of-the-match vote of gather \(vote.gather.id): \(error)")
        }
      }
    }
    rearmVoteTimer(retrying: failed)
  }

  /// Sets the timer for the soonest open vote's close, replacing any earlier one; none while no vote is open. In
  /// the daemon it is an event-loop timer on the session's loop; on another clock (a test clock) a task sleeps on
  /// that clock, then takes its turn on the session's loop. Call it in a turn.
  func rearmVoteTimer(retrying: Bool = false) {
    voteAlarm?()
    voteAlarm = nil
    guard !alarmStopped.load(ordering: .acquiring), let next = state.openVotes.first?.closesAt else { return }
    var delay = Duration.milliseconds(max(0, Int64((next.timeIntervalSince(wallClock()) * 1000).rounded(.up))))
    if retrying { delay = max(delay, .seconds(30)) }
    // Weak: the timer must not keep the session alive (see `deinit`).
    let ring: @Sendable () -> Void = { [weak self] in
      guard let self else { return }
      self.turns.withLock { _ in
        guard !self.alarmStopped.load(ordering: .acquiring) else { return }
        self.closeDueVotes()
        self.endTurn()
      }
    }
    if timeline.clock is EventLoopClock {
      let task = loop.scheduleTask(in: .nanoseconds(delay.inNanoseconds), ring)
      voteAlarm = { @Sendable in task.cancel() }
    } else {
      let deadline = now + delay
      let task = Task { [timeline, loop] in
        do { try await timeline.sleep(until: deadline) } catch { return }
        loop.execute(ring)
      }
      voteAlarm = { @Sendable in task.cancel() }
    }
  }
}
