import GatherRPC

/// What every connection of the scoreboard's listener shares: the same dispatcher, session and events as
/// the Unix socket's connections, the control token, and the page.
struct WebServices: Sendable {
  /// The connection path's services, shared with the Unix socket's transport.
  let rpc: ConnectionServices
  /// The control token and the page's link.
  let access: WebAccess
  /// The scoreboard, embedded in the binary.
  let page: [UInt8]
  /// The metrics for `GET /metrics`, when something serves them.
  var metrics: MetricsExporter?
  /// Set on the listener of `--metrics`, which serves `/metrics` alone.
  var onlyMetrics = false
  /// What a plan's sign-up code grants, or nil for a code that opens no open plan (issue 24).
  var signUp: @Sendable ([UInt8]) -> SignUpGrant? = { _ in nil }

  /// The page runs its own inline script and style, and talks only to its own address.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

  /// Why a web peer without the token may not change the match.
  static let whyReadOnly =
    "web clients may only watch, unless they present the control token (auth.token, or Authorization: Bearer on POST; gatherctl web link prints the page's control link)."

  /// A caller for a web peer: read-only unless it presented the token, or answering for one plan with its
  /// sign-up code.
  func caller(peer: String, controller: Bool, signUp: SignUpGrant? = nil) -> Caller {
    let caller = Caller(
      peer: .web(peer), mayMutate: controller, whyReadOnly: Self.whyReadOnly,
      events: EventOutbox(table: rpc.hub.subscribers), access: access)
    caller.signUp = signUp
    return caller
  }
}
