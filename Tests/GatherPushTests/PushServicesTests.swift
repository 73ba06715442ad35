import GatherPush
import Testing

/// Where pushes may go: the push services' list, the URLs it takes, and the addresses that may answer.
@Suite struct PushServicesTests {
  private func url(_ text: String) throws -> OutboundURL { try #require(OutboundURL(text)) }

  @Test func theBrowsersServicesAreAllowedOverHTTPSOnly() throws {
    let services = PushServices.browsers
    #expect(services.admits(try url("https://fcm.googleapis.com/fcm/send/abc:def")) == .publicOnly)
    #expect(services.admits(try url("https://updates.push.services.mozilla.com/wpush/v2/gAAA")) == .publicOnly)
    #expect(services.admits(try url("https://wns2-par02p.notify.windows.com/w/?token=x")) == .publicOnly)
    #expect(services.admits(try url("https://web.push.apple.com/QGuQ")) == .publicOnly)
    #expect(services.admits(try url("http://fcm.googleapis.com/fcm/send/abc")) == nil)
    #expect(services.admits(try url("https://fcm.googleapis.com:8443/fcm/send/abc")) == nil)
    #expect(services.admits(try url("https://evil.example/fcm.googleapis.com")) == nil)
    #expect(services.admits(try url("https://fcm.googleapis.com.evil.example/")) == nil)
    #expect(services.admits(try url("https://notify.windows.com/")) == nil)
  }

  @Test func aLocalServiceIsReachedOnlyWhenTheListNamesItsAddress() throws {
    let services = PushServices(
      ["127.0.0.1:8443", "localhost:9443", "push.home.example"].compactMap(PushServices.Entry.init))
    let byAddress = try #require(services.admits(try url("https://127.0.0.1:8443/p/1")))
    #expect(byAddress.allows([127, 0, 0, 1]))
    #expect(!byAddress.allows([127, 0, 0, 2]))
    #expect(!byAddress.allows([192, 168, 1, 1]))
    let byName = try #require(services.admits(try url("https://localhost:9443/p/1")))
    #expect(byName.allows([127, 0, 0, 1]) && byName.allows([UInt8](repeating: 0, count: 15) + [1]))
    #expect(!byName.allows([10, 0, 0, 1]))
    // A name that resolves to a private address is not reached: the list must name the address.
    let named = try #require(services.admits(try url("https://push.home.example/p/1")))
    #expect(!named.allows([192, 168, 1, 5]))
    #expect(named.allows([93, 184, 216, 34]))
    #expect(services.admits(try url("https://127.0.0.1:9443/p/1")) == nil)
  }

  @Test func privateLoopbackAndReservedAddressesAreNotPublic() throws {
    let closed: [String] = [
      "127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.0.1", "169.254.169.254", "100.64.0.1",
      "0.0.0.0", "224.0.0.1", "255.255.255.255", "::1", "::", "fd00::1", "fe80::1", "ff02::1", "::ffff:10.0.0.1",
      "::ffff:127.0.0.1", "2001:db8::1",
    ]
    for text in closed { #expect(!AddressRules.isPublic(try #require(AddressRules.parse(text))), "\(text)") }
    for text in ["8.8.8.8", "172.32.0.1", "93.184.216.34", "2a00:1450:4007::200e", "::ffff:8.8.8.8"] {
      #expect(AddressRules.isPublic(try #require(AddressRules.parse(text))), "\(text)")
    }
  }

  @Test func onlyHTTPURLsWithAHostAndNoUserAreTaken() throws {
    #expect(try url("https://Push.Example.net:8443/a?b").host == "push.example.net")
    #expect(try url("https://push.example.net:8443/a").origin == "https://push.example.net:8443")
    #expect(try url("https://push.example.net/a").origin == "https://push.example.net")
    #expect(try url("https://[::1]:8443/a").host == "::1")
    #expect(try url("https://[::1]:8443/a").origin == "https://[::1]:8443")
    for bad in ["ftp://x/", "https://", "https://user@host/", "https://host:0/", "https://host:70000/", "https://a b/"]
    {
      #expect(OutboundURL(bad) == nil, "\(bad)")
    }
    #expect(PushServices.Entry("*.example.org") != nil)
    #expect(PushServices.Entry("*") == nil)
    #expect(PushServices.Entry("https://x") == nil)
  }

  @Test func retriesBackOffAndHonourRetryAfterUpToAnHour() {
    #expect(RetrySchedule.wait(afterFailures: 1, retryAfter: 0) == .seconds(2))
    #expect(RetrySchedule.wait(afterFailures: 2, retryAfter: 0) == .seconds(10))
    #expect(RetrySchedule.wait(afterFailures: 1, retryAfter: 120) == .seconds(120))
    #expect(RetrySchedule.wait(afterFailures: 1, retryAfter: 86400) == .seconds(3600))
    #expect(RetrySchedule.wait(afterFailures: 5, retryAfter: 0) == .seconds(1800))
    #expect(RetrySchedule.wait(afterFailures: 6, retryAfter: 0) == nil)
  }
}

/// A webhook's signature, against RFC 4231's first HMAC-SHA-256 test case.
@Suite struct WebhookSignatureTests {
  @Test func theSignatureIsTheHexHMACSHA256OfTheBody() {
    let value = WebhookSignature.value(body: Array("Hi There".utf8), secret: [UInt8](repeating: 0x0b, count: 20))
    #expect(value == "sha256=b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
  }
}
