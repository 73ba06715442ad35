import NIOCore
import NIOHTTP1
import Testing

@testable import GatherDaemon

/// Which hosts and origins the scoreboard's listener serves (DNS rebinding), `--public-url`, and request
/// targets in absolute form.
@Suite struct WebHostTests {
  let local = try! SocketAddress(ipAddress: "192.168.1.20", port: 8080)

  func head(_ headers: [(String, String)], uri: String = "/", version: HTTPVersion = .http1_1) -> HTTPRequestHead {
    HTTPRequestHead(version: version, method: .GET, uri: uri, headers: HTTPHeaders(headers))
  }

  func verdict(_ policy: HostPolicy, _ headers: [(String, String)], uri: String = "/") -> HostPolicy.Verdict {
    policy.check(head(headers, uri: uri), target: RequestTarget(uri), local: local)
  }

  @Test func hostsAndPortsRead() {
    #expect(HostAndPort(parsing: "Pitch.Local:8080") == HostAndPort(parsing: "pitch.local.:8080"))
    #expect(HostAndPort(parsing: "pitch.local:8080")?.host == "pitch.local")
    #expect(HostAndPort(parsing: "[FE80::1]:80")?.host == "fe80::1")
    #expect(HostAndPort(parsing: "127.0.0.1")?.port == nil)
    for bad in ["", ":80", "::1", "a b", "host:", "host:99999", "host:8o", "[::1", "[nothex]:80", "ho/st", "x@y"] {
      #expect(HostAndPort(parsing: bad) == nil, "\(bad)")
    }
  }

  @Test func theListenersOwnNamesAndAddressesAreServed() {
    let policy = HostPolicy(publicURL: nil, allowedHosts: [], machineName: "pitchbox")
    for host in [
      "localhost", "localhost:8080", "127.0.0.1:8080", "127.9.9.9", "[::1]:8080", "192.168.1.20:8080", "pitchbox",
      "pitchbox.local:8080", "PITCHBOX",
    ] {
      #expect(verdict(policy, [("Host", host)]) == .allowed(HostAndPort(parsing: host)), "\(host)")
    }
  }

  @Test func aDualStackSocketsMappedAddressIsTheIPv4One() throws {
    let policy = HostPolicy(publicURL: nil, allowedHosts: [], machineName: nil)
    let mapped = try SocketAddress(ipAddress: "::ffff:192.168.77.1", port: 8080)
    let host = HostAndPort(parsing: "192.168.77.1:8080")!
    #expect(policy.isAllowed(host, local: mapped))
    #expect(HostAndPort(parsing: "[::ffff:127.0.0.1]")?.isLoopback == true)
  }

  @Test func anotherSitesNameIsRefused() {
    let policy = HostPolicy(publicURL: nil, allowedHosts: [], machineName: "pitchbox")
    #expect(verdict(policy, [("Host", "evil.example")]) == .foreign("evil.example"))
    #expect(verdict(policy, [("Host", "evil.example:8080")]) == .foreign("evil.example"))
    #expect(verdict(policy, [("Host", "203.0.113.5")]) == .foreign("203.0.113.5"))
    #expect(verdict(policy, [("Host", "localhost.evil.example")]) == .foreign("localhost.evil.example"))
  }

  @Test func allowedHostsAndThePublicURLsHostAreServed() throws {
    let policy = HostPolicy(
      publicURL: try PublicURL(parsing: "https://gather.example"), allowedHosts: ["pitch.lan", "10.1.2.3", "fe80::7"],
      machineName: nil)
    for host in ["gather.example", "pitch.lan:8080", "10.1.2.3", "[fe80::7]:8080"] {
      #expect(verdict(policy, [("Host", host)]) == .allowed(HostAndPort(parsing: host)), "\(host)")
    }
    #expect(verdict(policy, [("Host", "gather.example.evil")]) == .foreign("gather.example.evil"))
  }

