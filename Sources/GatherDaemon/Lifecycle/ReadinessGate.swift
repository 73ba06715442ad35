import Synchronization

/// Calls its action once, when every listener it waits for has said it accepts connections.
public final class ReadinessGate: Sendable {
  private let remaining: Mutex<Int>
  private let action: @Sendable () -> Void

  /// A gate for `count` listeners.
  public init(count: Int, action: @escaping @Sendable () -> Void) {
    remaining = Mutex(count)
    self.action = action
  }

  /// One listener is ready.
  public func listenerReady() {
    let open = remaining.withLock { remaining in
      remaining -= 1
      return remaining == 0
    }
    if open { action() }
  }
}
