/// What every connection of the scoreboard's listener shares: the gateway that the Unix sockets answer
/// through too, the control token, the Host and Origin rules, the limits, and the metrics.
struct WebServices: Sendable {
  /// The way into the session, shared with every other transport.
  let gateway: RPCGateway
  /// The control token and the page's link.
  let access: WebAccess
  /// Which hosts and origins are served.
  let hosts: HostPolicy
  /// The caps and timeouts.
  let configuration: WebConfiguration
  /// The metrics for `GET /metrics`, when something serves them.
  var metrics: MetricsExporter?
  /// Set on the listener of `--metrics`, which serves `/metrics` alone.
  var onlyMetrics = false

  /// Logs refused requests at most once per client a minute.
  var refusals: RefusalReporter { gateway.refusals }
}
