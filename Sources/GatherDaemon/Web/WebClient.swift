import NIOCore

/// A web peer: its address, by which connections are capped and abuse is limited, and how logs name its
/// connection.
struct WebClient: Sendable, CustomStringConvertible {
  /// The peer's IP address; for a peer on a Unix socket (a reverse proxy), "unix:PATH".
  let address: String
  /// "192.168.1.20:51234", "[fe80::1]:51234", or the Unix socket's path.
  let description: String
  /// Whether the peer is a process on a Unix socket: a proxy that speaks for many clients.
  let isLocalProxy: Bool

  /// The client at the other end of a connection to `remote`.
  init(_ remote: SocketAddress?) {
    if let remote, let ip = remote.ipAddress, let port = remote.port {
      address = ip
      description = ip.contains(":") ? "[\(ip)]:\(port)" : "\(ip):\(port)"
      isLocalProxy = false
    } else {
      let path = remote?.pathname ?? "unknown"
      address = "unix:" + path
      description = path
      isLocalProxy = true
    }
  }
}
