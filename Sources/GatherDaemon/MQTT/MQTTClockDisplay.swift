import GatherModel

/// The clock as a screen reads it, for `display` on MQTT (the retained state and each tick): `FT` once the match
/// is finished, `HT 04:12` while the break between periods counts down (`HT` on the tick that ends the period),
/// and otherwise the regular time, `21:52`, as the status bars show it. Worked out from the clock's typed
/// values, so that it never depends on how another output spells the time.
enum MQTTClockDisplay {
  /// What a finished match reads.
  static let fullTime = "FT"
  /// What the break between periods reads, before its countdown.
  static let halfTime = "HT"

  /// The clock as `status` stands.
  static func display(_ status: TimerStatus) -> String {
    switch status.state {
    case .finished: fullTime
    case .halfTimeBreak: halfTime + " " + MatchClock.display(seconds: status.displaySeconds)
    case .stopped, .running, .paused: MatchClock.display(seconds: status.displaySeconds)
    }
  }

  /// The clock as `tick` leaves it: on the tick at 0, the state the clock goes to.
  static func display(_ tick: ClockTick) -> String {
    switch (tick.phase, tick.clockState) {
    case (.interval, _): halfTime + " " + MatchClock.display(seconds: tick.regularSeconds)
    case (.play, .finished): fullTime
    case (.play, .halfTimeBreak): halfTime
    case (.play, _): MatchClock.display(seconds: tick.regularSeconds)
    }
  }

  /// The added time still to play as `status` shows it ("+1:30"); nil when none runs, and once the match is
  /// finished.
  static func added(_ status: TimerStatus) -> String? {
    guard status.state != .finished else { return nil }
    return status.addedRemaining.map(MatchClock.addedDisplay(seconds:))
  }
}
