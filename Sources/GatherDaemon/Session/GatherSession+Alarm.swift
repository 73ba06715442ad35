import GatherModel
import NIOCore

/// The match clock's alarm: an event-loop timer for the clock's next tick.
///
/// In the daemon the alarm is set on the loop that serves the subscribers. When it rings while the session is
/// between turns, that loop takes the tick's turn itself and then writes the tick to every subscriber, so a
/// tick wakes one thread and its writes start with no hand-over between threads. (Woken by another thread,
/// the writing loop is preempted by the first subscriber it wakes, which then waits for the rest of the
/// writes: see "Fan-out" in docs/performance.md.) A tick whose turn could write to the database — the clock finishes, a
/// period or a break ends, or a save is owed — or that finds a turn in progress takes its turn on the
/// session's loop, as every command does, so no commit ever runs on the subscribers' loop.
extension GatherSession {
  /// Sets the alarm for the clock's next tick, replacing any earlier one; none when the clock is not running.
  /// In the daemon it is an event-loop timer, so no thread wakes while no clock runs; on another clock (a test
  /// clock) a task sleeps on that clock and then rings on the session's loop. Call it in a turn.
  func rearmClock() {
    alarm?.cancel()
    alarm = nil
    guard !alarmStopped.load(ordering: .acquiring), let next = state.active?.clock.nextTick else { return }
    alarmGeneration += 1
    let generation = alarmGeneration
    // Weak: the alarm must not keep the session alive (see `deinit`).
    if timeline.clock is EventLoopClock {
      let delay = max(next - timeline.now, .zero)
      let task = hub.subscribers.loop.scheduleTask(in: .nanoseconds(delay.inNanoseconds)) { [weak self] in
        self?.alarmRangBesideSubscribers(generation)
      }
      alarm = (generation, { @Sendable in task.cancel() })
    } else {
      let ring: @Sendable () -> Void = { [weak self] in self?.alarmRangOnSessionLoop(generation) }
      let task = Task { [timeline, loop] in
        do { try await timeline.sleep(until: next) } catch { return }
        loop.execute(ring)
      }
      alarm = (generation, { @Sendable in task.cancel() })
    }
  }

  /// On the subscribers' loop: takes the tick's turn here if the session is free and the turn only ticks;
  /// otherwise hands it to the session's loop.
  private func alarmRangBesideSubscribers(_ generation: Int) {
    guard !alarmStopped.load(ordering: .acquiring) else { return }
    let tookTurn = turns.withLockIfAvailable { _ -> Bool in
      // A command replaced the alarm meanwhile: the tick is its business now.
      guard alarm?.generation == generation else { return true }
      let at = now
      guard !clockSaveOwed, onlyTicksDue(at: at) else { return false }
      ring(at: at)
      return true
    }
    if tookTurn != true { loop.execute { [weak self] in self?.alarmRangOnSessionLoop(generation) } }
  }

  /// On the session's loop: takes the tick's turn, waiting for the one in progress, if any.
  private func alarmRangOnSessionLoop(_ generation: Int) {
    turns.withLock { _ in
      guard alarm?.generation == generation else { return }
      ring(at: now)
    }
  }

  /// The alarm's turn: announces what is due by `at`, sets the next alarm and publishes. Call it in a turn
  /// (the fuzz target rings the alarm with it, as the daemon's timer would).
  func ring(at moment: Duration) {
    // The clock is as the alarm found it when it was set: its next tick is the moment the alarm was due.
    if let due = state.active?.clock.nextTick { SessionMetrics.record(moment - due, in: metrics.tickLateness) }
    alarm = nil
    fireDueTicks(at: moment)
    rearmClock()
    endTurn()
  }

  /// Whether the clock, advanced to `at`, announces nothing but ticks, which write nothing to the database.
  private func onlyTicksDue(at moment: Duration) -> Bool {
    guard var clock = state.active?.clock else { return true }
    return clock.advance(to: moment).allSatisfy { event in
      switch event {
      case .tick, .breakTick: true
      case .finished, .periodEnded, .breakEnded: false
      }
    }
  }
}
