import ServiceLifecycle

/// Runs the session's clock for as long as the daemon runs.
public struct SessionService<C: Clock>: Service, CustomStringConvertible where C.Duration == Duration {
  /// How logs name the service.
  public var description: String { "SessionService" }

  let session: GatherSession<C>

  /// A service for `session`.
  public init(session: GatherSession<C>) { self.session = session }

  /// Starts the clock's alarm, waits for shutdown, then stops it.
  public func run() async throws {
    try await session.perform { $0.start() }
    try? await gracefulShutdown()
    try await session.perform { $0.stop() }
  }
}
