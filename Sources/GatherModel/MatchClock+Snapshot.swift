import struct Foundation.Date

/// The clock as it is saved: wall-clock based, so that a restarted process can pick it up.
extension MatchClock {
  /// A saved clock. A running clock saves the wall-clock time it reaches 0, so it keeps counting while no
  /// process runs; the others save their time left.
  public struct Snapshot: Sendable, Hashable, Codable {
    /// The state when saved.
    public var state: State
    /// The duration, in milliseconds.
    public var durationMs: Int64
    /// The time left when saved, in milliseconds.
    public var remainingMs: Int64
    /// The wall-clock time a running clock reaches 0.
    public var endsAt: Date?

    /// Creates a snapshot from saved values.
    public init(state: State, durationMs: Int64, remainingMs: Int64, endsAt: Date?) {
      self.state = state
      self.durationMs = durationMs
      self.remainingMs = remainingMs
      self.endsAt = endsAt
    }
  }

  /// The clock as it should be saved at monotonic moment `now`, which is wall-clock time `wallNow`.
  public func snapshot(at now: Duration, wallNow: Date) -> Snapshot {
    let remaining = remaining(at: now)
    return Snapshot(
      // Rounded up, so that a clock paused with a sliver left never comes back as having reached 0.
      state: state, durationMs: duration.inMilliseconds, remainingMs: remaining.inMillisecondsRoundedUp,
      endsAt: state == .running ? wallNow.addingTimeInterval(remaining.inSeconds) : nil)
  }

  /// Restores a saved clock at monotonic moment `now`, which is wall-clock time `wallNow`.
  ///
  /// A running clock keeps counting through the time no process ran, and comes back finished when its
  /// deadline passed meanwhile; a paused clock comes back with the same time left.
  public init(restoring snapshot: Snapshot, at now: Duration, wallNow: Date) {
    let duration = Duration.milliseconds(snapshot.durationMs)
    let saved = Duration.milliseconds(min(max(0, snapshot.remainingMs), snapshot.durationMs))
    switch snapshot.state {
    case .stopped:
      self.init(duration: duration, phase: .stopped, announcedSecond: Self.wholeSeconds(roundingUp: duration))
    case .paused where saved > .zero:
      self.init(
        duration: duration, phase: .paused(remaining: saved), announcedSecond: Self.wholeSeconds(roundingUp: saved))
    case .paused:
      self.init(duration: duration, phase: .finished, announcedSecond: 0)
    case .finished:
      self.init(duration: duration, phase: .finished, announcedSecond: 0)
    case .running:
      let left = Duration.seconds(snapshot.endsAt.map { $0.timeIntervalSince(wallNow) } ?? 0)
      let remaining = min(left, duration)
      if remaining <= .zero {
        self.init(duration: duration, phase: .finished, announcedSecond: 0)
      } else {
        self.init(
          duration: duration, phase: .running(deadline: now + remaining),
          announcedSecond: Self.wholeSeconds(roundingUp: remaining))
      }
    }
  }
}
