import GatherModel

/// What people can do with the match clock.
enum TimerCommand: Sendable {
  case set(seconds: Int)
  case start, pause, resume, toggle, reset
  /// The periods, their length and the break between them.
  case format(periods: Int?, seconds: Int?, breakSeconds: Int?)
  case addTime(seconds: Int)
  /// Ends the period now, as if its time had run out.
  case endPeriod
}

/// The match clock's commands.
extension Turn {
  /// Runs a clock command on the active gather, saves the clock and announces the change.
  mutating func timer(_ command: TimerCommand) throws -> TimerStatus {
    _ = try state.requireActive()
    fireDueTicks()
    let at = now
    let wallNow = wallClock()
    let (store, environment) = (store, environment)
    let (gather, kind, ended) = try state.changeActive { gather in
      let before = gather.clock.state
      var ended: [MatchClock.Event] = []
      // Due ticks were announced just above, so the commands find none left to report.
      switch command {
      case .set(let seconds): _ = try gather.clock.set(seconds: seconds, at: at)
      case .start: _ = try gather.clock.start(at: at)
      case .pause: _ = try gather.clock.pause(at: at)
      case .resume: _ = try gather.clock.resume(at: at)
      case .toggle: _ = try gather.clock.toggle(at: at)
      case .reset: _ = gather.clock.reset(at: at)
      case .format(let periods, let seconds, let breakSeconds):
        _ = try gather.clock.format(periods: periods, seconds: seconds, breakSeconds: breakSeconds, at: at)
      case .addTime(let seconds): _ = try gather.clock.addTime(seconds: seconds, at: at)
      case .endPeriod: ended = try gather.clock.endPeriod(at: at)
      }
      try environment.commit {
        try store.saveClock(gather.clock.snapshot(at: at, wallNow: wallNow), gatherID: gather.id)
      }
      return (gather, Self.change(command, from: before, to: gather.clock.state), ended)
    }
    // The clock as it now is is on disk: no save of an earlier transition is owed any more.
    match.clockSaveOwed = false
    rearmClock()
    let status = timerStatus(of: gather)
    if case .endPeriod = command {
      // Exactly as if the period's time had run out: the tick at 0, then periodEnded or finished. The period
      // ends now, which is the instant the tick at 0 carries as its end.
      logger.info("Gather \(gather.id): the period was ended early.", metadata: ["gather_id": "\(gather.id)"])
      publishClockEvents(ended, of: gather, at: at, endsAt: wallNow, saved: true)
    } else {
      hub.publish(.timer(TimerChange(kind: kind, status: status, gather: GatherMoment(gather))))
    }
    return status
  }

  private static func change(_ command: TimerCommand, from before: MatchClock.State, to after: MatchClock.State)
    -> TimerChange.Kind
  {
    switch (command, after) {
    case (.set, _): .set
    case (.reset, _): .reset
    case (.format, _): .format
    case (.addTime, _): .addedTime
    case (_, .running): before == .paused ? .resumed : .started
    case (_, .paused): .paused
    default: .became(after)
    }
  }
}
