import struct FoundationEssentials.Date

/// The clock as it is saved: wall-clock based, so that a restarted process can pick it up.
extension MatchClock {
  /// A saved clock. A running clock (or break) saves the wall-clock time it reaches 0, so it keeps counting
  /// while no process runs; the others save their time left.
  public struct Snapshot: Sendable, Hashable, Codable {
    /// The state when saved.
    public var state: State
    /// The duration of one period, in milliseconds.
    public var durationMs: Int64
    /// The time left when saved, in milliseconds: of the period with its added time, or of the break.
    public var remainingMs: Int64
    /// The wall-clock time a running clock, or a break, reaches 0.
    public var endsAt: Date?
    /// How many periods the match has.
    public var periods: Int
    /// The break between periods, in milliseconds.
    public var breakMs: Int64
    /// The current period (see ``MatchClock/period``).
    public var period: Int
    /// The time added to the current period, in milliseconds.
    public var addedMs: Int64

    /// Creates a snapshot from saved values; a database from before periods gives the defaults.
    public init(
      state: State, durationMs: Int64, remainingMs: Int64, endsAt: Date?, periods: Int = 1, breakMs: Int64 = 0,
      period: Int = 1, addedMs: Int64 = 0
    ) {
      self.state = state
      self.durationMs = durationMs
      self.remainingMs = remainingMs
      self.endsAt = endsAt
      self.periods = periods
      self.breakMs = breakMs
      self.period = period
      self.addedMs = addedMs
    }
  }

  /// The clock as it should be saved at monotonic moment `now`, which is wall-clock time `wallNow`.
  public func snapshot(at now: Duration, wallNow: Date) -> Snapshot {
    let remaining = remaining(at: now)
    let counting = state == .running || state == .halfTimeBreak
    return Snapshot(
      // Rounded up, so that a clock paused with a sliver left never comes back as having reached 0.
      state: state, durationMs: duration.inMilliseconds, remainingMs: remaining.inMillisecondsRoundedUp,
      endsAt: counting ? wallNow.addingTimeInterval(remaining.inSeconds) : nil, periods: periods,
      breakMs: breakLength.inMilliseconds, period: period, addedMs: added.inMilliseconds)
  }

  /// Restores a saved clock at monotonic moment `now`, which is wall-clock time `wallNow`.
  ///
  /// A running clock keeps counting through the time no process ran: a period whose end passed meanwhile
  /// comes back in its break, stopped before the next period, or finished after the last; a break that ended
  /// meanwhile comes back stopped. A paused clock comes back with the same time left.
  public init(restoring snapshot: Snapshot, at now: Duration, wallNow: Date) {
    let duration = Duration.milliseconds(max(1, snapshot.durationMs))
    self.init(duration: duration, phase: .stopped, announcedSecond: Self.wholeSeconds(roundingUp: duration))
    periods = min(max(snapshot.periods, Self.periodRange.lowerBound), Self.periodRange.upperBound)
    breakLength = .milliseconds(max(0, snapshot.breakMs))
    period = min(max(snapshot.period, 1), periods)
    added = .seconds(max(0, snapshot.addedMs) / 1000)
    let periodLength = duration + added
    let left = Duration.seconds(snapshot.endsAt.map { $0.timeIntervalSince(wallNow) } ?? 0)
    switch snapshot.state {
    case .stopped:
      break
    case .paused:
      let saved = Duration.milliseconds(min(max(0, snapshot.remainingMs), periodLength.inMilliseconds))
      if saved > .zero {
        phase = .paused(remaining: saved)
        announcedSecond = Self.wholeSeconds(roundingUp: saved)
      } else {
        finishPeriod(at: now, endedAgo: .zero)
      }
    case .finished:
      phase = .finished
      announcedSecond = 0
    case .running where left > .zero:
      let remaining = min(left, periodLength)
      phase = .running(deadline: now + remaining)
      announcedSecond = Self.wholeSeconds(roundingUp: remaining)
    case .running:
      finishPeriod(at: now, endedAgo: .zero - left)
    case .halfTimeBreak where left > .zero:
      let remaining = min(left, breakLength)
      phase = .interval(deadline: now + remaining)
      announcedSecond = Self.wholeSeconds(roundingUp: remaining)
    case .halfTimeBreak:
      period += 1
    }
  }

  /// Ends the current period, which reached 0 `endedAgo` before `now`, skipping a break that is over too.
  private mutating func finishPeriod(at now: Duration, endedAgo: Duration) {
    if period >= periods {
      phase = .finished
      announcedSecond = 0
    } else if breakLength > endedAgo {
      closePeriod(endedAt: now - endedAgo)
    } else {
      period += 1
      phase = .stopped
      announcedSecond = Self.wholeSeconds(roundingUp: duration)
    }
  }
}
