import GatherModel
import GatherRPC
import Synchronization

/// The peer behind one connection, or one request without a connection: who it is, what it may do, and its
/// subscriptions. Only ``AccessPolicy`` reads what it may do; only an `auth.token` reply changes it.
final class Caller: Sendable {
  /// Who is at the other end.
  enum Peer: Sendable {
    /// A process on this machine, on the Unix socket: its credentials decide.
    case local(PeerCredentials)
    /// A web client (HTTP, WebSocket), by its address: only the control token makes it a controller.
    case web(WebClient)
    /// A request published on this MQTT topic (with `--mqtt-control`; the broker's ACL decides who may).
    case mqtt(String)
  }

  let peer: Peer
  /// The connection's subscriptions.
  let events: EventOutbox
  /// The web listener's control token and links, for `auth.token`; nil on the Unix sockets.
  let access: WebAccess?
  /// What the peer may do.
  private let granted: Mutex<Capabilities>
  /// Set when the reply on its way is the last this connection gets (a web client that guessed the token too
  /// often): the connection closes once the reply is written.
  private let closing = Atomic(false)
  /// Ends the connection at once, when its transport keeps one open (a WebSocket): for a paired device revoked.
  private let ending = Mutex<(@Sendable () -> Void)?>(nil)

  init(peer: Peer, capabilities: Capabilities, events: EventOutbox, access: WebAccess? = nil) {
    self.peer = peer
    granted = Mutex(capabilities)
    self.events = events
    self.access = access
  }

  /// What the peer may do now.
  var capabilities: Capabilities { granted.withLock { $0 } }

  /// Applies what an `auth.token` reply granted.
  func apply(_ change: Capabilities.Change) {
    granted.withLock { $0.apply(change) }
    if change.closeConnection { closing.store(true, ordering: .relaxed) }
  }

  /// Whether the connection closes once the reply on its way is written.
  var closesAfterReply: Bool { closing.load(ordering: .relaxed) }

  /// Sets how the connection is ended at once (``revoke(device:)``).
  func endsWith(_ end: @escaping @Sendable () -> Void) { ending.withLock { $0 = end } }

  /// Takes away the control the paired device `id` gave, and ends the connection; false when its control came from
  /// elsewhere.
  func revoke(device id: PairedDevice.ID) -> Bool {
    let revoked = granted.withLock { capabilities in
      guard capabilities.device == id else { return false }
      capabilities.control = false
      capabilities.device = nil
      return true
    }
    if revoked { ending.withLock { $0 }?() }
    return revoked
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

/// What a peer may do: whether it is a controller, and what the code of a link it presented opens.
struct Capabilities: Sendable {
  /// Whether the peer may call every method.
  var control: Bool
  /// What a link's code the peer presented opens, if any.
  var code: CodeGrant?
  /// The paired device whose credential made the peer a controller, if that is what did.
  var device: PairedDevice.ID?
  /// Why the peer is not a controller, and what would make it one: the end of a -32003 message.
  let whyNotControl: String

  /// What an `auth.token` call changed.
  struct Change: Sendable {
    /// The peer became a controller.
    var control = false
    /// The code the peer presented, and what it opens.
    var code: CodeGrant?
    /// The paired device whose credential the peer presented.
    var device: PairedDevice.ID?
    /// The reply is the last the connection gets.
    var closeConnection = false
  }

  mutating func apply(_ change: Change) {
    // Control is the device's while its credential was the last presented, the control token's otherwise.
    if change.control { (control, device) = (true, change.device) }
    if let grant = change.code { code = grant }
  }
}
