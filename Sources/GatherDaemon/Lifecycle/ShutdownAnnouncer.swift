import ServiceLifecycle

/// Runs an action as soon as graceful shutdown begins (for `STOPPING=1`): list it last in the group, since a
/// service group tells its services to stop in reverse order.
public struct ShutdownAnnouncer: Service {
  let action: @Sendable () -> Void

  /// An announcer that runs `action` when shutdown begins.
  public init(action: @escaping @Sendable () -> Void) { self.action = action }

  /// Waits for shutdown, then runs the action.
  public func run() async throws {
    try? await gracefulShutdown()
    action()
  }
}
