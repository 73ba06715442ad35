import Testing

@testable import GatherDaemon

/// Which addresses the scoreboard's links and QR codes carry: never 0.0.0.0 or [::], the LAN's
/// addresses for a wildcard listener, and a note when no phone could open them.
@Suite struct PageLinksTests {
  typealias Entry = InterfaceAddresses.Entry
  let interfaces = [
    Entry(interface: "lo", bytes: [127, 0, 0, 1], isUp: true),
    Entry(interface: "docker0", bytes: [172, 17, 0, 1], isUp: true),
    Entry(interface: "wlan0", bytes: [192, 168, 1, 20], isUp: true),
    Entry(interface: "wlan0", bytes: [0xFE, 0x80] + [UInt8](repeating: 0, count: 13) + [7], isUp: true),
    Entry(interface: "wlan0", bytes: [0xFD, 0] + [UInt8](repeating: 0, count: 13) + [2], isUp: true),
    Entry(interface: "eth1", bytes: [10, 0, 0, 5], isUp: false),
    Entry(interface: "usb0", bytes: [169, 254, 3, 4], isUp: true),
  ]

  func links(_ served: PageLinks.Served?, publicURL: String? = nil, route: String? = "wlan0") throws -> PageLinks {
    try PageLinks.resolve(
      served: served, publicURL: try publicURL.map { try PublicURL(parsing: $0) }, interfaces: interfaces,
      defaultInterface: route
    ).get()
  }

  @Test func aWildcardListenerIsNamedByTheLANAddressesTheDefaultRouteFirst() throws {
    #expect(
      try links(.ip("0.0.0.0", port: 8080))
        == PageLinks(pages: ["http://192.168.1.20:8080/", "http://172.17.0.1:8080/"], note: nil))
    // [::] takes IPv4 and IPv6 (dual stack): IPv6's unique local address, never a link-local one.
    #expect(
      try links(.ip("::", port: 8080)).pages
        == ["http://192.168.1.20:8080/", "http://[fd00::2]:8080/", "http://172.17.0.1:8080/"])
    #expect(try links(.ip("0.0.0.0", port: 8080), route: nil).pages.first == "http://172.17.0.1:8080/")
    #expect(try links(.ip("0.0.0.0", port: 80)).pages.first == "http://192.168.1.20/")
  }

  @Test func neverTheWildcardEvenWithoutANetwork() throws {
    let alone = try PageLinks.resolve(
      served: .ip("0.0.0.0", port: 8080), publicURL: nil, interfaces: [interfaces[0]], defaultInterface: nil
    ).get()
    #expect(alone.pages == ["http://127.0.0.1:8080/"])
    #expect(alone.note?.contains("--public-url") == true)
  }

  @Test func aLoopbackListenerKeepsItsLinkWithANoteOfWhatToPass() throws {
    let local = try links(.ip("127.0.0.1", port: 8080))
    #expect(local.pages == ["http://127.0.0.1:8080/"])
    #expect(local.note?.contains("--http 0.0.0.0:8080") == true)
    #expect(try links(.ip("::1", port: 8080)).pages == ["http://[::1]:8080/"])
    #expect(try links(.ip("192.168.1.20", port: 8080)) == PageLinks(pages: ["http://192.168.1.20:8080/"], note: nil))
  }

  @Test func thePublicURLWinsAndAUnixSocketNeedsIt() throws {
    #expect(
      try links(.ip("127.0.0.1", port: 8080), publicURL: "https://gather.example").pages
        == ["https://gather.example/"])
    #expect(
      try links(.unix("/run/gatherd/http.sock"), publicURL: "https://gather.example/pitch").pages
        == ["https://gather.example/pitch/"])
    #expect { try links(.unix("/run/gatherd/http.sock")) } throws: { "\($0)".contains("--public-url") }
    #expect { try links(nil) } throws: { "\($0)".contains("--http") }
  }

  @Test func theFragmentFollowsEachLink() throws {
    let both = try links(.ip("0.0.0.0", port: 8080))
    #expect(both.with(fragment: "token=x") == ["http://192.168.1.20:8080/#token=x", "http://172.17.0.1:8080/#token=x"])
    #expect(both.with(fragment: nil) == both.pages)
  }

  @Test func theDefaultRouteIsReadFromTheRoutingTable() {
    let table = """
      Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
      docker0\t000011AC\t00000000\t0001\t0\t0\t0\t0000FFFF\t0\t0\t0
      wlan0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0
      """
    #expect(DefaultRoute.interface(inTable: table) == "wlan0")
    #expect(DefaultRoute.interface(inTable: "Iface\tDestination\n") == nil)
  }
}
