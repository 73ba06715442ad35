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
  static func read() -> Set<[UInt8]> { Set(list().map(\.bytes)) }

  /// One address of one of the machine's interfaces.
  struct Entry: Sendable, Equatable {
    /// The interface's name ("eth0", "wlan0").
    let interface: String
    /// The address: 4 bytes for IPv4, 16 for IPv6.
    let bytes: [UInt8]
    /// Whether the interface is up and running.
    let isUp: Bool
  }

  /// Every IPv4 and IPv6 address of every interface, in the kernel's order (getifaddrs).
  static func list() -> [Entry] {
    var first: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&first) == 0 else { return [] }
    defer { freeifaddrs(first) }
    var entries: [Entry] = []
    var next = first
    while let entry = next {
      defer { next = entry.pointee.ifa_next }
      guard let address = entry.pointee.ifa_addr else { continue }
      var bytes: [UInt8]
      switch Int32(address.pointee.sa_family) {
      case AF_INET:
        bytes = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
          var raw = v4.pointee.sin_addr
          return withUnsafeBytes(of: &raw) { Array($0) }
        }
      case AF_INET6:
        bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
          var raw = v6.pointee.sin6_addr
          return withUnsafeBytes(of: &raw) { Array($0) }
        }
      default:
        continue
      }
      let flags = Int32(bitPattern: entry.pointee.ifa_flags)
      let up = flags & Int32(IFF_UP) != 0 && flags & Int32(IFF_RUNNING) != 0
      entries.append(Entry(interface: String(cString: entry.pointee.ifa_name), bytes: bytes, isUp: up))
    }
    return entries
  }
}
