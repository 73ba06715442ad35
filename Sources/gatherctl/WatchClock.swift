import GatherAPI

/// The match clock as `gatherctl watch` keeps it between the daemon's timers: a gather's `Timer`, then each
/// `tick`'s time left, and at a period's or a break's last tick, when no timer event will follow, the clock it
/// leads to.
struct WatchClock: ClockFace {
  var state: API.TimerState
  /// The length of one period, in seconds.
  var duration: Int64
  var remaining: Int64
  /// The time left in milliseconds.
  var remainingMs: Int64
  var display: String
  var added: String?
  /// The period in play, or that just ended.
  var period: Int64
  var periodName: String?
  /// The break between periods, in seconds.
  var breakLength: Int64
  /// The time added to the period, in seconds.
  var addedSeconds: Int64
  var breakName: String?

  /// The clock as gatherd sent it.
  init(_ timer: API.Timer) {
    state = timer.state
    duration = timer.duration
    remaining = timer.remaining
    remainingMs = timer.remainingMs
    display = timer.display
    added = timer.added
    period = timer.period
    periodName = timer.periodName
    breakLength = timer.breakLength
    addedSeconds = timer.addedSeconds
    breakName = timer.breakName
  }

  /// Takes a tick's time left, its state and period, and what it calls the break.
  mutating func apply(_ tick: API.TickEvent) {
    state = tick.state
    remaining = tick.remaining
    remainingMs = tick.remainingMs
    display = tick.display
    added = tick.added
    period = tick.period
    breakName = tick.breakName
  }

  /// Without timer events, the clock a period's or break's last tick leads to, as far as the tick tells: the
  /// break from its first moment, or the next period waiting, stopped, at its full length.
  mutating func settle() {
    added = nil
    if state == .break {
      let left = (remainingMs + 999) / 1000
      display = Render.minutesAndSeconds(left)
      remaining = left
      return
    }
    period += 1
    periodName = nil
    display = Render.minutesAndSeconds(duration)
    remaining = duration
    remainingMs = duration * 1000
    addedSeconds = 0
  }

  /// How much of the period has been played, 0 to 100, counting its added time (so adding time never makes it
  /// jump); in the break, how much of the break is over.
  var percentage: Int {
    let seconds = state == .break ? breakLength : duration + addedSeconds
    guard seconds > 0 else { return 0 }
    return Int(max(0, min(100, (seconds * 1000 - remainingMs) * 100 / (seconds * 1000))))
  }
}
