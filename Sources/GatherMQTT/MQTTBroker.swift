/// Where the broker is, from a URL such as `mqtt://gatherd@hub.lan:1883` or `mqtts://hub.lan`.
public struct MQTTBroker: Sendable, Equatable, CustomStringConvertible {
  /// The host name or address (an IPv6 address without its brackets).
  public var host: String
  /// The TCP port.
  public var port: Int
  /// Whether the connection uses TLS (`mqtts://`).
  public var tls: Bool
  /// The user name to log in with, if any.
  public var user: String?

  /// Reads `mqtt://[user@]host[:port]` or `mqtts://…`; the port defaults to 1883, or 8883 with TLS. A password
  /// in the URL is refused: it would show in `ps` and in the unit file, so it comes from a file instead.
  public init(parsing text: String) throws(MQTTError) {
    let scheme: Substring
    let rest: Substring
    // What the errors show: the URL without whatever comes before an @, which may hold a password.
    let url = Self.withoutUserInfo(text)
    guard let separator = text.firstRange(of: "://") else {
      throw MQTTError("\"\(url)\" is not an MQTT URL; write mqtt://[user@]host[:port] or mqtts://…")
    }
    scheme = text[..<separator.lowerBound]
    rest = text[separator.upperBound...]
    // Before anything else, so that no other error can show a password someone put in the URL.
    if let at = rest.lastIndex(of: "@"), rest[..<at].contains(":") {
      throw MQTTError("put no password in the URL; give it in a file with --mqtt-password-file")
    }
    switch scheme.lowercased() {
    case "mqtt": tls = false
    case "mqtts": tls = true
    default: throw MQTTError("the scheme must be mqtt:// or mqtts://, not \(scheme)://")
    }
    var authority = rest
    if authority.hasSuffix("/") { authority.removeLast() }
    guard !authority.contains(where: { "/?#".contains($0) }) else {
      throw MQTTError("\"\(url)\" has a path, query or fragment; write mqtt://[user@]host[:port]")
    }
    if let at = authority.lastIndex(of: "@") {
      let userInfo = authority[..<at]
      guard !userInfo.contains(":") else {
        throw MQTTError("put no password in the URL; give it in a file with --mqtt-password-file")
      }
      guard !userInfo.isEmpty else { throw MQTTError("\"\(url)\" has an empty user name before @") }
      user = String(userInfo)
      authority = authority[authority.index(after: at)...]
    }
    var portText: Substring?
    if authority.hasPrefix("[") {
      guard let close = authority.firstIndex(of: "]") else {
        throw MQTTError("\"\(url)\" opens an IPv6 address with [ but does not close it")
      }
      host = String(authority[authority.index(after: authority.startIndex)..<close])
      let after = authority[authority.index(after: close)...]
      if !after.isEmpty {
        guard after.hasPrefix(":") else { throw MQTTError("\"\(url)\" has something after its IPv6 address") }
        portText = after.dropFirst()
      }
    } else if let colon = authority.lastIndex(of: ":") {
      host = String(authority[..<colon])
      portText = authority[authority.index(after: colon)...]
    } else {
      host = String(authority)
    }
    guard !host.isEmpty, !host.contains(where: { $0 == " " || $0 == "[" || $0 == "]" }) else {
      throw MQTTError("\"\(url)\" names no host; write mqtt://[user@]host[:port]")
    }
    if let portText {
      guard let port = Int(portText), (1...65535).contains(port) else {
        throw MQTTError("the port must be a number from 1 to 65535, not \"\(portText)\"")
      }
      self.port = port
    } else {
      port = tls ? 8883 : 1883
    }
  }

  /// `text` with everything between `://` and the last `@` (a user, and perhaps a password) left out.
  static func withoutUserInfo(_ text: String) -> String {
    guard let at = text.lastIndex(of: "@") else { return text }
    let start = text.firstRange(of: "://")?.upperBound ?? text.startIndex
    guard start <= at else { return text }
    return String(text[..<start]) + "…" + String(text[at...])
  }

  /// The broker without the user, for logs: "mqtt://hub.lan:1883".
  public var description: String {
    "\(tls ? "mqtts" : "mqtt")://\(host.contains(":") ? "[\(host)]" : host):\(port)"
  }
}
