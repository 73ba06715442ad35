import FoundationEssentials
import GatherModel

/// What the match clock announces as time passes: the ticks of play and of the break, the ends of periods and
/// breaks, and full time. Each end is saved, so that a restart finds the clock where it was.
extension Turn {
  /// Announces the ticks, and the ends, that are due by `at` (by now if nil); commands call it first so that
  /// nothing that happened before them is announced after them.
  mutating func fireDueTicks(at moment: Duration? = nil) {
    let at = moment ?? now
    // Taken before advancing: the ticks of one batch share the running clock's end, even the one that finishes it.
    let endsAtBefore = state.active.flatMap { wallEndsAt($0.clock) }
    let events = (try? state.changeActive { $0.clock.advance(to: at) }) ?? []
    if let gather = state.active { publishClockEvents(events, of: gather, at: at, endsAt: endsAtBefore) }
  }

  /// Publishes what the clock announced by `at`, saving the clock at each end unless the caller has just saved
  /// it (`saved`, as `timer.endPeriod` does).
  mutating func publishClockEvents(
    _ events: [MatchClock.Event], of gather: ActiveGather, at moment: Duration, endsAt: Date?, saved: Bool = false
  ) {
    for event in events {
      switch event {
      case .tick(let seconds):
        hub.publish(.tick(playTick(seconds, of: gather, at: moment, endsAt: endsAt)))
      case .breakTick(let seconds):
        hub.publish(.tick(breakTick(seconds, of: gather, at: moment)))
      case .finished:
        if !saved { persistFinishedClockIfNeeded() }
        logger.info("Gather \(gather.id): the match clock finished.", metadata: ["gather_id": "\(gather.id)"])
        hub.publish(.timer(TimerChange(kind: .finished, status: timerStatus(of: gather), gather: GatherMoment(gather))))
      case .periodEnded(let period):
        if !saved { persistFinishedClockIfNeeded() }
        logger.info("Gather \(gather.id): period \(period) ended.", metadata: ["gather_id": "\(gather.id)"])
        hub.publish(
          .timer(
            TimerChange(
              kind: .periodEnded(period: period), status: timerStatus(of: gather), gather: GatherMoment(gather))))
      case .breakEnded(let next):
        if !saved { persistFinishedClockIfNeeded() }
        hub.publish(
          .timer(
            TimerChange(
              kind: .breakEnded(nextPeriod: next), status: timerStatus(of: gather), gather: GatherMoment(gather))))
      }
    }
  }

  /// A tick of play: `seconds` counts the added time too; the tick at 0 carries the state the clock goes to
  /// (the break, stopped, or finished after the last period).
  private mutating func playTick(_ seconds: Int, of gather: ActiveGather, at moment: Duration, endsAt: Date?)
    -> ClockTick
  {
    let (clockState, period) = (seconds == 0 ? gather.clock.state : .running, gather.clock.periodOfPlay)
    return ClockTick(
      phase: .play, seconds: seconds, remaining: gather.clock.remaining(at: moment), clockState: clockState,
      endsAt: endsAt, period: period, addedSeconds: gather.clock.addedSeconds,
      breakName: clockState == .halfTimeBreak ? MatchClock.breakName(after: period, of: gather.clock.periods) : nil)
  }

  /// A tick of the break between periods; at 0 the break is over and the clock waits, stopped.
  private mutating func breakTick(_ seconds: Int, of gather: ActiveGather, at moment: Duration) -> ClockTick {
    let inBreak = gather.clock.state == .halfTimeBreak
    return ClockTick(
      phase: .interval, seconds: seconds, remaining: inBreak ? gather.clock.remaining(at: moment) : .zero,
      clockState: seconds == 0 ? .stopped : .halfTimeBreak, endsAt: inBreak ? wallEndsAt(gather.clock) : nil,
      period: gather.clock.periodOfPlay, addedSeconds: 0,
      breakName: MatchClock.breakName(after: gather.clock.periodOfPlay, of: gather.clock.periods))
  }
}
