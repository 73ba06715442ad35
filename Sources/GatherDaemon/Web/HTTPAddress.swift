/// Where the scoreboard's HTTP listener listens: `--http 127.0.0.1:8080`, `--http [::]:8080`,
/// `--http unix:/run/gatherd/http.sock` (for a reverse proxy), or a socket systemd passes as `http`.
public enum HTTPAddress: Sendable, Equatable, CustomStringConvertible {
  /// A TCP address and port (0 picks a free port).
  case tcp(host: String, port: Int)
  /// A Unix socket path.
  case unix(String)
  /// A listening socket inherited from systemd.
  case inherited(fd: Int32)

  /// Reads `--http`'s value; the error says what is expected.
  public init(parsing text: String) throws(HTTPAddressError) {
    if text.hasPrefix("unix:") {
      let path = String(text.dropFirst(5))
      guard path.hasPrefix("/"), path.utf8.count <= 107 else {
        throw HTTPAddressError("\(text): after unix: give an absolute socket path of at most 107 bytes.")
      }
      self = .unix(path)
      return
    }
    guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
      (0...65535).contains(port)
    else {
      throw HTTPAddressError(
        "\(text) is not an address: use HOST:PORT (127.0.0.1:8080, [::]:8080) or unix:/path/to/socket.")
    }
    var host = String(text[..<colon])
    if host.hasPrefix("[") && host.hasSuffix("]") {
      host = String(host.dropFirst().dropLast())
    } else if host.contains(":") {
      throw HTTPAddressError("\(text): write an IPv6 address in brackets, as in [::1]:8080.")
    }
    guard !host.isEmpty else { throw HTTPAddressError("\(text): give a host, as in 0.0.0.0:8080 or [::]:8080.") }
    self = .tcp(host: host, port: port)
  }

  /// How logs and links name it.
  public var description: String {
    switch self {
    case .tcp(let host, let port): host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    case .unix(let path): "unix:\(path)"
    case .inherited(let fd): "inherited socket \"http\" (fd \(fd))"
    }
  }
}

/// `--http` was given something that is not an address.
public struct HTTPAddressError: Error, CustomStringConvertible {
  /// What is wrong, and what is expected.
  public let description: String
  init(_ description: String) { self.description = description }
}
