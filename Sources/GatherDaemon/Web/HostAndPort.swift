import Glibc

/// A host and an optional port, as a Host header, a URL's authority or an Origin writes them: "pitch.local",
/// "192.168.1.20:8080", "[fe80::1]:8080". The host is kept in lower case, without brackets or a final dot.
struct HostAndPort: Sendable, Equatable, CustomStringConvertible {
  /// The name or address, without brackets.
  let host: String
  /// The port, if one was written.
  let port: Int?

  /// Reads `text`; nil when it is not a host with an optional port (an unbracketed IPv6 address, a port out of
  /// range, a character no host name has).
  init?(parsing text: some StringProtocol) {
    var rest = Substring(text)
    var host: Substring
    let bracketed = rest.hasPrefix("[")
    if bracketed {
      guard let close = rest.firstIndex(of: "]") else { return nil }
      host = rest[rest.index(after: rest.startIndex)..<close]
      rest = rest[rest.index(after: close)...]
      guard host.contains(":"), Self.addressBytes(String(host)) != nil else { return nil }
    } else if let colon = rest.firstIndex(of: ":") {
      host = rest[..<colon]
      rest = rest[colon...]
    } else {
      host = rest
      rest = ""
    }
    if rest.isEmpty {
      port = nil
    } else {
      guard rest.hasPrefix(":"), rest.count >= 2, rest.count <= 6, let number = Int(rest.dropFirst()),
        rest.dropFirst().allSatisfy(\.isASCII), (0...65535).contains(number)
      else { return nil }
      port = number
    }
    if host.hasSuffix("."), host.count > 1 { host = host.dropLast() }
    let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-._".utf8)
    let lowered = host.lowercased()
    guard !lowered.isEmpty, lowered.utf8.count <= 253, bracketed || lowered.utf8.allSatisfy(allowed.contains)
    else { return nil }
    self.host = lowered
  }

  /// As a Host header or URL writes it.
  var description: String {
    let name = host.contains(":") ? "[\(host)]" : host
    return port.map { "\(name):\($0)" } ?? name
  }

  /// The address's bytes (4 or 16) when the host is an IP address, not a name.
  var address: [UInt8]? { Self.addressBytes(host) }

  /// Whether the host is a loopback address (127.0.0.0/8 or ::1).
  var isLoopback: Bool {
    guard let bytes = address else { return false }
    return bytes.count == 4 ? bytes[0] == 127 : bytes == [UInt8](repeating: 0, count: 15) + [1]
  }

  /// The bytes of an IPv4 or IPv6 address in text form (an IPv6 zone, "%eth0", is left out); nil for a name. An
  /// IPv4 address mapped into IPv6 (`::ffff:192.168.1.20`, as a dual-stack socket names an IPv4 peer) gives its
  /// four IPv4 bytes.
  static func addressBytes(_ text: String) -> [UInt8]? {
    let plain = String(text.prefix { $0 != "%" })
    var v4 = in_addr()
    if inet_pton(AF_INET, plain, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
    var v6 = in6_addr()
    guard inet_pton(AF_INET6, plain, &v6) == 1 else { return nil }
    let bytes = withUnsafeBytes(of: &v6) { Array($0) }
    let mapped: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]
    return bytes.prefix(12).elementsEqual(mapped) ? Array(bytes.suffix(4)) : bytes
  }
}
