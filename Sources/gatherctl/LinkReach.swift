/// Whether phones away from this network can open a link gatherd gave: not when its host is a private address
/// (10/8, 172.16/12, 192.168/16, the shared 100.64/10 of carrier NAT and tailnets, IPv4 and IPv6 link-local, IPv6
/// unique local fc00::/7) or a name only a home network resolves (.local, .lan, .home, .internal, .home.arpa, or
/// no dot at all). The loopback address is gatherd's own note to make (`web.link`'s note).
enum LinkReach {
  /// The note to print under a LAN-only link, saying why and what to do; nil for a link phones anywhere may open.
  static func lanOnlyNote(_ link: String) -> String? {
    guard let host = host(of: link), isLANOnly(host) else { return nil }
    let what = host.contains(":") || host.first?.isNumber == true ? "a private address" : "a local name"
    return "this link works only on this network (\(host) is \(what)): phones on mobile data or elsewhere "
      + "cannot open it. To reach them anywhere, put gatherd behind a reverse proxy with a real domain and "
      + "certificate (Caddy does both), or a tunnel, and start gatherd with --public-url https://YOUR.DOMAIN/ "
      + "(docs/outside.md)."
  }

  /// The host of `link` (`http://HOST:PORT/…`), without an IPv6 address's brackets.
  static func host(of link: String) -> String? {
    let parts = link.split(separator: "://", maxSplits: 1)
    guard parts.count == 2 else { return nil }
    let rest = parts[1]
    let authority = rest.prefix { $0 != "/" && $0 != "#" && $0 != "?" }
    if authority.hasPrefix("[") { return authority.dropFirst().split(separator: "]").first.map(String.init) }
    return authority.split(separator: ":").first.map { String($0).lowercased() }
  }

  /// Whether `host` is reachable only from a home network.
  static func isLANOnly(_ host: String) -> Bool {
    if host.contains(":") {
      let first = UInt16(host.split(separator: ":", omittingEmptySubsequences: false).first ?? "", radix: 16) ?? 0
      return first & 0xFE00 == 0xFC00 || first & 0xFFC0 == 0xFE80
    }
    let octets = host.split(separator: ".").compactMap { UInt8($0) }
    if octets.count == 4 {
      let (a, b) = (octets[0], octets[1])
      return a == 10 || (a == 172 && (16...31).contains(b)) || (a == 192 && b == 168)
        || (a == 100 && (64...127).contains(b))
        || (a == 169 && b == 254)
    }
    let localSuffixes = [".local", ".lan", ".home", ".internal", ".home.arpa", ".localdomain"]
    return host != "localhost" && (!host.contains(".") || localSuffixes.contains { host.hasSuffix($0) })
  }
}
