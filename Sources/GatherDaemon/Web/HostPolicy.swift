import Glibc
import NIOCore
import NIOHTTP1

/// Which Host a request may name, and which pages may talk to the listener: the defence against DNS
/// rebinding, where another site's page reaches the LAN through a name its own DNS points at this machine.
///
/// A request's Host (or an absolute-form target's authority) must be `localhost`, a loopback address, the
/// address the connection came in on or another of this machine's addresses, the machine's host name (and
/// NAME.local), `--public-url`'s host, or an `--allowed-host`. A browser's `Origin` must be the request's own
/// (`http://` and the same host and port) or `--public-url`'s origin; X-Forwarded-* headers are never read.
final class HostPolicy: Sendable {
  /// The address people use, if configured.
  let publicURL: PublicURL?
  private let names: Set<String>
  private let addresses: Set<[UInt8]>
  private let interfaces = InterfaceAddresses()

  /// What the Host check decided.
  enum Verdict: Equatable {
    /// Served; the host the request named (nil for an HTTP/1.0 request without one).
    case allowed(HostAndPort?)
    /// 421: a host that is not this listener's.
    case foreign(String)
    /// 400: two Host headers, none on HTTP/1.1, or one that is not a host.
    case malformed(String)
  }

  /// A policy for the listener: `publicURL`, `allowedHosts` (names or addresses, checked by the settings),
  /// and `machineName` (`gethostname`), which requests may name (links never do: it may resolve only here).
  init(publicURL: PublicURL?, allowedHosts: [String], machineName: String? = HostPolicy.machineName()) {
    self.publicURL = publicURL
    var names: Set<String> = ["localhost"]
    var addresses: Set<[UInt8]> = []
    let given = allowedHosts + (publicURL.map { [$0.host] } ?? [])
    for host in given.compactMap({ HostAndPort(parsing: $0.hasPrefix("[") || !$0.contains(":") ? $0 : "[\($0)]") }) {
      if let bytes = host.address { addresses.insert(bytes) } else { names.insert(host.host) }
    }
    if let machine = machineName.flatMap({ HostAndPort(parsing: $0) }), machine.address == nil {
      names.insert(machine.host)
      if !machine.host.hasSuffix(".local") { names.insert(machine.host + ".local") }
    }
    self.names = names
    self.addresses = addresses
  }

  /// Checks the host a request names: its absolute-form authority if it has one, else its one Host header.
  func check(_ head: HTTPRequestHead, target: RequestTarget, local: SocketAddress?) -> Verdict {
    let hosts = head.headers["host"]
    guard hosts.count <= 1 else { return .malformed("The request has \(hosts.count) Host headers; send one.") }
    guard let text = target.authority.map(String.init) ?? hosts.first else {
      return head.version.major == 1 && head.version.minor == 0
        ? .allowed(nil) : .malformed("An HTTP/1.1 request needs a Host header.")
    }
    guard let host = HostAndPort(parsing: text) else { return .malformed("\"\(text)\" is not a host name.") }
    return isAllowed(host, local: local) ? .allowed(host) : .foreign(host.host)
  }

  /// Whether `host` is one of this listener's names or addresses.
  func isAllowed(_ host: HostAndPort, local: SocketAddress?) -> Bool {
    if names.contains(host.host) { return true }
    guard let bytes = host.address else { return false }
    if host.isLoopback || addresses.contains(bytes) { return true }
    if let local, let ip = local.ipAddress, HostAndPort.addressBytes(ip) == bytes { return true }
    return interfaces.contains(bytes)
  }

  /// Whether a browser's `Origin` may use the listener for a request to `host`: none (not a browser), the
  /// request's own origin over http, or `--public-url`'s origin. "null" and every other site are refused.
  func isAllowedOrigin(_ origin: String?, host: HostAndPort?) -> Bool {
    guard let origin else { return true }
    guard let separator = origin.firstRange(of: "://"),
      let other = HostAndPort(parsing: origin[separator.upperBound...])
    else { return false }
    let scheme = origin[..<separator.lowerBound].lowercased()
    let port = other.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
    if let publicURL, scheme == publicURL.scheme, other.host == publicURL.host, port == publicURL.effectivePort {
      return true
    }
    guard scheme == "http", let host else { return false }
    return other.host == host.host && port == (host.port ?? 80)
  }

  /// The machine's host name, which the control link of a listener on a wildcard address names.
  static func machineName() -> String? {
    var name = [CChar](repeating: 0, count: 256)
    guard gethostname(&name, name.count) == 0 else { return nil }
    let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return text.isEmpty ? nil : text
  }
}
