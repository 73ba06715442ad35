import ServiceLifecycle

/// Runs the session for as long as the daemon runs: it starts it (the clock's alarm, and the catch-up with what fell
/// due while no gatherd ran) before anything is served, and stops its alarms at shutdown.
///
/// ```swift
/// let service = SessionService(session: session)
/// try await service.start()   // before any listener accepts: no read answers from before the catch-up
/// let group = ServiceGroup(configuration: .init(services: [.init(service: service), …], logger: logger))
/// ```
public struct SessionService: Service, CustomStringConvertible {
  /// How logs name the service.
  public var description: String { "SessionService" }

  let session: GatherSession

  /// A service for `session`.
  public init(session: GatherSession) { self.session = session }

  /// Starts the session: restores the clock's alarm and does what fell due while no gatherd ran, in one turn,
  /// whose view every read then answers from. Call it before any listener serves.
  public func start() async throws {
    try await session.perform { $0.start() }
  }

  /// Waits for shutdown, then stops the session's alarms.
  public func run() async throws {
    try? await gracefulShutdown()
    try await session.perform { $0.stop() }
  }
}
