import GatherRPC

/// What every connection of the scoreboard's listener shares: the same dispatcher, session and events as
/// the Unix socket's connections, the control token, the Host and Origin rules, the limits, and the log of
/// refusals.
struct WebServices: Sendable {
  /// The connection path's services, shared with the Unix socket's transport.
  let rpc: ConnectionServices
  /// The control token and the page's link.
  let access: WebAccess
  /// Which hosts and origins are served.
  let hosts: HostPolicy
  /// Logs refused requests at most once per client a minute.
  let refusals: RefusalReporter
  /// The caps and timeouts.
  let configuration: WebConfiguration
  /// The metrics for `GET /metrics`, when something serves them.
  var metrics: MetricsExporter?
  /// Set on the listener of `--metrics`, which serves `/metrics` alone.
  var onlyMetrics = false
  /// What a plan's sign-up code grants, from the session's committed view; nil for a code that opens no open
  /// plan (issue 24).
  var signUp: @Sendable ([UInt8]) -> SignUpGrant? = { _ in nil }

  /// Why a web peer without the token may not change the match.
  static let whyReadOnly =
    "web clients may only watch, unless they present the control token (auth.token, or Authorization: Bearer on POST; gatherctl web link prints the page's control link)."

  /// A caller for a web client: read-only unless it presented the token, or answering for one plan with its
  /// sign-up code (issue 24). While it does not read, its subscriptions together hold at most as many events as
  /// one subscription may, so a crowd of slow web clients costs little memory each.
  func caller(client: WebClient, controller: Bool, signUp: SignUpGrant? = nil) -> Caller {
    let caller = Caller(
      peer: .web(client), mayMutate: controller, whyReadOnly: Self.whyReadOnly,
      events: EventOutbox(table: rpc.hub.subscribers, backlogCapacity: EventBacklog.capacity), access: access)
    caller.signUp = signUp
    return caller
  }
}
