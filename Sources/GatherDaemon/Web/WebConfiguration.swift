/// The scoreboard listener's address rules, caps and timeouts (`--public-url`, `--allowed-host`,
/// `--http-max-connections`, `--http-max-connections-per-address`, `--http-header-timeout`,
/// `--http-idle-timeout`).
public struct WebConfiguration: Sendable {
  /// The address people use, if given: its host and origin are accepted, and the control link uses it.
  public var publicURL: PublicURL?
  /// More host names (or addresses) that requests may name in Host.
  public var allowedHosts: [String]
  /// The most web connections open at once (HTTP and WebSocket together).
  public var maxConnections: Int
  /// The most web connections open at once from one client address (a Unix socket's peer, a proxy, is not
  /// counted per address).
  public var maxConnectionsPerAddress: Int
  /// How long a connection has to send a request's headers whole, from the moment it opens or its last response
  /// was written.
  public var headerTimeout: Duration
  /// How long an HTTP request may go silent, and a WebSocket that watches nothing may say nothing; a subscriber
  /// is pinged after this long without a word, and closed if the ping goes unanswered as long again.
  public var idleTimeout: Duration

  /// The defaults: 256 connections, 32 per address, headers within 10 s, idle after 30 s.
  public init(
    publicURL: PublicURL? = nil, allowedHosts: [String] = [], maxConnections: Int = 256,
    maxConnectionsPerAddress: Int = 32, headerTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(30)
  ) {
    self.publicURL = publicURL
    self.allowedHosts = allowedHosts
    self.maxConnections = maxConnections
    self.maxConnectionsPerAddress = maxConnectionsPerAddress
    self.headerTimeout = headerTimeout
    self.idleTimeout = idleTimeout
  }

  /// Reads an `--allowed-host` value: a host name or an IP address, without a scheme or port (an IPv6 address
  /// with or without brackets); returns it in lower case.
  public static func allowedHost(parsing text: String) throws(PublicURLError) -> String {
    let bracketed = text.contains(":") && !text.hasPrefix("[") ? "[\(text)]" : text
    guard let host = HostAndPort(parsing: bracketed), host.port == nil else {
      throw PublicURLError(
        "\(text) is not a host name: give a name or an address without scheme or port, as in pitch.local or 192.168.1.20."
      )
    }
    return host.host
  }
}
