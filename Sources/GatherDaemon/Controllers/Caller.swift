import GatherRPC

/// The peer behind one connection, as the controllers see it: who it is, whether it may change the match,
/// and its events.
final class Caller: RPCCaller {
  /// The peer's process credentials.
  let credentials: PeerCredentials
  /// Whether the peer is a controller on a listener that allows changes.
  let mayMutate: Bool
  /// Why it is not, and what would let it (for -32003 messages).
  let whyReadOnly: String
  /// The connection's subscriptions; used only on the connection's event loop.
  let events: EventOutbox

  init(credentials: PeerCredentials, mayMutate: Bool, whyReadOnly: String, events: EventOutbox) {
    self.credentials = credentials
    self.mayMutate = mayMutate
    self.whyReadOnly = whyReadOnly
    self.events = events
  }
}
