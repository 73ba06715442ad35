import CoreMetrics
import GatherRPC
import Prometheus
import Synchronization

/// gatherd's metrics in Prometheus' text format (0.0.4), for `GET /metrics`.
///
/// Metrics are on only when something serves them (`--http`, systemd's `http` socket, `--metrics` or its
/// `metrics` socket): then ``bootstrap()`` makes the registry and hands swift-metrics a factory for it
/// before any part of the daemon makes its handles, and every counter the daemon's path bumps (requests,
/// errors, connections, subscriptions, events, commits, ticks, the fd store, MQTT) lands in it. Otherwise
/// swift-metrics keeps its no-op handlers, and the same build runs with metrics off.
public final class MetricsExporter: Sendable {
  /// The scrape's `Content-Type`.
  public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

  let registry: PrometheusCollectorRegistry
  private let process: ProcessMetrics
  /// One scrape at a time: each reads `/proc` and writes into the same buffer.
  private let scraping = Mutex<[UInt8]>([])

  /// A registry with gatherd's build info and the `process_*` metrics. Tests make their own; the daemon
  /// calls ``bootstrap()``.
  init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
    self.registry = registry
    registry.makeGauge(descriptor: MetricFamily.buildInfo.descriptor, labels: [("version", GatherVersion.current)])
      .set(to: 1)
    // At 0 until the connection keeper, which exists only under systemd with a file descriptor store, moves it.
    registry.makeGauge(descriptor: MetricFamily.keptConnections.descriptor).set(to: 0)
    process = ProcessMetrics(registry: registry)
  }

  /// Makes the registry and makes it swift-metrics' backend for the whole process. Call it once, before the
  /// parts of the daemon are made (their handles come from the factory in place when they are).
  public static func bootstrap() -> MetricsExporter {
    let exporter = MetricsExporter()
    MetricsSystem.bootstrap(GatherMetricsFactory(registry: exporter.registry))
    return exporter
  }

  /// The current values of every metric, in the text format.
  public func scrape() -> [UInt8] {
    scraping.withLock { buffer in
      process.update()
      buffer.removeAll(keepingCapacity: true)
      registry.emit(into: &buffer)
      return buffer
    }
  }
}
