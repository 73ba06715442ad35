import FoundationEssentials
import GatherModel

/// One second of the match clock, or of the break between periods, as the clock announced it.
public struct ClockTick: Sendable, Equatable {
  /// Which countdown ticked.
  public enum Phase: Sendable, Equatable {
    /// A period of play, with its added time.
    case play
    /// The break between two periods.
    case interval
  }

  /// Which countdown ticked.
  public var phase: Phase
  /// The whole seconds left, the added time included: 0 on the tick that ends the countdown.
  public var seconds: Int
  /// The time left to the millisecond; zero once a break has ended.
  public var remaining: Duration
  /// The state the clock is in after this tick: it matters on the tick at 0, where a period or the match ends.
  public var clockState: MatchClock.State
  /// When the countdown reaches 0 on the wall clock; nil once a break has ended.
  public var endsAt: Date?
  /// The period being played, or the one after the break.
  public var period: Int
  /// The added time given to the period, in seconds (0 in a break).
  public var addedSeconds: Int
  /// What the break is called ("HT" or "Break", ``MatchClock/breakName``) on the ticks of the break and on the tick
  /// that ends a period into it; nil on any other.
  public var breakName: String?

  /// The seconds the regular time reads: the added time is shown apart, so this stops at 0 while it runs.
  public var regularSeconds: Int { phase == .play ? max(0, seconds - addedSeconds) : seconds }

  /// The added time still to play, in seconds; nil when none was given.
  public var addedLeft: Int? { phase == .play && addedSeconds > 0 ? min(addedSeconds, seconds) : nil }
}
