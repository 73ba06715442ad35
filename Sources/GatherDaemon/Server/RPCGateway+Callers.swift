import GatherModel

/// The callers of every transport: who is at the other end, and what they may do.
extension RPCGateway {
  /// Why a web peer without the token may not change the match.
  static let webWhyReadOnly =
    "web clients may only watch, unless they present the control token (auth.token, or Authorization: Bearer on POST; gatherctl web link prints the page's control link)."

  /// A process on a Unix socket: a controller if its credentials say so, unless the socket is `readOnly` (the
  /// status socket).
  func localCaller(_ credentials: PeerCredentials, readOnly: Bool) -> Caller {
    Caller(
      peer: .local(credentials),
      capabilities: Capabilities(
        control: !readOnly && access.isController(credentials),
        whyNotControl: readOnly
          ? "this is gatherd's read-only status socket: changes go through its control socket."
          : access.whoMayControl(uid: credentials.uid)),
      events: EventOutbox(table: hub.subscribers))
  }

  /// A web client: read-only unless it presented the control token or a paired `device`'s credential, or answering
  /// for one plan or voting in one gather's vote with a link's code. While it does not read, its subscriptions
  /// together hold at most as many events as one subscription may, so a crowd of slow web clients costs little
  /// memory each.
  func webCaller(
    _ client: WebClient, controller: Bool, grant: CodeGrant? = nil, device: PairedDevice.ID? = nil
  ) -> Caller {
    Caller(
      peer: .web(client),
      capabilities: Capabilities(control: controller, code: grant, device: device, whyNotControl: Self.webWhyReadOnly),
      events: EventOutbox(table: hub.subscribers, backlogCapacity: EventBacklog.capacity), access: web)
  }

  /// A request published on an MQTT topic (with `--mqtt-control`): a controller, as the broker's ACL decides
  /// who may publish there.
  func mqttCaller(topic: String) -> Caller {
    Caller(
      peer: .mqtt(topic), capabilities: Capabilities(control: true, whyNotControl: ""),
      events: EventOutbox(table: hub.subscribers))
  }

  /// What a paired device's credential or a link's code opens, from the committed view; nil for a code of no device,
  /// no plan and no vote.
  func codeAccess(for code: [UInt8]) -> WebAccess.Access? {
    AccessPolicy.codeAccess(code, in: currentView().state)
  }
}
