/// The countdown match clock: a state machine with no time source of its own.
///
/// Every operation takes `now`, a moment on a monotonic clock measured from any fixed origin
/// (see ``Timeline``). Remaining time is always the deadline minus now, never a counter, so it cannot drift.
/// Ticks are announced when the remaining time crosses a whole second, down to and including 0, and the
/// clock finishes at 0 exactly once.
public struct MatchClock: Sendable, Hashable {
  /// The clock's states.
  public enum State: String, Sendable, Hashable, Codable, CaseIterable {
    case stopped, running, paused, finished
    /// The break between two periods is counting down.
    case halfTimeBreak = "break"
  }

  /// What the clock announces as time passes.
  public enum Event: Sendable, Hashable {
    /// The remaining time crossed this whole number of seconds.
    case tick(remainingSeconds: Int)
    /// The clock reached 0 at the end of the last period.
    case finished
    /// The break between periods crossed this whole number of seconds.
    case breakTick(remainingSeconds: Int)
    /// A period that is not the last reached 0 (with its added time).
    case periodEnded(period: Int)
    /// The break reached 0; the clock waits, stopped, for the next period.
    case breakEnded(nextPeriod: Int)
  }

  /// A new clock's duration: 10:00.
  public static let defaultDuration = Duration.seconds(600)
  /// The durations a clock accepts, in whole seconds: 1 s to 99:59.
  public static let durationRange = 1...5999

  enum Phase: Sendable, Hashable {
    case stopped
    case running(deadline: Duration)
    case paused(remaining: Duration)
    /// The break after period `period` counts down to `deadline`.
    case interval(deadline: Duration)
    case finished
  }

  /// The duration the clock counts down from: the length of one period.
  public internal(set) var duration: Duration
  var phase: Phase
  /// The whole second announced last; while running, the next tick is one below it.
  var announcedSecond: Int
  /// How many periods the match has, 1 to 4.
  public internal(set) var periods = 1
  /// The break between periods; zero for none.
  public internal(set) var breakLength = Duration.zero
  /// The period being played, or the one that just ended during a break. Stopped after period k (and its
  /// break), the clock is at period k + 1 and keeps period k's added time until it starts.
  public internal(set) var period = 1
  /// The time added to the current period, in whole seconds.
  public internal(set) var added = Duration.zero

  /// A stopped clock of `seconds`, which must be from 1 to 5999; 10:00 by default.
  public init(seconds: Int = Int(defaultDuration.components.seconds)) throws(GatherError) {
    try Self.checkDuration(seconds)
    self.init(duration: .seconds(seconds), phase: .stopped, announcedSecond: seconds)
  }

  init(duration: Duration, phase: Phase, announcedSecond: Int) {
    self.duration = duration
    self.phase = phase
    self.announcedSecond = announcedSecond
  }

  /// The state.
  public var state: State {
    switch phase {
    case .stopped: .stopped
    case .running: .running
    case .paused: .paused
    case .interval: .halfTimeBreak
    case .finished: .finished
    }
  }

  /// The time left at `now`, never below zero.
  public func remaining(at now: Duration) -> Duration {
    switch phase {
    case .stopped: duration
    case .running(let deadline): max(.zero, deadline - now)
    case .paused(let remaining): remaining
    case .interval(let deadline): max(.zero, deadline - now)
    case .finished: .zero
    }
  }

  /// The time left at `now` in whole seconds, rounded up, as a countdown shows it.
  public func remainingSeconds(at now: Duration) -> Int { Self.wholeSeconds(roundingUp: remaining(at: now)) }

  /// The time left at `now` as "mm:ss".
  public func display(at now: Duration) -> String { Self.display(seconds: remainingSeconds(at: now)) }

  /// Whole seconds as "mm:ss", e.g. 432 as "07:12".
  public static func display(seconds: Int) -> String {
    let minutes = seconds / 60
    let rest = seconds % 60
    return (minutes < 10 ? "0" : "") + "\(minutes):" + (rest < 10 ? "0" : "") + "\(rest)"
  }

  /// How far the current period has run at `now`, added time included: its length plus added time, minus the
  /// time left. During a break, or stopped after a period, it is the whole of the period that ended.
  public func elapsed(at now: Duration) -> Duration {
    switch phase {
    case .running, .paused: duration + added - remaining(at: now)
    case .interval, .finished: duration + added
    case .stopped: period > 1 ? duration + added : .zero
    }
  }

  /// The period a goal scored at this moment belongs to: stopped after a period, the one that ended.
  public var periodOfPlay: Int { phase == .stopped && period > 1 ? period - 1 : period }

  /// The moment the clock will reach 0, while it runs or the break counts down.
  public var deadline: Duration? {
    switch phase {
    case .running(let deadline), .interval(let deadline): deadline
    default: nil
    }
  }

  /// The moment of the next tick, while the clock or the break runs; sleep until then and call ``advance(to:)``.
  public var nextTick: Duration? {
    guard let deadline, announcedSecond > 0 else { return nil }
    return deadline - .seconds(announcedSecond - 1)
  }

  /// Announces every whole second crossed up to `now`, in order, and the end of each period and break.
  /// A period that is not the last ends with `periodEnded`, then its break (if any) ticks and ends with
  /// `breakEnded`; the last period ends with `finished`, exactly once.
  public mutating func advance(to now: Duration) -> [Event] {
    var events: [Event] = []
    while let deadline {
      let inBreak = state == .halfTimeBreak
      while announcedSecond > 0, deadline - .seconds(announcedSecond - 1) <= now {
        announcedSecond -= 1
        events.append(
          inBreak ? .breakTick(remainingSeconds: announcedSecond) : .tick(remainingSeconds: announcedSecond))
      }
      guard announcedSecond == 0 else { break }
      if inBreak {
        period += 1
        phase = .stopped
        announcedSecond = Self.wholeSeconds(roundingUp: duration)
        events.append(.breakEnded(nextPeriod: period))
      } else if period >= periods {
        phase = .finished
        events.append(.finished)
      } else {
        events.append(.periodEnded(period: period))
        closePeriod(endedAt: deadline)
      }
    }
    return events
  }

  /// Ends the current period, which reached 0 at `moment`: into the break, or stopped before the next.
  mutating func closePeriod(endedAt moment: Duration) {
    if breakLength > .zero {
      phase = .interval(deadline: moment + breakLength)
      announcedSecond = Self.wholeSeconds(roundingUp: breakLength)
    } else {
      period += 1
      phase = .stopped
      announcedSecond = Self.wholeSeconds(roundingUp: duration)
    }
  }

  static func checkDuration(_ seconds: Int, field: String = "seconds") throws(GatherError) {
    guard durationRange.contains(seconds) else {
      throw .validation(field, "A period lasts from 1 second to 99:59; \(seconds) seconds is outside that.")
    }
  }

  /// Whole seconds, rounded up: what a countdown shows.
  static func wholeSeconds(roundingUp duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) + (attoseconds > 0 ? 1 : 0)
  }
}
