/// The commands people give the clock. Each first announces what is due at `now`, then changes state;
/// an impossible command throws and changes nothing.
extension MatchClock {
  /// Sets a new period length in whole seconds and stops the clock at the start of the first period, keeping
  /// the number of periods and the break; refused while running.
  public mutating func set(seconds: Int, at now: Duration) throws(GatherError) -> [Event] {
    try Self.checkDuration(seconds)
    return try perform(at: now) { clock throws(GatherError) in
      if clock.state == .running { throw .invalidTransition("Pause the clock before setting a new duration.") }
      clock.duration = .seconds(seconds)
      clock.restart()
    }
  }

  /// Starts a stopped clock: the first period, or the next one once a period has ended. During the break
  /// between periods it cuts the break short and starts the next period.
  public mutating func start(at now: Duration) throws(GatherError) -> [Event] {
    try perform(at: now) { clock throws(GatherError) in
      switch clock.phase {
      case .stopped: break
      case .interval: clock.period += 1
      default: throw clock.refusal(of: "start")
      }
      clock.added = .zero
      clock.announcedSecond = Self.wholeSeconds(roundingUp: clock.duration)
      clock.phase = .running(deadline: now + clock.duration)
    }
  }

  /// Pauses a running clock, keeping the time left to the nanosecond.
  public mutating func pause(at now: Duration) throws(GatherError) -> [Event] {
    try perform(at: now) { clock throws(GatherError) in
      guard case .running(let deadline) = clock.phase else { throw clock.refusal(of: "pause") }
      clock.phase = .paused(remaining: deadline - now)
    }
  }

  /// Resumes a paused clock; the next tick keeps its phase (paused at 7:10.4, it comes 0.4 s after resuming).
  public mutating func resume(at now: Duration) throws(GatherError) -> [Event] {
    try perform(at: now) { clock throws(GatherError) in
      guard case .paused(let remaining) = clock.phase else { throw clock.refusal(of: "resume") }
      clock.phase = .running(deadline: now + remaining)
    }
  }

  /// The single button: starts a stopped clock, pauses a running one, resumes a paused one.
  public mutating func toggle(at now: Duration) throws(GatherError) -> [Event] {
    var probe = self
    _ = probe.advance(to: now)
    switch probe.phase {
    case .stopped, .interval: return try start(at: now)
    case .running: return try pause(at: now)
    case .paused: return try resume(at: now)
    case .finished: throw probe.refusal(of: "toggle")
    }
  }

  /// Stops the clock at the start of the first period, from any state.
  public mutating func reset(at now: Duration) -> [Event] {
    let events = advance(to: now)
    restart()
    return events
  }

  /// Back to the start of the first period, stopped, with no added time.
  mutating func restart() {
    phase = .stopped
    period = 1
    added = .zero
    announcedSecond = Self.wholeSeconds(roundingUp: duration)
  }

  mutating func perform(
    at now: Duration, _ change: (inout MatchClock) throws(GatherError) -> Void
  ) throws(GatherError) -> [Event] {
    var next = self
    let events = next.advance(to: now)
    try change(&next)
    self = next
    return events
  }

  func refusal(of command: String) -> GatherError {
    let why =
      switch (command, state) {
      case (_, .finished): "it has finished; reset it first"
      case (_, .halfTimeBreak): "the break between periods is on; start the next period instead"
      case ("pause", .paused): "it is already paused"
      case ("pause", _): "it is not running"
      case (_, .running): "it is already running"
      case ("start", .paused): "it is paused; resume it instead"
      case ("resume", .stopped): "it has not started; start it instead"
      default: "it is \(state.rawValue)"
      }
    return .invalidTransition("Cannot \(command) the clock: \(why).")
  }
}
