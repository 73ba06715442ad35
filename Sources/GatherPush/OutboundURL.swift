/// A URL gatherd posts to (a push subscription's endpoint, a webhook), taken apart: its scheme, host, port and the
/// rest. Only `https:` and `http:` URLs with a host and no user name or password.
public struct OutboundURL: Sendable, Hashable, CustomStringConvertible {
  /// `https` or `http`.
  public let scheme: String
  /// The host, lower-cased; an IPv6 address without its brackets.
  public let host: String
  /// The port: as written, else the scheme's.
  public let port: Int
  /// The URL as given.
  public let text: String

  /// Reads `text`; nil for anything but an http(s) URL with a host, or one naming a user.
  public init?(_ text: String) {
    guard text.utf8.count <= 2048, !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value >= 0x7F })
    else { return nil }
    let lowered = text.lowercased()
    let scheme: String
    if lowered.hasPrefix("https://") {
      scheme = "https"
    } else if lowered.hasPrefix("http://") {
      scheme = "http"
    } else {
      return nil
    }
    let rest = text.dropFirst(scheme.count + 3)
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    guard !authority.isEmpty, !authority.contains("@"), let parsed = Self.hostAndPort(String(authority)) else {
      return nil
    }
    self.scheme = scheme
    host = parsed.host.lowercased()
    port = parsed.port ?? (scheme == "https" ? 443 : 80)
    self.text = text
  }

  /// The origin, as a VAPID token's audience names it: `https://host` or `https://host:port`.
  public var origin: String {
    let shown = host.contains(":") ? "[\(host)]" : host
    let standard = (scheme == "https" && port == 443) || (scheme == "http" && port == 80)
    return "\(scheme)://\(shown)" + (standard ? "" : ":\(port)")
  }

  /// The URL as logs show it: its origin only, since the path of a push endpoint identifies a phone.
  public var description: String { origin }

  /// `host`, `host:port`, `[v6]` or `[v6]:port`; nil for an empty host or a port out of 1–65535.
  static func hostAndPort(_ text: String) -> (host: String, port: Int?)? {
    var host = Substring(text)
    var portText: Substring?
    if host.hasPrefix("[") {
      guard let close = host.firstIndex(of: "]") else { return nil }
      let after = host[host.index(after: close)...]
      if !after.isEmpty {
        guard after.hasPrefix(":") else { return nil }
        portText = after.dropFirst()
      }
      host = host[host.index(after: host.startIndex)..<close]
    } else if let colon = host.lastIndex(of: ":") {
      portText = host[host.index(after: colon)...]
      host = host[..<colon]
    }
    guard !host.isEmpty else { return nil }
    guard let portText else { return (String(host), nil) }
    guard let port = Int(portText), (1...65535).contains(port) else { return nil }
    return (String(host), port)
  }
}
