import Glibc
import Synchronization

/// The machine's own IP addresses (getifaddrs), for the Host check of a listener bound to a wildcard
/// address. Read when first needed and again, at most every few seconds, when a Host names an address not
/// in the list (a new DHCP lease), so that a flood of foreign addresses costs at most one read per interval.
final class InterfaceAddresses: Sendable {
  /// How often a miss may read the interfaces again.
  static let refreshInterval: Duration = .seconds(5)

  private struct Cache {
    var addresses: Set<[UInt8]> = []
    var readAt: ContinuousClock.Instant?
  }

  private let cache = Mutex(Cache())

  /// Whether `address` (4 or 16 bytes) is one of this machine's.
  func contains(_ address: [UInt8]) -> Bool {
    cache.withLock { cache in
      if let readAt = cache.readAt,
        cache.addresses.contains(address) || readAt.duration(to: .now) < Self.refreshInterval
      {
        return cache.addresses.contains(address)
      }
      cache.addresses = Self.read()
      cache.readAt = .now
      return cache.addresses.contains(address)
    }
  }

  /// Every IPv4 and IPv6 address of every interface, as bytes.
  static func read() -> Set<[UInt8]> {
    var first: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&first) == 0 else { return [] }
    defer { freeifaddrs(first) }
    var addresses: Set<[UInt8]> = []
    var next = first
    while let entry = next {
      defer { next = entry.pointee.ifa_next }
      guard let address = entry.pointee.ifa_addr else { continue }
      switch Int32(address.pointee.sa_family) {
      case AF_INET:
        address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
          var bytes = v4.pointee.sin_addr
          addresses.insert(withUnsafeBytes(of: &bytes) { Array($0) })
        }
      case AF_INET6:
        address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
          var bytes = v6.pointee.sin6_addr
          addresses.insert(withUnsafeBytes(of: &bytes) { Array($0) })
        }
      default:
        break
      }
    }
    return addresses
  }
}
