import GatherModel

/// The clock as a screen reads it, for `display` on MQTT (the retained state and each tick): `FT` once the match
/// is finished, the break's name and its countdown while the break between periods counts down (`HT 04:12` at
/// half time, `Break 04:12` between other periods; the name alone on the tick that ends the period), and
/// otherwise the regular time, `21:52`, as the status bars show it. Worked out from the clock's typed
/// values, so that it never depends on how another output spells the time.
enum MQTTClockDisplay {
  /// What a finished match reads.
  static let fullTime = "FT"

  /// The clock as `status` stands.
  static func display(_ status: TimerStatus) -> String {
    switch status.state {
    case .finished: fullTime
    case .halfTimeBreak: (status.breakName ?? "") + " " + MatchClock.display(seconds: status.displaySeconds)
    case .stopped, .running, .paused: MatchClock.display(seconds: status.displaySeconds)
    }
  }

  /// The clock as `tick` leaves it: on the tick at 0, the state the clock goes to.
  static func display(_ tick: ClockTick) -> String {
    switch (tick.phase, tick.clockState) {
    case (.interval, _): (tick.breakName ?? "") + " " + MatchClock.display(seconds: tick.regularSeconds)
    case (.play, .finished): fullTime
    case (.play, .halfTimeBreak): tick.breakName ?? ""
    case (.play, _): MatchClock.display(seconds: tick.regularSeconds)
    }
  }

  /// The whole seconds of the period left, the added time included, as the Remaining sensor shows them: 0 in the
  /// break, since the period before it is over (its own countdown is in ``display(_:)-(TimerStatus)``).
  static func remaining(_ status: TimerStatus) -> Int {
    status.state == .halfTimeBreak ? 0 : status.remainingSeconds
  }

  /// The whole seconds of the period left as `tick` leaves them: 0 on the ticks of a break.
  static func remaining(_ tick: ClockTick) -> Int { tick.phase == .interval ? 0 : tick.seconds }

  /// The added time still to play as `status` shows it ("+1:30"); nil when none runs, and once the match is
  /// finished.
  static func added(_ status: TimerStatus) -> String? {
    guard status.state != .finished else { return nil }
    return status.addedRemaining.map(MatchClock.addedDisplay(seconds:))
  }
}
