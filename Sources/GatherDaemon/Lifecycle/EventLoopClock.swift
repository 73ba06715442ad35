import NIOCore
import NIOPosix

/// The daemon's time source: `ContinuousClock`'s instants, but sleeping on an NIO event loop's timer (epoll)
/// rather than through Swift concurrency's default timers, which start libdispatch worker threads and their
/// once-a-second monitor. The match clock's alarm then wakes exactly one thread, and only when it is due.
public struct EventLoopClock: Clock {
  /// An instant of `ContinuousClock`.
  public typealias Instant = ContinuousClock.Instant

  private let loops: any EventLoopGroup

  /// A clock whose sleeps are timers on `loops`.
  public init(loops: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) { self.loops = loops }

  /// Now.
  public var now: Instant { ContinuousClock.now }
  /// The resolution of the event loop's timers.
  public var minimumResolution: Duration { .microseconds(1) }

  /// Suspends until `deadline`, or throws `CancellationError` if the task is cancelled first.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let delay = now.duration(to: deadline)
    guard delay > .zero else { return try Task.checkCancellation() }
    let loop = loops.any()
    let promise = loop.makePromise(of: Void.self)
    let timer = loop.scheduleTask(in: .nanoseconds(delay.inNanoseconds)) { promise.succeed() }
    try await withTaskCancellationHandler {
      try await promise.futureResult.get()
    } onCancel: {
      timer.cancel()
      promise.fail(CancellationError())
    }
  }
}

extension Duration {
  /// The duration in whole nanoseconds, saturating.
  var inNanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    return overflow ? .max : product.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
  }
}
