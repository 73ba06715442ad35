import GatherModel

/// What the session does when the wall clock is stepped while it runs (``WallClockSteps``): the plans' and votes'
/// times are wall-clock times, waited for on the monotonic clock, so a step leaves their timers early or late by
/// its size. The match clock is monotonic and does not move, but the wall time it ends at does: a clock counting
/// down announces its new `endsAt`, so that whatever shows that time (MQTT's retained state, the scoreboard) shows
/// the truth at once rather than at the next change.
extension GatherSession {
  /// Takes a turn on the session's loop that catches up with the stepped wall clock (``Turn/wallClockStepped()``).
  /// Safe to call from any thread.
  public func wallClockStepped() {
    loop.execute { [weak self] in
      self?.take { turn in
        guard !turn.alarmsStopped else { return }
        turn.wallClockStepped()
      }
    }
  }
}

extension Turn {
  /// Does at once what fell due by the stepped wall clock (votes to close, plans to open or expire, reminders),
  /// sets those timers again for their new distance, and works the running clock's end out again on the wall clock,
  /// announcing it (``TimerChange/Kind/wallClockSet``) when the clock counts down.
  mutating func wallClockStepped() {
    fireDueTicks()
    match.endsAt = nil
    if let gather = state.active, timerStatus(of: gather).endsAt != nil {
      let change = TimerChange(kind: .wallClockSet, status: timerStatus(of: gather), gather: GatherMoment(gather))
      hub.publish(.timer(change))
    }
    closeDueVotes()
    runAgenda()
  }
}
