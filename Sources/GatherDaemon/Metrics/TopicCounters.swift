import CoreMetrics

/// `gatherd_events_total` by topic: one handle per topic, made once with the hub.
struct TopicCounters: Sendable {
  private let counters: [CoreMetrics.Counter]

  init() {
    counters = Topic.allCases.map { Counter(label: MetricFamily.events.name, dimensions: [("topic", $0.rawValue)]) }
  }

  /// Counts one event of `topic`.
  func count(_ topic: Topic) {
    // Six topics: a scan is as quick as a hash, and needs no second list kept in step with the enum.
    guard let index = Topic.allCases.firstIndex(of: topic) else { return }
    counters[index].increment()
  }
}
