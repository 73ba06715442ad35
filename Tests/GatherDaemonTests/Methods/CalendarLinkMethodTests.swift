import GatherRPC
import Testing

/// plan.calendarLink: the plans' calendar feed's link, for controllers only, on the page's address; the same code
/// until it is renewed.
@Suite(.timeLimit(.minutes(1))) struct CalendarLinkMethodTests {
  @Test func aControllerGetsTheSameLinkUntilItIsRenewed() async throws {
    let fixture = try await MethodFixture()
    let link = try await fixture.result("plan.calendarLink")
    let url = try #require(link["url"]?.stringValue)
    #expect(url.hasPrefix(MethodFixture.publicURL + "calendar.ics?code=") && url.count > 50)
    #expect(link["webcal"]?.stringValue == "webcal://" + url.dropFirst("https://".count))
    #expect(link["links"] == [.string(url)])
    #expect(try await fixture.result("plan.calendarLink") == link)
    let renewed = try await fixture.result("plan.calendarLink", ["renew": true])
    #expect(renewed["url"] != link["url"])
    let drawn = try await fixture.result("plan.calendarLink", ["qr": true])
    #expect(drawn["url"] == renewed["url"] && drawn["qr"]?.arrayValue?.count == 1, "the same link, with its QR code")
    #expect(drawn["qr"]?.arrayValue?.first?.stringValue?.contains("<svg") == true)
    #expect(try await fixture.error("plan.calendarLink", ["qr": "yes"]) == .invalidParams("qr"))
  }

  @Test func othersAreRefusedAndNoPageMeansNoLink() async throws {
    let fixture = try await MethodFixture()
    for peer in [MethodFixture.Peer.statusSocket, .localUser, .web] {
      #expect(try await fixture.error("plan.calendarLink", as: fixture.connect(peer)).code == -32003)
    }
    let noPage = try await MethodFixture(web: false)
    #expect(try await noPage.error("plan.calendarLink") == .wrongState("web_disabled"))
  }
}
