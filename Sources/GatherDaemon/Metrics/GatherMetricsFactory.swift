import CoreMetrics
import Prometheus

/// swift-metrics' backend for gatherd: swift-prometheus's registry, with each family's help line and buckets
/// taken from ``MetricFamily/all``.
///
/// swift-prometheus's own factory registers every metric without help text, which promtool's lint refuses,
/// and its registry stops the process when one name is registered with two help texts. Here a name always
/// gets the same help: the catalogue's, or for a name missing from it (a library's own metric), a line that
/// says so.
struct GatherMetricsFactory: MetricsFactory {
  let registry: PrometheusCollectorRegistry
  private let families: [String: MetricFamily]

  /// The factory over `registry`.
  init(registry: PrometheusCollectorRegistry) {
    self.registry = registry
    families = Dictionary(MetricFamily.all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The name with its help line: the catalogue's, else one that says it is not gatherd's own.
  private func describe(_ label: String) -> MetricNameDescriptor {
    MetricNameDescriptor(
      metricName: label, unitName: "", helpText: families[label]?.help ?? "\(label) (not described by gatherd).")
  }

  func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
    registry.makeCounter(descriptor: describe(label), labels: dimensions)
  }

  func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
    registry.makeCounter(descriptor: describe(label), labels: dimensions)
  }

  func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
    guard aggregate else { return registry.makeGauge(descriptor: describe(label), labels: dimensions) }
    let buckets = families[label]?.buckets.map(\.inSeconds) ?? []
    return registry.makeValueHistogram(
      descriptor: describe(label), labels: dimensions, buckets: buckets.isEmpty ? [1, 10, 100, 1000] : buckets)
  }

  func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler {
    registry.makeGauge(descriptor: describe(label), labels: dimensions)
  }

  func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
    let buckets = families[label]?.buckets ?? []
    return registry.makeDurationHistogram(
      descriptor: describe(label), labels: dimensions,
      buckets: buckets.isEmpty ? [.milliseconds(1), .seconds(1)] : buckets)
  }

  func destroyCounter(_ handler: any CounterHandler) {
    if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
  }

  func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) {
    if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
  }

  func destroyRecorder(_ handler: any RecorderHandler) {
    if let gauge = handler as? Prometheus.Gauge { registry.unregisterGauge(gauge) }
    if let histogram = handler as? ValueHistogram { registry.unregisterValueHistogram(histogram) }
  }

  func destroyMeter(_ handler: any MeterHandler) {
    if let gauge = handler as? Prometheus.Gauge { registry.unregisterGauge(gauge) }
  }

  func destroyTimer(_ handler: any TimerHandler) {
    if let histogram = handler as? DurationHistogram { registry.unregisterDurationHistogram(histogram) }
  }
}
