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

  /// Why a web peer without the token may not change the match.
  static let whyReadOnly =
    "web clients may only watch, unless they present the control token (auth.token, or Authorization: Bearer on POST; gatherctl web link prints the page's control link)."

  /// A caller for a web client: read-only unless it presented the token. While it does not read, its
  /// subscriptions together hold at most as many events as one subscription may, so a crowd of slow web
  /// clients costs little memory each.
  func caller(client: WebClient, controller: Bool) -> Caller {
    Caller(
      peer: .web(client), mayMutate: controller, whyReadOnly: Self.whyReadOnly,
      events: EventOutbox(table: rpc.hub.subscribers, backlogCapacity: EventBacklog.capacity), access: access)
  }
}
