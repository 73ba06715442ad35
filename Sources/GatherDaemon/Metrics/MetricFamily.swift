import Prometheus

/// One of gatherd's metrics as Prometheus shows it: its name (prefix `gatherd_`, base units, `_total` on
/// counters), the help line, and for a histogram its buckets.
///
/// Every name gatherd reports through swift-metrics is listed in ``all``, so that the scrape has a `# HELP`
/// line for each (promtool's lint wants one) and each histogram gets buckets that fit what it measures.
public struct MetricFamily: Sendable, Hashable {
  /// The Prometheus name, which is also the swift-metrics label.
  public let name: String
  /// The `# HELP` text.
  public let help: String
  /// A histogram's upper bounds, in seconds; empty for the other kinds.
  public let buckets: [Duration]

  init(_ name: String, _ help: String, buckets: [Duration] = []) {
    self.name = name
    self.help = help
    self.buckets = buckets
  }

  /// The name and help as swift-prometheus takes them.
  var descriptor: MetricNameDescriptor { MetricNameDescriptor(metricName: name, unitName: "", helpText: help) }
}

extension MetricFamily {
  static let buildInfo = MetricFamily(
    "gatherd_build_info", "Always 1; the version label is gatherd's version.")
  static let requests = MetricFamily(
    "gatherd_rpc_requests_total",
    "JSON-RPC requests answered, by method and outcome (ok or error), on every transport.")
  static let errors = MetricFamily(
    "gatherd_rpc_errors_total",
    "JSON-RPC errors answered, by reason (data.reason: invalid_params, method_not_found, parse_error, ...).")
  static let connections = MetricFamily(
    "gatherd_open_connections", "Client connections open now, by transport (unix or websocket).")
  static let subscriptions = MetricFamily("gatherd_subscriptions", "Event subscriptions open now.")
  static let events = MetricFamily("gatherd_events_total", "Events published to subscribers, by topic.")
  static let tickLateness = MetricFamily(
    "gatherd_tick_lateness_seconds", "How long after its due time the match clock's alarm rang for a tick.",
    buckets: [
      .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2),
      .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
      .milliseconds(250), .seconds(1),
    ])
  static let commitTime = MetricFamily(
    "gatherd_store_commit_seconds", "How long each database write took, synced to disk.",
    buckets: [
      .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
      .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
      .milliseconds(500), .seconds(1), .seconds(5),
    ])
  static let storageAvailable = MetricFamily(
    "gatherd_storage_available", "1 while the database takes writes, 0 while they fail (full or failing disk).")
  static let keptConnections = MetricFamily(
    "gatherd_fdstore_connections", "Client connections kept in the service manager's file descriptor store.")
  static let mqttConnected = MetricFamily(
    "gatherd_mqtt_connected", "1 while gatherd is connected to its MQTT broker, else 0.")
  static let mqttPublished = MetricFamily(
    "gatherd_mqtt_messages_published_total", "MQTT messages gatherd published to its broker.")

  /// Every metric gatherd reports through swift-metrics.
  public static let all: [MetricFamily] = [
    buildInfo, requests, errors, connections, subscriptions, events, tickLateness, commitTime, storageAvailable,
    keptConnections, mqttConnected, mqttPublished,
  ]
}
