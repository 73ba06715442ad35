/// An injected clock seen as moments: the time since the timeline was made, which is how
/// ``MatchClock`` counts. Tests pass a test clock and run a 90-minute match in milliseconds.
public struct Timeline<C: Clock>: Sendable where C.Duration == Duration {
  /// The time source.
  public let clock: C
  private let origin: C.Instant

  /// A timeline whose moment zero is the clock's present.
  public init(clock: C) {
    self.clock = clock
    self.origin = clock.now
  }

  /// The present moment.
  public var now: Duration { origin.duration(to: clock.now) }

  /// Suspends until `moment`, or throws `CancellationError` if the task is cancelled first.
  public func sleep(until moment: Duration) async throws {
    try await clock.sleep(until: origin.advanced(by: moment), tolerance: nil)
  }
}
