import CoreMetrics
import GatherRPC
import Synchronization

/// Counters the daemon keeps about itself, for `daemon.status` and the metrics.
public final class DaemonStats: Sendable {
  /// The daemon's version.
  public static let version = GatherVersion.current
  let startedAt = ContinuousClock.now
  private let connections = Atomic<Int>(0)
  /// `gatherd_open_connections` by transport; no-ops unless something serves the metrics.
  private let unixConnections = Meter(label: MetricFamily.connections.name, dimensions: [("transport", "unix")])
  private let webSocketConnections = Meter(
    label: MetricFamily.connections.name, dimensions: [("transport", "websocket")])

  /// Fresh counters.
  public init() {}

  /// How many connections are open.
  public var openConnections: Int { connections.load(ordering: .relaxed) }
  func connectionOpened(webSocket: Bool) {
    connections.add(1, ordering: .relaxed)
    (webSocket ? webSocketConnections : unixConnections).increment()
  }
  func connectionClosed(webSocket: Bool) {
    connections.subtract(1, ordering: .relaxed)
    (webSocket ? webSocketConnections : unixConnections).decrement()
  }
}
