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
  }

  /// What the clock announces as time passes.
  public enum Event: Sendable, Hashable {
    /// The remaining time crossed this whole number of seconds.
    case tick(remainingSeconds: Int)
    /// The clock reached 0.
    case finished
  }

  /// A new clock's duration: 10:00.
  public static let defaultDuration = Duration.seconds(600)
  /// The durations a clock accepts, in whole seconds: 1 s to 99:59.
  public static let durationRange = 1...5999

  enum Phase: Sendable, Hashable {
    case stopped
    case running(deadline: Duration)
    case paused(remaining: Duration)
    case finished
  }

  /// The duration the clock counts down from.
  public private(set) var duration: Duration
  var phase: Phase
  /// The whole second announced last; while running, the next tick is one below it.
  var announcedSecond: Int

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
    case .finished: .finished
    }
  }

  /// The time left at `now`, never below zero.
  public func remaining(at now: Duration) -> Duration {
    switch phase {
    case .stopped: duration
    case .running(let deadline): max(.zero, deadline - now)
    case .paused(let remaining): remaining
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

  /// How far the match has run at `now`: the duration minus the time left.
  public func elapsed(at now: Duration) -> Duration { duration - remaining(at: now) }

  /// The moment the clock will reach 0, while it runs.
  public var deadline: Duration? {
    if case .running(let deadline) = phase { deadline } else { nil }
  }

  /// The moment of the next tick, while the clock runs; sleep until then and call ``advance(to:)``.
  public var nextTick: Duration? {
    guard case .running(let deadline) = phase, announcedSecond > 0 else { return nil }
    return deadline - .seconds(announcedSecond - 1)
  }

  /// Announces every whole second crossed up to `now`, in order, and `finished` once the clock reaches 0.
  public mutating func advance(to now: Duration) -> [Event] {
    guard case .running(let deadline) = phase else { return [] }
    var events: [Event] = []
    while announcedSecond > 0, deadline - .seconds(announcedSecond - 1) <= now {
      announcedSecond -= 1
      events.append(.tick(remainingSeconds: announcedSecond))
    }
    if announcedSecond == 0 {
      phase = .finished
      events.append(.finished)
    }
    return events
  }

  static func checkDuration(_ seconds: Int) throws(GatherError) {
    guard durationRange.contains(seconds) else {
      throw .validation("seconds", "A match lasts from 1 second to 99:59; \(seconds) seconds is outside that.")
    }
  }

  /// Whole seconds, rounded up: what a countdown shows.
  static func wholeSeconds(roundingUp duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) + (attoseconds > 0 ? 1 : 0)
  }
}
