import Glibc

/// Which addresses gatherd may connect to for one URL, checked on the address each connection is about to be made
/// to (libcurl's open-socket callback), so that a name that resolves to a private address, or a DNS answer that
/// changes between two lookups, never reaches a host the rules do not allow.
public enum AddressRules: Sendable, Hashable {
  /// Public addresses only: never loopback, private, link-local, shared (CGNAT), multicast or reserved.
  case publicOnly
  /// Public addresses, and loopback ones (a push service named `localhost`).
  case publicOrLoopback
  /// Public addresses, and this one (a push service named by its address).
  case publicOr(address: [UInt8])
  /// Any address: a webhook the administrator configured.
  case anyAddress

  /// The rules for a push service an entry names exactly: its own address if it is one, loopback for
  /// `localhost`, else public addresses only.
  static func named(_ host: String) -> AddressRules {
    if host == "localhost" { return .publicOrLoopback }
    if let address = Self.parse(host) { return .publicOr(address: address) }
    return .publicOnly
  }

  /// Whether a connection to `address` (4 bytes for IPv4, 16 for IPv6) is allowed.
  public func allows(_ address: [UInt8]) -> Bool {
    if Self.isPublic(address) { return true }
    switch self {
    case .publicOnly: return false
    case .publicOrLoopback: return Self.isLoopback(address)
    case .publicOr(let named): return Self.unmapped(address) == Self.unmapped(named)
    case .anyAddress: return true
    }
  }

  /// The bytes of an IPv4 or IPv6 address written as text; nil for a name.
  public static func parse(_ text: String) -> [UInt8]? {
    var v4 = in_addr()
    if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: v4) { Array($0) } }
    var v6 = in6_addr()
    if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: v6) { Array($0) } }
    return nil
  }

  /// An IPv4-mapped IPv6 address (::ffff:a.b.c.d) as its IPv4 address; any other as it is.
  static func unmapped(_ address: [UInt8]) -> [UInt8] {
    if address.count == 16, address[0..<10].allSatisfy({ $0 == 0 }), address[10] == 0xFF, address[11] == 0xFF {
      return Array(address[12...])
    }
    return address
  }

  static func isLoopback(_ address: [UInt8]) -> Bool {
    let address = unmapped(address)
    if address.count == 4 { return address[0] == 127 }
    return address == [UInt8](repeating: 0, count: 15) + [1]
  }

  /// Whether `address` is a global unicast address: not loopback, unspecified, private (RFC 1918, unique local),
  /// shared (RFC 6598), link-local, benchmarking, documentation, multicast or reserved.
  public static func isPublic(_ address: [UInt8]) -> Bool {
    let address = unmapped(address)
    if address.count == 4 {
      let (a, b) = (address[0], address[1])
      switch a {
      case 0, 10, 127: return false
      case 100 where (64...127).contains(b): return false
      case 169 where b == 254: return false
      case 172 where (16...31).contains(b): return false
      case 192 where b == 168 || (b == 0 && address[2] == 0) || (b == 0 && address[2] == 2): return false
      case 198 where b == 18 || b == 19 || (b == 51 && address[2] == 100): return false
      case 203 where b == 0 && address[2] == 113: return false
      case 224...255: return false
      default: return true
      }
    }
    guard address.count == 16 else { return false }
    // Only global unicast (2000::/3) is public, less documentation (2001:db8::/32) and NAT64's well-known prefix
    // (64:ff9b::/96 is outside 2000::/3 anyway).
    guard address[0] & 0xE0 == 0x20 else { return false }
    if address[0] == 0x20, address[1] == 0x01, address[2] == 0x0D, address[3] == 0xB8 { return false }
    return true
  }
}
