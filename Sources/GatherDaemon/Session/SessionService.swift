import ServiceLifecycle

/// Runs the session's clock for as long as the daemon runs. The daemon starts the session (its catch-up, which
/// ``GatherSession/start()`` does) before any listener serves, so that no read answers from before it.
public struct SessionService<C: Clock>: Service, CustomStringConvertible where C.Duration == Duration {
  /// How logs name the service.
  public var description: String { "SessionService" }

  let session: GatherSession<C>

  /// A service for `session`.
  public init(session: GatherSession<C>) { self.session = session }

  /// Waits for shutdown, then stops the session's alarms.
  public func run() async throws {
    try? await gracefulShutdown()
    try await session.perform { $0.stop() }
  }
}
