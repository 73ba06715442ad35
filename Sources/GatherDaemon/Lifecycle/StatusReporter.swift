import ServiceLifecycle

/// Keeps the service manager's status line (`systemctl status`) following the match: after each event, at
/// most once a second. It does nothing while nothing happens.
public struct StatusReporter: Service {
  let session: GatherSession
  let send: @Sendable (String) -> Void
  let minimumInterval: Duration

  /// A reporter that passes each new status line to `send`.
  public init(
    session: GatherSession, minimumInterval: Duration = .seconds(1), send: @escaping @Sendable (String) -> Void
  ) {
    self.session = session
    self.minimumInterval = minimumInterval
    self.send = send
  }

  /// Reports until shutdown.
  public func run() async throws {
    let (changes, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    session.hub.observe { _ in continuation.yield() }
    // READY=1 carries the first status line; this reports the changes after it.
    var last = session.view.statusLine()
    for await _ in changes.cancelOnGracefulShutdown() {
      let line = session.view.statusLine()
      if line != last {
        send(line)
        last = line
      }
      try? await cancelWhenGracefulShutdown { try await Task.sleep(for: minimumInterval) }
    }
  }
}
