import CoreMetrics

/// The session's metrics: how long its writes take, how late the clock's alarm rings, and whether storage
/// takes writes. Made once with the session, from swift-metrics' factory: no-ops unless something serves
/// the metrics. Durations are measured on the session's own clock.
struct SessionMetrics: Sendable {
  /// `gatherd_store_commit_seconds`.
  let commitTime = CoreMetrics.Timer(label: MetricFamily.commitTime.name)
  /// `gatherd_tick_lateness_seconds`.
  let tickLateness = CoreMetrics.Timer(label: MetricFamily.tickLateness.name)
  /// `gatherd_storage_available`.
  let storageAvailable = Gauge(label: MetricFamily.storageAvailable.name)

  /// Records a duration, as whole nanoseconds; a negative one (a clock that went back) as 0.
  static func record(_ duration: Duration, in timer: CoreMetrics.Timer) {
    timer.recordNanoseconds(max(duration, .zero).inNanoseconds)
  }
}