  @Test func twoHostsNoneOrAMalformedOneAreBadRequests() {
    let policy = HostPolicy(publicURL: nil, allowedHosts: [], machineName: nil)
    let isMalformed = { (verdict: HostPolicy.Verdict) -> Bool in
      if case .malformed = verdict { return true }
      return false
    }
    #expect(isMalformed(verdict(policy, [("Host", "localhost"), ("Host", "localhost")])), "two Host headers")
    #expect(isMalformed(verdict(policy, [("Host", "localhost"), ("Host", "evil.example")])), "two Host headers")
    #expect(isMalformed(verdict(policy, [])), "HTTP/1.1 without Host")
    #expect(isMalformed(verdict(policy, [("Host", "a b")])), "a malformed Host")
    let old = policy.check(head([], version: .http1_0), target: RequestTarget("/"), local: local)
    #expect(old == .allowed(nil), "HTTP/1.0 needs no Host")
  }

  @Test func anAbsoluteFormTargetsAuthorityIsTheHost() {
    let policy = HostPolicy(publicURL: nil, allowedHosts: [], machineName: nil)
    #expect(RequestTarget("http://127.0.0.1:8080/rpc?x=1").path == "/rpc")
    #expect(RequestTarget("HTTP://127.0.0.1:8080").path == "/")
    #expect(RequestTarget("/healthz?full").path == "/healthz")
    #expect(RequestTarget("https://pitch/js/board.js").authority == "pitch")
    #expect(
      verdict(policy, [("Host", "evil.example")], uri: "http://127.0.0.1:8080/")
        == .allowed(HostAndPort(parsing: "127.0.0.1:8080")))
    #expect(verdict(policy, [("Host", "localhost")], uri: "http://evil.example/") == .foreign("evil.example"))
  }

  @Test func theOriginMustBeThePagesOwnWithItsScheme() throws {
    let policy = HostPolicy(publicURL: try PublicURL(parsing: "https://gather.example:8443/"), allowedHosts: [])
    let host = HostAndPort(parsing: "pitch:8080")
    #expect(policy.isAllowedOrigin(nil, host: host), "scripts send no Origin")
    #expect(policy.isAllowedOrigin("http://pitch:8080", host: host))
    #expect(policy.isAllowedOrigin("http://Pitch:8080", host: host))
    #expect(!policy.isAllowedOrigin("https://pitch:8080", host: host), "the scheme counts")
    #expect(!policy.isAllowedOrigin("http://pitch:8081", host: host))
    #expect(!policy.isAllowedOrigin("http://evil.example", host: host))
    #expect(!policy.isAllowedOrigin("null", host: host))
    #expect(policy.isAllowedOrigin("https://gather.example:8443", host: host), "behind a proxy: the public origin")
    #expect(!policy.isAllowedOrigin("http://gather.example:8443", host: host))
    #expect(!policy.isAllowedOrigin("https://gather.example", host: host))
    #expect(policy.isAllowedOrigin("http://pitch", host: HostAndPort(parsing: "pitch:80")))
    #expect(!policy.isAllowedOrigin("http://pitch:8080", host: nil))
  }

  @Test func publicURLsRead() throws {
    let url = try PublicURL(parsing: "HTTPS://Gather.Example")
    #expect((url.scheme, url.host, url.port, url.path) == ("https", "gather.example", nil, "/"))
    #expect(url.origin == "https://gather.example" && url.effectivePort == 443)
    let lan = try PublicURL(parsing: "http://192.168.1.20:8080/gather")
    #expect(lan.description == "http://192.168.1.20:8080/gather/")
    #expect(try PublicURL(parsing: "https://gather.example:443/").origin == "https://gather.example")
    #expect(try PublicURL(parsing: "http://[fe80::1]:8080/").origin == "http://[fe80::1]:8080")
    for bad in [
      "gather.example", "ftp://gather.example", "https://", "https://user@gather.example", "https://gather.example/?x",
      "https://gather.example/#x", "https://gather.example:0/", "https://gather.example:99999", "https://a b/",
      "https://gather.example/a b",
    ] {
      #expect(throws: PublicURLError.self, "\(bad)") { try PublicURL(parsing: bad) }
    }
  }

  @Test func allowedHostsRead() throws {
    #expect(try WebConfiguration.allowedHost(parsing: "Pitch.LAN") == "pitch.lan")
    #expect(try WebConfiguration.allowedHost(parsing: "fe80::1") == "fe80::1")
    #expect(try WebConfiguration.allowedHost(parsing: "[fe80::1]") == "fe80::1")
    for bad in ["pitch:8080", "http://pitch", "", "a b"] {
      #expect(throws: PublicURLError.self, "\(bad)") { try WebConfiguration.allowedHost(parsing: bad) }
    }
  }
}
