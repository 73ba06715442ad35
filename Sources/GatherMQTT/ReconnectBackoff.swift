/// How long to wait before each attempt to reach the broker again: 1, 2, 4, 8 and 16 seconds after the first
/// failures, then every 30 seconds until the broker is back.
struct ReconnectBackoff: Sendable, Equatable {
  /// The longest wait between two attempts.
  static let cap: Duration = .seconds(30)
  /// Attempts that have failed since the broker was last reached.
  private(set) var failures = 0

  /// The wait before the next attempt, after one more failure.
  mutating func next() -> Duration {
    failures += 1
    return failures > 5 ? Self.cap : .seconds(1 << (failures - 1))
  }

  /// The broker was reached: the next outage starts again from 1 second.
  mutating func reset() { failures = 0 }
}
