/// The JSON-RPC fuzz target's time source: time stands still until the input moves it on.

import Synchronization

/// A clock whose `now` moves only when ``advance(by:)`` says, so that a fuzz input gives the same replies
/// whenever and however fast it runs. Its sleeps end at once with `CancellationError`: the session's alarm
/// never rings by itself, and the target rings it when it moves the time on, as the daemon's timer would.
struct FuzzClock: Clock {
  /// An instant of `ContinuousClock`, as the daemon's clock has.
  typealias Instant = ContinuousClock.Instant

  /// The instant the process started at; every fuzz input starts from it.
  private static let origin = ContinuousClock.now
  private static let offset = Mutex(Duration.zero)

  /// The origin plus the time moved on so far.
  var now: Instant { Self.origin.advanced(by: Self.offset.withLock { $0 }) }
  /// One nanosecond.
  var minimumResolution: Duration { .nanoseconds(1) }

  /// Does not sleep: throws `CancellationError` at once.
  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    throw CancellationError()
  }

  /// Moves the time on.
  static func advance(by duration: Duration) { offset.withLock { $0 += duration } }

  /// Back to the origin, for a new input.
  static func reset() { offset.withLock { $0 = .zero } }
}
