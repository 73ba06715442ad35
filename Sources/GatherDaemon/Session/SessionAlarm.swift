import FoundationEssentials
import GatherModel
import NIOCore

/// One of the session's alarms: the match clock's next tick, the soonest vote's close, the plans' next due moment.
///
/// Setting it replaces the alarm it had; each setting has a generation, so that an alarm that rings after it was
/// replaced (its timer had already fired) knows it is stale and does nothing. With no moment to wait for there is
/// no alarm at all, so an idle daemon has no timer.
///
/// ```swift
/// turn.votes.closing.set(at: deadline, on: alarms.sessionLoop, clock: alarms) { generation in … }
/// guard turn.votes.closing.isCurrent(generation) else { return }   // when it rings
/// ```
struct SessionAlarm: Sendable {
  private var armed: (generation: Int, cancel: @Sendable () -> Void)?
  private var generation = 0

  /// An alarm that is not set.
  init() {}

  /// Whether the alarm is set.
  var isSet: Bool { armed != nil }

  /// Whether `generation` is the alarm's present setting: an alarm that rings for another was replaced.
  func isCurrent(_ generation: Int) -> Bool { armed?.generation == generation }

  /// Sets the alarm for `deadline` on the session's monotonic timeline, replacing any earlier setting; `ring`
  /// runs on `loop` then, with this setting's generation.
  mutating func set(
    at deadline: Duration, on loop: any EventLoop, clock: AlarmClock,
    ring: @escaping @Sendable (_ generation: Int) -> Void
  ) {
    cancel()
    generation += 1
    let setting = generation
    armed = (setting, clock.schedule(deadline, loop) { ring(setting) })
  }

  /// Sets the alarm for a wall-clock moment: `moment − wall now` from now on the monotonic timeline, rounded up to
  /// the millisecond, and at least `atLeast`.
  mutating func set(
    atWall moment: Date, wallNow: Date, atLeast: Duration = .zero, on loop: any EventLoop, clock: AlarmClock,
    ring: @escaping @Sendable (_ generation: Int) -> Void
  ) {
    let delay = Duration.milliseconds(max(0, Int64((moment.timeIntervalSince(wallNow) * 1000).rounded(.up))))
    set(at: clock.now() + max(delay, atLeast), on: loop, clock: clock, ring: ring)
  }

  /// Cancels the alarm, if set.
  mutating func cancel() {
    armed?.cancel()
    armed = nil
  }

  /// Forgets the setting that has just rung, so that the alarm is not set until it is set again.
  mutating func rang() { armed = nil }
}

/// How a session's alarms wait: on an event loop's timer in the daemon (``EventLoopClock``: one thread wakes, and
/// only when due), or on any other injected clock (a test clock) through a task that sleeps on it and then rings on
/// the loop.
struct AlarmClock: Sendable {
  /// The present moment on the session's monotonic timeline.
  let now: @Sendable () -> Duration
  /// Whether alarms are event-loop timers, which may ring beside the subscribers (the daemon's clock).
  let onEventLoops: Bool
  /// The loop the session's commands run on.
  let sessionLoop: any EventLoop
  /// The loop that serves the connections and their subscriptions.
  let subscribersLoop: any EventLoop
  /// Runs `ring` on `loop` at `deadline`; returns what cancels it.
  let schedule:
    @Sendable (_ deadline: Duration, _ loop: any EventLoop, _ ring: @escaping @Sendable () -> Void) ->
      @Sendable () ->
      Void

  /// Alarms on `clock`, whose moment zero is its present.
  init<C: Clock>(_ clock: C, sessionLoop: any EventLoop, subscribersLoop: any EventLoop) where C.Duration == Duration {
    let timeline = Timeline(clock: clock)
    now = { timeline.now }
    self.sessionLoop = sessionLoop
    self.subscribersLoop = subscribersLoop
    onEventLoops = clock is EventLoopClock
    if onEventLoops {
      schedule = { deadline, loop, ring in
        let task = loop.scheduleTask(in: .nanoseconds(max(deadline - timeline.now, .zero).inNanoseconds), ring)
        return { task.cancel() }
      }
    } else {
      schedule = { deadline, loop, ring in
        let task = Task {
          do { try await timeline.sleep(until: deadline) } catch { return }
          loop.execute(ring)
        }
        return { task.cancel() }
      }
    }
  }
}
