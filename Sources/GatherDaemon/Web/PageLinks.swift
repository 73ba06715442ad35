/// Where people open the scoreboard, as a link or a QR code should carry it: `--public-url` when it is
/// given; otherwise the listener's own address, and for a wildcard listener (`0.0.0.0`, `[::]`) the machine's LAN
/// addresses, the default route's interface first. Never `0.0.0.0`, `[::]`, or a host name that may resolve only
/// on the server itself; a listener only this machine can reach still gets its link, with a note saying what to
/// pass instead.
struct PageLinks: Sendable, Equatable {
  /// The page's addresses, the one to use first ("http://192.168.1.20:8080/").
  let pages: [String]
  /// Why these links may not open on a phone, and what to pass instead; nil when they should.
  let note: String?

  /// Where the listener was bound, as far as the links need it.
  enum Served: Sendable, Equatable {
    /// An IP address in text form ("0.0.0.0", "::", "127.0.0.1", "192.168.1.20") and the port.
    case ip(String, port: Int)
    /// A Unix socket, for a reverse proxy in front.
    case unix(String)
  }

  /// The links for a listener `served` at that address (nil before it is bound), given `publicURL`, the machine's
  /// interface addresses and the interface of its default route.
  static func resolve(
    served: Served?, publicURL: PublicURL?, interfaces: [InterfaceAddresses.Entry], defaultInterface: String?
  ) -> Result<PageLinks, WebAccessError> {
    if let publicURL { return .success(PageLinks(pages: [publicURL.description], note: nil)) }
    switch served {
    case nil:
      return .failure(WebAccessError("gatherd serves no web page: start it with --http ADDRESS (see gatherd --help)."))
    case .unix(let path)?:
      return .failure(
        WebAccessError(
          "gatherd serves the page on unix:\(path) for a reverse proxy, so it does not know the address people use: start it with --public-url and the proxy's address (e.g. https://gather.example/)."
        ))
    case .ip(let host, let port)?:
      let any = host == "0.0.0.0" || host == "::"
      guard let bytes = HostAndPort.addressBytes(host) else {
        return .success(PageLinks(pages: [page(host, port)], note: nil))
      }
      if !any {
        let local = HostAndPort(parsing: bytes.count == 4 ? host : "[\(host)]")?.isLoopback ?? false
        return .success(PageLinks(pages: [page(host, port)], note: local ? loopbackNote(host, port) : nil))
      }
      let lan = interfaces.filter { entry in
        entry.isUp && isReachable(entry.bytes) && (host == "::" || entry.bytes.count == 4)
      }
      // The default route's interface first, IPv4 before IPv6, otherwise in the kernel's order.
      let ordered = lan.enumerated().sorted { first, second in
        let rank = { (entry: InterfaceAddresses.Entry) in
          (entry.interface == defaultInterface ? 0 : 2) + (entry.bytes.count == 4 ? 0 : 1)
        }
        return (rank(first.element), first.offset) < (rank(second.element), second.offset)
      }.map(\.element.bytes)
      var pages: [String] = []
      for address in ordered {
        let text = page(addressText(address), port)
        if !pages.contains(text) { pages.append(text) }
      }
      guard !pages.isEmpty else {
        let loopback = host == "::" ? "::1" : "127.0.0.1"
        return .success(
          PageLinks(
            pages: [page(loopback, port)],
            note:
              "This machine has no network address but loopback, so no phone can open the page: connect it to the network, or start gatherd with --public-url URL."
          ))
      }
      return .success(PageLinks(pages: pages, note: nil))
    }
  }

  /// The links with a fragment ("token=…"): the page reads it, browsers never send it to a server.
  func with(fragment: String?) -> [String] { pages.map { page in fragment.map { "\(page)#\($0)" } ?? page } }

  /// "http://HOST:PORT/", without the port for 80 and with an IPv6 address in brackets.
  private static func page(_ host: String, _ port: Int) -> String {
    let name = host.contains(":") ? "[\(host)]" : host
    return port == 80 ? "http://\(name)/" : "http://\(name):\(port)/"
  }

  private static func loopbackNote(_ host: String, _ port: Int) -> String {
    let name = host.contains(":") ? "[\(host)]" : host
    return
      "gatherd listens on \(name) only, which no other device can reach: start it with --http 0.0.0.0:\(port) for phones on the network, or with --public-url URL behind a reverse proxy."
  }

  /// Whether other devices may reach an address: not loopback, not link-local (169.254/16, fe80::/10, which a
  /// URL cannot use without its interface), not unspecified.
  static func isReachable(_ bytes: [UInt8]) -> Bool {
    if bytes.count == 4 { return bytes[0] != 127 && bytes[0] != 0 && !(bytes[0] == 169 && bytes[1] == 254) }
    guard bytes.count == 16 else { return false }
    let zero = bytes.prefix(15).allSatisfy { $0 == 0 }
    if zero && (bytes[15] == 0 || bytes[15] == 1) { return false }
    return !(bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80)
  }

  /// An address in text form: dotted IPv4, or IPv6 as inet_ntop writes it.
  private static func addressText(_ bytes: [UInt8]) -> String {
    if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
    return IPv6Text.format(bytes)
  }
}
