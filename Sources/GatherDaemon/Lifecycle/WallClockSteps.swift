import CGatherShim
import Glibc
import Logging
import NIOPosix
import ServiceLifecycle

/// Notices when the wall clock is stepped (NTP correcting a clock that booted wrong, an administrator's `date -s`,
/// a resume), as systemd's own timers do: a `CLOCK_REALTIME` timerfd set for the end of time with
/// `TFD_TIMER_CANCEL_ON_SET`, which the kernel makes readable whenever the clock is set rather than slewed. A thread
/// of its own (`gatherd-clock` in `top -H`) waits for it in `poll`, with no timeout, so nothing wakes while the
/// clock runs on as it should, under load or not; each step calls `stepped` on that thread, which hands it on.
///
/// ```swift
/// let steps = WallClockSteps(logger: logger) { session.wallClockStepped() }
/// services.append(.init(service: steps))
/// ```
public final class WallClockSteps: Service, Sendable, CustomStringConvertible {
  private let stepped: @Sendable () -> Void
  private let logger: Logger
  private let pool = NIOThreadPool(numberOfThreads: 1)

  /// A watch that calls `stepped` each time the wall clock is set.
  public init(logger: Logger, stepped: @escaping @Sendable () -> Void) {
    self.logger = logger
    self.stepped = stepped
  }

  /// How logs name it.
  public var description: String { "WallClockSteps" }

  /// Watches until graceful shutdown. Without a timerfd (an old kernel, a sandbox that refuses it) it says so once
  /// and does nothing: the plans' times then follow a step only at their next timer.
  public func run() async throws {
    let watch = gatherd_wall_clock_watch(0)
    guard watch >= 0 else {
      logger.warning("Cannot watch the wall clock for steps: \(String(cString: strerror(errno))).")
      try? await gracefulShutdown()
      return
    }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      close(watch)
      logger.warning("Cannot watch the wall clock for steps: pipe: \(String(cString: strerror(errno))).")
      try? await gracefulShutdown()
      return
    }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    pool.start()
    let (stepped, logger, stop) = (stepped, logger, ends[0])
    async let watching: Void = pool.runIfActive { Self.watch(watch, until: stop, logger: logger, stepped: stepped) }
    try? await gracefulShutdown()
    var one: UInt8 = 1
    _ = write(ends[1], &one, 1)
    _ = try? await watching
    try? await pool.shutdownGracefully()
    for fd in ends + [watch] { close(fd) }
  }

  /// On the watch's thread: waits for steps of the clock, or for `stop` to become readable.
  private static func watch(
    _ watch: Int32, until stop: Int32, logger: Logger, stepped: @Sendable () -> Void
  ) {
    gatherd_name_this_thread("gatherd-clock")
    var fds = [
      pollfd(fd: watch, events: Int16(POLLIN), revents: 0), pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      guard poll(&fds, 2, -1) >= 0 else {
        if errno == EINTR { continue }
        logger.error("Stopped watching the wall clock for steps: poll: \(String(cString: strerror(errno)))")
        return
      }
      if fds[1].revents != 0 { return }
      guard fds[0].revents != 0 else { continue }
      // ECANCELED: the clock was set. Either way the timer is disarmed until it is armed again.
      var expirations: UInt64 = 0
      let read = Glibc.read(watch, &expirations, MemoryLayout<UInt64>.size)
      let wasSet = read < 0 && errno == ECANCELED
      guard gatherd_wall_clock_watch(watch) >= 0 else {
        logger.error("Stopped watching the wall clock for steps: \(String(cString: strerror(errno)))")
        return
      }
      if wasSet {
        logger.info("The wall clock was set; the plans' and votes' times are checked again.")
        stepped()
      }
    }
  }
}
