import GatherRPC
import Synchronization

/// Counters the daemon keeps about itself, for `daemon.status`.
public final class DaemonStats: Sendable {
  /// The daemon's version.
  public static let version = GatherVersion.current
  let startedAt = ContinuousClock.now
  private let connections = Atomic<Int>(0)

  /// Fresh counters.
  public init() {}

  /// How many connections are open.
  public var openConnections: Int { connections.load(ordering: .relaxed) }
  func connectionOpened() { connections.add(1, ordering: .relaxed) }
  func connectionClosed() { connections.subtract(1, ordering: .relaxed) }
}
