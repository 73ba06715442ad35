/// Periods, the break between them, and added time.
///
/// A match has 1 to 4 periods of the clock's duration each. When a period that is not the last reaches 0, the
/// break (if any) counts down on its own; then the clock waits, stopped, for the referee to start the next
/// period. Added time lengthens the current period: the display shows the period's regular time down to
/// 00:00 and the added time apart ("+1:30"), counting down after it.
extension MatchClock {
  /// The number of periods a match may have.
  public static let periodRange = 1...4
  /// The break lengths a match may have, in whole seconds: none to 30 minutes.
  public static let breakRange = 0...1800
  /// The time one call may add to a period, in whole seconds: 1 s to 15 minutes.
  public static let addedTimeRange = 1...900

  /// A stopped clock of `periods` periods of `seconds` each, with a break of `breakSeconds` between them.
  public init(periods: Int, seconds: Int, breakSeconds: Int) throws(GatherError) {
    try self.init(seconds: seconds)
    try Self.checkFormat(periods: periods, breakSeconds: breakSeconds)
    self.periods = periods
    breakLength = .seconds(breakSeconds)
  }

  /// Changes the format before kick-off: periods, period length and break (nil keeps each as it is).
  /// Refused once the first period has started, until the clock is reset.
  public mutating func format(
    periods: Int?, seconds: Int?, breakSeconds: Int?, at now: Duration
  ) throws(GatherError) -> [Event] {
    if let seconds { try Self.checkDuration(seconds, field: "periodLength") }
    try Self.checkFormat(periods: periods ?? self.periods, breakSeconds: breakSeconds ?? 0)
    return try perform(at: now) { clock throws(GatherError) in
      guard clock.phase == .stopped, clock.period == 1 else {
        throw .invalidTransition("The match format can only change before kick-off; reset the clock first.")
      }
      if let periods { clock.periods = periods }
      if let seconds { clock.duration = .seconds(seconds) }
      if let breakSeconds { clock.breakLength = .seconds(breakSeconds) }
      clock.restart()
    }
  }

  /// Adds `seconds` to the current period while it runs or is paused, or once it has reached 0 and the next
  /// period has not started (during the break, stopped before the next period, or finished after the last):
  /// then the period resumes, running, into its added time.
  public mutating func addTime(seconds: Int, at now: Duration) throws(GatherError) -> [Event] {
    guard Self.addedTimeRange.contains(seconds) else {
      throw .validation("seconds", "Added time is from 1 second to 15:00 per call; \(seconds) seconds is outside that.")
    }
    let extra = Duration.seconds(seconds)
    return try perform(at: now) { clock throws(GatherError) in
      switch clock.phase {
      case .running(let deadline): clock.phase = .running(deadline: deadline + extra)
      case .paused(let remaining): clock.phase = .paused(remaining: remaining + extra)
      case .stopped where clock.period == 1:
        throw .invalidTransition("Cannot add time: the match has not started.")
      case .stopped, .interval, .finished:
        if clock.phase == .stopped { clock.period -= 1 }
        clock.phase = .running(deadline: now + extra)
        clock.announcedSecond = 0
      }
      clock.added += extra
      clock.announcedSecond += seconds
    }
  }

  /// Ends the running or paused period at `now`, exactly as if its time (with any added time) had run out:
  /// the tick at 0, then `periodEnded` and the break (or the clock stopped before the next period), or
  /// `finished` after the last period. The next period starts at its regular start, as always. Refused, changing
  /// nothing, before kick-off, once the period has ended (in the break or waiting for the next) and at full time.
  public mutating func endPeriod(at now: Duration) throws(GatherError) -> [Event] {
    var next = self
    var events = next.advance(to: now)
    switch next.phase {
    case .running, .paused:
      // The period's end is now: one tick is left to announce, the 0, and advancing announces the rest.
      next.phase = .running(deadline: now)
      next.announcedSecond = 1
      events += next.advance(to: now)
    case .stopped where next.period == 1:
      throw .invalidTransition("Cannot end the period: the match has not kicked off.")
    case .stopped, .interval:
      throw .invalidTransition("Cannot end the period: it has already ended; start the next period instead.")
    case .finished:
      throw .invalidTransition("Cannot end the period: the match has finished.")
    }
    self = next
    return events
  }

  /// The regular time left in the period at `now`, in whole seconds rounded up: what the main display shows.
  /// During a break, the break's time left.
  public func displaySeconds(at now: Duration) -> Int {
    let left = remainingSeconds(at: now)
    return state == .halfTimeBreak || state == .stopped ? left : max(0, left - addedSeconds)
  }

  /// The added time still to play at `now`, in whole seconds; nil when no time was added to the period.
  public func addedRemainingSeconds(at now: Duration) -> Int? {
    guard addedSeconds > 0, state != .stopped, state != .halfTimeBreak else { return nil }
    return min(addedSeconds, remainingSeconds(at: now))
  }

  /// The time added to the current period, in whole seconds.
  public var addedSeconds: Int { Int(added.components.seconds) }

  /// Added time as shown beside the clock: 90 seconds as "+1:30".
  public static func addedDisplay(seconds: Int) -> String {
    "+\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
  }

  /// A period's name for people: "1st half" of two, "3rd quarter" of four, "2nd period" of three; nil for a
  /// match of one period.
  public static func periodName(_ period: Int, of periods: Int) -> String? {
    guard periods > 1 else { return nil }
    let ordinal = [1: "1st", 2: "2nd", 3: "3rd"][period] ?? "\(period)th"
    return ordinal + " " + (periods == 2 ? "half" : periods == 4 ? "quarter" : "period")
  }

  /// What the break after `period` of `periods` is called: "HT" (half time) for the middle break of an even number
  /// of periods (after the 1st half of two, the 2nd quarter of four), "Break" for any other.
  public static func breakName(after period: Int, of periods: Int) -> String {
    periods % 2 == 0 && period == periods / 2 ? "HT" : "Break"
  }

  /// What the break the clock is in is called (``breakName(after:of:)``); nil outside a break.
  public var breakName: String? { state == .halfTimeBreak ? Self.breakName(after: period, of: periods) : nil }

  static func checkFormat(periods: Int, breakSeconds: Int) throws(GatherError) {
    guard periodRange.contains(periods) else {
      throw .validation("periods", "A match has from 1 to 4 periods; \(periods) is outside that.")
    }
    guard breakRange.contains(breakSeconds) else {
      throw .validation("breakLength", "A break lasts from 0 to 30:00; \(breakSeconds) seconds is outside that.")
    }
  }
}
