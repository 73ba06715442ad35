import GatherModel
import NIOCore

/// The match clock's alarm: a ``SessionAlarm`` for the clock's next tick.
///
/// In the daemon the alarm is set on the loop that serves the subscribers. When it rings while the session is
/// between turns, that loop takes the tick's turn itself and then writes the tick to every subscriber, so a tick
/// wakes one thread and its writes start with no hand-over between threads. (Woken by another thread, the writing
/// loop is preempted by the first subscriber it wakes, which then waits for the rest of the writes: see "Fan-out"
/// in docs/performance.md.) A tick whose turn could write to the database — the clock finishes, a period or a
/// break ends, or a save is owed — or that finds a turn in progress takes its turn on the session's loop, as every
/// command does, so no commit ever runs on the subscribers' loop.
extension Turn {
  /// Sets the alarm for the clock's next tick, replacing any earlier one; none when the clock is not running.
  mutating func rearmClock() {
    match.alarm.cancel()
    guard !alarmsStopped, let next = state.active?.clock.nextTick else { return }
    let (alarms, owner) = (environment.alarms, environment.owner)
    if alarms.onEventLoops {
      match.alarm.set(at: next, on: alarms.subscribersLoop, clock: alarms) { generation in
        owner.current?.clockAlarmRangBesideSubscribers(generation)
      }
    } else {
      match.alarm.set(at: next, on: alarms.sessionLoop, clock: alarms) { generation in
        owner.current?.clockAlarmRangOnSessionLoop(generation)
      }
    }
  }

  /// The alarm's turn: announces what is due by `at`, sets the next alarm and publishes. Call it in a turn
  /// (the fuzz target rings the alarm with it, as the daemon's timer would).
  mutating func ring(at moment: Duration) {
    // The clock is as the alarm found it when it was set: its next tick is the moment the alarm was due.
    if let due = state.active?.clock.nextTick {
      SessionMetrics.record(moment - due, in: environment.metrics.tickLateness)
    }
    match.alarm.rang()
    fireDueTicks(at: moment)
    rearmClock()
  }

  /// Whether the clock, advanced to `at`, announces nothing but ticks, which write nothing to the database.
  func onlyTicksDue(at moment: Duration) -> Bool {
    guard var clock = state.active?.clock else { return true }
    return clock.advance(to: moment).allSatisfy { event in
      switch event {
      case .tick, .breakTick: true
      case .finished, .periodEnded, .breakEnded: false
      }
    }
  }
}

extension GatherSession {
  /// On the subscribers' loop: takes the tick's turn here if the session is free and the turn only ticks;
  /// otherwise hands it to the session's loop.
  func clockAlarmRangBesideSubscribers(_ generation: Int) {
    guard !environment.alarmsStopped.load(ordering: .acquiring) else { return }
    let tookTurn = turns.withLockIfAvailable { turn -> Bool in
      // A command replaced the alarm meanwhile: the tick is its business now.
      guard turn.match.alarm.isCurrent(generation) else { return true }
      let moment = turn.now
      guard !turn.match.clockSaveOwed, turn.onlyTicksDue(at: moment) else { return false }
      turn.ring(at: moment)
      turn.endTurn()
      return true
    }
    if tookTurn != true { loop.execute { [weak self] in self?.clockAlarmRangOnSessionLoop(generation) } }
  }

  /// On the session's loop: takes the tick's turn, waiting for the one in progress, if any.
  func clockAlarmRangOnSessionLoop(_ generation: Int) {
    turns.withLock { turn in
      guard turn.match.alarm.isCurrent(generation) else { return }
      turn.ring(at: turn.now)
      turn.endTurn()
    }
  }
}
