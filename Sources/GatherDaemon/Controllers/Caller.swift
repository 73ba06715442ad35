import GatherRPC

/// The peer behind one connection, as the controllers see it: who it is, whether it may change the match,
/// and its events.
final class Caller: RPCCaller, @unchecked Sendable {
  /// Who is at the other end.
  enum Peer {
    /// A process on this machine, on the Unix socket: its credentials decide.
    case local(PeerCredentials)
    /// A web client (HTTP, WebSocket), by its address: only the control token makes it a controller.
    case web(WebClient)
    /// A request published on this MQTT topic (with `--mqtt-control`; the broker's ACL decides who may).
    case mqtt(String)
  }

  let peer: Peer
  /// Whether the peer may change the match; a web peer gains it with `auth.token`. Used on the connection's
  /// event loop only.
  var mayMutate: Bool
  /// Why it is not, and what would let it (for -32003 messages).
  let whyReadOnly: String
  /// The connection's subscriptions; used only on the connection's event loop.
  let events: EventOutbox

  /// The web listener's control token, for `auth.token`; nil on the Unix sockets.
  let access: WebAccess?
  /// What the code of a link this web peer presented grants (``CodeGrant``): `plan.join` and `plan.leave` for a
  /// plan's sign-up code, `vote.cast` for a vote's, for its own plan or gather only, while it stays valid. Used on
  /// the connection's event loop only.
  var grant: CodeGrant?
  /// Set by a method whose reply is the last this connection gets (a web client that guessed the token too
  /// often): the connection closes once the reply is written. Used on the connection's event loop only.
  var closesAfterReply = false

  init(peer: Peer, mayMutate: Bool, whyReadOnly: String, events: EventOutbox, access: WebAccess? = nil) {
    self.peer = peer
    self.mayMutate = mayMutate
    self.whyReadOnly = whyReadOnly
    self.events = events
    self.access = access
  }

  /// Whether a link's code grants this method; its handler checks the plan or the gather, and the code.
  func isGranted(_ method: String) -> Bool {
    grant?.methods.contains(method) ?? false
  }

  /// The peer for logs: "uid 1000" or "web client 192.168.1.20:51234".
  var who: String {
    switch peer {
    case .local(let credentials): "uid \(credentials.uid)"
    case .web(let client): "web client \(client)"
    case .mqtt(let topic): "MQTT \(topic)"
    }
  }
}
