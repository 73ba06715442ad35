import GatherRPC
import Testing

/// auth.token, web.link and web.share: control over the web for those who hold the token, and the page's links.
@Suite(.timeLimit(.minutes(1))) struct WebMethodTests {
  let fixture: MethodFixture

  init() async throws { fixture = try await MethodFixture() }

  @Test func theTokenMakesAWebClientAController() async throws {
    let web = try await fixture.connect(.web)
    #expect(try await fixture.error("players.create", ["name": "Ana"], as: web) == .forbidden)
    #expect(try await fixture.result("daemon.status", as: web)["controller"] == false)
    let granted = try await fixture.result("auth.token", ["token": .string(MethodFixture.token)], as: web)
    #expect(granted == .object(["control": true]))
    #expect(try await fixture.result("daemon.status", as: web)["controller"] == true)
    #expect(try await fixture.result("players.create", ["name": "Ana"], as: web)["name"] == "Ana")
  }

  @Test func aWrongTokenIsRefusedAndGrantsNothing() async throws {
    let web = try await fixture.connect(.web)
    let refusal = try await fixture.error("auth.token", ["token": "not-the-token-at-all"], as: web)
    #expect(refusal == .forbidden("invalid_token"))
    #expect(try await fixture.error("players.create", ["name": "Mallory"], as: web) == .forbidden)
    #expect(try await fixture.result("players.list")["players"] == [])
  }

  @Test func theTokenOpensOnlyItsOwnConnection() async throws {
    _ = try await fixture.webClient()
    let other = try await fixture.connect(.web)
    #expect(try await fixture.error("players.create", ["name": "Mallory"], as: other) == .forbidden)
  }

  @Test func tooManyWrongTokensStopTheChecking() async throws {
    let web = try await fixture.connect(.web)
    for index in 0..<5 {
      let refusal = try await fixture.error("auth.token", ["token": .string("wrong-\(index)")], as: web)
      #expect(refusal == .forbidden("invalid_token"), "guess \(index)")
    }
    let right = try await fixture.error("auth.token", ["token": .string(MethodFixture.token)], as: web)
    #expect(right == .forbidden("too_many_attempts"), "not even the right token is checked now")
    #expect(try await fixture.error("players.create", ["name": "Ana"], as: web) == .forbidden)
    let elsewhere = try await fixture.webClient()
    #expect(try await fixture.result("daemon.status", as: elsewhere)["controller"] == true, "other addresses go on")
  }

  @Test func localCallersNeedNoToken() async throws {
    #expect(try await fixture.result("auth.token", ["token": "anything"]) == .object(["control": true]))
    for peer in [MethodFixture.Peer.statusSocket, .localUser] {
      let reader = try await fixture.connect(peer)
      #expect(try await fixture.error("auth.token", ["token": .string(MethodFixture.token)], as: reader) == .forbidden)
      #expect(try await fixture.error("players.create", ["name": "Ana"], as: reader) == .forbidden, "\(peer)")
    }
  }

  @Test func authTokenWantsAToken() async throws {
    let web = try await fixture.connect(.web)
    #expect(try await fixture.error("auth.token", as: web) == .invalidParams("token"))
    #expect(try await fixture.error("auth.token", ["token": 42], as: web) == .invalidParams("token"))
    let extra = try await fixture.error("auth.token", ["token": .string(MethodFixture.token), "user": "me"], as: web)
    #expect(extra == .invalidParams("user"))
    #expect(try await fixture.result("daemon.status", as: web)["controller"] == false, "nothing was granted")
  }

  @Test func theControlLinkCarriesTheTokenInItsFragment() async throws {
    let link = try await fixture.result("web.link")
    #expect(link["url"] == .string(MethodFixture.publicURL + "#token=" + MethodFixture.token))
    #expect(link["view"] == .string(MethodFixture.publicURL) && link["note"] == nil)
    #expect(link["links"] == [.object(["url": try #require(link["url"]), "view": try #require(link["view"])])])
    let web = try await fixture.webClient()
    #expect(try await fixture.result("web.link", as: web) == link, "a web controller gets it too")
  }

  @Test func theControlLinkIsForControllersOnly() async throws {
    for peer in [MethodFixture.Peer.statusSocket, .localUser, .web] {
      let reader = try await fixture.connect(peer)
      #expect(try await fixture.error("web.link", as: reader) == .forbidden, "\(peer)")
    }
  }

  @Test func theControlLinkNeverGoesOverMQTTWhoseRepliesWatchersMayRead() async throws {
    let mqtt = try await fixture.connect(.mqtt)
    #expect(try await fixture.result("players.create", ["name": "Ana"], as: mqtt)["name"] == "Ana", "a controller")
    #expect(try await fixture.error("web.link", as: mqtt) == .forbidden("not_over_mqtt"))
    #expect(try await fixture.error("web.link", ["qr": true], as: mqtt) == .forbidden("not_over_mqtt"))
  }

  @Test func anyoneMayShareTheViewOnlyLinkWithItsQRCode() async throws {
    for connection in [fixture.controller, try await fixture.connect(.statusSocket), try await fixture.connect(.web)] {
      let share = try await fixture.result("web.share", as: connection)
      let link = try #require(share["links"]?.arrayValue?.first)
      #expect(link["url"] == .string(MethodFixture.publicURL) && share["links"]?.arrayValue?.count == 1)
      let svg = try #require(link["qr"]?.stringValue)
      #expect(svg.contains("<svg"), "the QR code is an SVG document")
    }
  }

  @Test func withoutAWebPageThereAreNoLinks() async throws {
    let offline = try await MethodFixture(web: false)
    #expect(try await offline.error("web.link") == .wrongState("web_disabled"))
    #expect(try await offline.error("web.share") == .wrongState("web_disabled"))
    #expect(try await offline.result("auth.token", ["token": "x"]) == .object(["control": true]))
  }

  @Test func linksTakeOnlyTheirParams() async throws {
    #expect(try await fixture.error("web.link", ["size": 3]) == .invalidParams("size"))
    #expect(try await fixture.error("web.link", ["qr": "yes"]) == .invalidParams("qr"))
    #expect(try await fixture.error("web.share", ["size": 3]) == .invalidParams("size"))
    #expect(try await fixture.error("web.share", ["qr": false]) == .invalidParams("qr"), "the view link always has one")
  }

  @Test func theControlLinksQRCodeComesOnlyWhenAsked() async throws {
    #expect(try await fixture.result("web.link")["qr"] == nil)
    let link = try await fixture.result("web.link", ["qr": true])
    let svg = try #require(link["qr"]?.stringValue)
    #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
    #expect(try await fixture.error("web.link", ["qr": true], as: try await fixture.connect(.web)) == .forbidden)
  }
}
