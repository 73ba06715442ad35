import FoundationEssentials
import GatherModel

/// The match clock as clients see it at one instant.
public struct TimerStatus: Sendable, Equatable {
  /// Stopped, running, paused, finished, or in the break.
  public var state: MatchClock.State
  /// The length of a period, in seconds.
  public var durationSeconds: Int
  /// The time left, added time included, to the millisecond.
  public var remainingMs: Int64
  /// The whole seconds left, added time included.
  public var remainingSeconds: Int
  /// When the clock (or the break) reaches 0 on the wall clock, while it counts down.
  public var endsAt: Date?
  /// The seconds the regular time reads (added time is shown apart).
  public var displaySeconds: Int
  /// The period in play.
  public var period: Int
  /// How many periods the match has.
  public var periods: Int
  /// The break between periods, in seconds.
  public var breakSeconds: Int
  /// The time added to the period in play, in seconds.
  public var addedSeconds: Int
  /// The added time still to play, in seconds; nil when none runs.
  public var addedRemaining: Int?
  /// What the break is called ("HT" or "Break", ``MatchClock/breakName``); nil outside a break.
  public var breakName: String?

  /// The clock at monotonic moment `now`; `endsAt` is when it (or the break) reaches 0, while it counts down.
  public init(_ clock: MatchClock, at now: Duration, endsAt: Date?) {
    let remaining = clock.remaining(at: now)
    state = clock.state
    durationSeconds = Int(clock.duration.components.seconds)
    remainingMs = remaining.inMilliseconds
    remainingSeconds = clock.remainingSeconds(at: now)
    self.endsAt = clock.state == .running || clock.state == .halfTimeBreak ? endsAt : nil
    displaySeconds = clock.displaySeconds(at: now)
    period = clock.period
    periods = clock.periods
    breakSeconds = Int(clock.breakLength.components.seconds)
    // Stopped before a period, nothing has been added to it yet (the clock keeps the last period's added time
    // only so that it can be reopened).
    addedSeconds = clock.state == .stopped ? 0 : clock.addedSeconds
    addedRemaining = clock.addedRemainingSeconds(at: now)
    breakName = clock.breakName
  }
}
