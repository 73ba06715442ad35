/// The address people use to reach the scoreboard (`--public-url`): `https://gather.example` or
/// `http://192.168.1.20:8080/gather/`. Its host passes the Host check, its origin (scheme, host, port) the
/// Origin check, and the control link is built on it. Behind a reverse proxy it is the proxy's address.
public struct PublicURL: Sendable, Equatable, CustomStringConvertible {
  /// "http" or "https".
  public let scheme: String
  /// The host, in lower case; an IPv6 address without brackets.
  public let host: String
  /// The port as written; nil for the scheme's default.
  public let port: Int?
  /// The path of the page, starting and ending with "/".
  public let path: String

  /// Reads `--public-url`'s value; the error says what is expected.
  public init(parsing text: String) throws(PublicURLError) {
    let example =
      "give http:// or https://, a host, an optional port and path, as in https://gather.example or http://192.168.1.20:8080/gather/"
    guard let separator = text.firstRange(of: "://") else { throw PublicURLError("\(text) is not a URL: \(example).") }
    let scheme = text[..<separator.lowerBound].lowercased()
    guard scheme == "http" || scheme == "https" else {
      throw PublicURLError("\(text): the scheme must be http or https; \(example).")
    }
    let rest = text[separator.upperBound...]
    guard !rest.contains(where: { $0 == "?" || $0 == "#" }) else {
      throw PublicURLError("\(text): the page's address has no query or fragment; \(example).")
    }
    let authority = rest.prefix { $0 != "/" }
    guard !authority.contains("@") else { throw PublicURLError("\(text): leave out the user name; \(example).") }
    guard let hostAndPort = HostAndPort(parsing: authority), hostAndPort.port != 0 else {
      throw PublicURLError("\(text): \"\(authority)\" is not a host with an optional port; \(example).")
    }
    var path = String(rest[authority.endIndex...])
    guard path.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "\"" && $0 != "<" && $0 != ">" }) else {
      throw PublicURLError("\(text): write the path percent-encoded, without spaces or quotes.")
    }
    if !path.hasPrefix("/") { path = "/" + path }
    if !path.hasSuffix("/") { path += "/" }
    self.scheme = scheme
    host = hostAndPort.host
    port = hostAndPort.port
    self.path = path
  }

  /// The port a browser connects to: the one written, or 80 for http and 443 for https.
  public var effectivePort: Int { port ?? (scheme == "https" ? 443 : 80) }

  /// The origin, as a browser's `Origin` header writes it: the scheme, the host and a port that is not the default.
  public var origin: String {
    let name = host.contains(":") ? "[\(host)]" : host
    return port.map { $0 == (scheme == "https" ? 443 : 80) ? "\(scheme)://\(name)" : "\(scheme)://\(name):\($0)" }
      ?? "\(scheme)://\(name)"
  }

  /// The page's address: the origin and the path.
  public var description: String { origin + path }
}

/// `--public-url` was given something that is not an http or https URL.
public struct PublicURLError: Error, CustomStringConvertible {
  /// What is wrong, and what is expected.
  public let description: String
  init(_ description: String) { self.description = description }
}
