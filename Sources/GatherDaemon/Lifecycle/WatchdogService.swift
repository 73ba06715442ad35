import NIOCore
import NIOPosix
import ServiceLifecycle

/// Pets the service manager's watchdog, but only after a round trip through the machinery that serves
/// requests — the session's event loop and the connections' loop — so a wedged daemon stops petting and is
/// restarted.
public struct WatchdogService: Service {
  let session: GatherSession
  let connectionLoop: any EventLoop
  let interval: Duration
  let pet: @Sendable () -> Void

  /// A watchdog that calls `pet` every `interval` while the daemon is responsive.
  public init(
    session: GatherSession, connectionLoop: any EventLoop, interval: Duration, pet: @escaping @Sendable () -> Void
  ) {
    self.session = session
    self.connectionLoop = connectionLoop
    self.interval = interval
    self.pet = pet
  }

  /// Pets until shutdown.
  public func run() async throws {
    while !Task.isShuttingDownGracefully {
      try await session.perform { $0.heartbeat() }
      try await connectionLoop.submit {}.get()
      pet()
      try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
    }
  }
}
