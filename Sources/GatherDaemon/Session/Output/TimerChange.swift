import GatherModel

/// A change of the match clock, with the clock as it stands after it.
public struct TimerChange: Sendable, Equatable {
  /// What happened to the clock.
  public enum Kind: Sendable, Equatable {
    /// A new length was set.
    case set
    /// The clock was put back to the start of its period.
    case reset
    /// The periods, their length or the break changed.
    case format
    /// Time was added to the period.
    case addedTime
    /// The clock started, from stopped.
    case started
    /// The clock ran again after a pause.
    case resumed
    /// The clock was paused.
    case paused
    /// A command left the clock in this state (starting a finished clock leaves it finished).
    case became(MatchClock.State)
    /// The last period ran out: full time.
    case finished
    /// A period that is not the last ran out.
    case periodEnded(period: Int)
    /// The break ran out; the clock waits for the next period.
    case breakEnded(nextPeriod: Int)
    /// The wall clock was set while the clock counted down: the same deadline now falls at another wall time, so
    /// `status.endsAt` moved by the size of the step.
    case wallClockSet
  }

  /// What happened.
  public var kind: Kind
  /// The clock after it.
  public var status: TimerStatus
  /// The gather whose clock it is, at that instant.
  public var gather: GatherMoment
}
