import GatherRPC
import Testing

/// web.pair, web.pairDevice, web.devices and web.revoke: a phone that stays the organiser's. A pairing link works
/// once and for 10 minutes; the credential it gives makes every connection that presents it a controller, until the
/// device is revoked, which ends its control on its open connections at once; the shared control token goes on.
@Suite(.timeLimit(.minutes(1))) struct WebDeviceMethodTests {
  let fixture: MethodFixture

  init() async throws { fixture = try await MethodFixture() }

  /// A new pairing link's code, from the #pair= fragment of the link web.pair gives.
  func pairingCode(_ params: JSONObject = [:]) async throws -> String {
    let url = try #require(try await fixture.result("web.pair", params)["url"]?.stringValue)
    return try #require(url.split(separator: "#pair=").last.map(String.init))
  }

  /// A phone paired through a new link: its credential and device.
  func pairedPhone(_ name: String) async throws -> (credential: String, device: JSONValue) {
    let phone = try await fixture.connect(.web)
    let code = try await pairingCode(["name": .string(name)])
    let paired = try await fixture.result("web.pairDevice", ["code": .string(code)], as: phone)
    return (try #require(paired["credential"]?.stringValue), try #require(paired["device"]))
  }

  /// Whether the connection may change the match, as daemon.status tells it.
  func isController(_ connection: MethodFixture.Connection) async throws -> Bool {
    try await fixture.result("daemon.status", as: connection)["controller"] == true
  }

  @Test func aPairingLinkMakesThePhoneAControllerInEveryTab() async throws {
    let pairing = try await fixture.result("web.pair", ["name": "Ana's phone", "qr": true])
    let url = try #require(pairing["url"]?.stringValue)
    #expect(url.hasPrefix(MethodFixture.publicURL + "#pair=") && pairing["links"] == [.string(url)])
    #expect(pairing["expiresAt"] == "2027-01-15T08:10:00.000Z" && pairing["name"] == "Ana's phone")
    #expect(pairing["qr"]?.stringValue?.contains("<svg") == true)
    let code = String(try #require(url.split(separator: "#pair=").last))

    let phone = try await fixture.connect(.web)
    let paired = try await fixture.result("web.pairDevice", ["code": .string(code), "name": "Pixel 8"], as: phone)
    let device = try #require(paired["device"])
    #expect(device["name"] == "Ana's phone", "the organiser's name for it comes first")
    #expect(device["pairedAt"] == "2027-01-15T08:00:00.000Z" && device["lastSeen"] == device["pairedAt"])
    #expect(try await !isController(phone), "the exchange itself grants nothing")
    let credential = try #require(paired["credential"]?.stringValue)
    #expect(credential.count >= 16 && !credential.contains(code))

    // Every connection that presents the credential, a new tab's or the installed app's, is a controller.
    for tab in [phone, try await fixture.connect(.web)] {
      let access = try await fixture.result("auth.token", ["token": .string(credential)], as: tab)
      #expect(access == .object(["control": true, "device": device]))
      #expect(try await fixture.result("players.create", ["name": "Ana"], as: tab)["name"] == "Ana")
    }
    let again = try await fixture.error("web.pairDevice", ["code": .string(code)], as: try await fixture.connect(.web))
    #expect(again == .wrongState("pairing_used"))
    #expect(try await fixture.result("web.devices")["devices"] == [device], "one link pairs one phone")
  }

  @Test func thePhoneNamesItselfUnlessTheOrganiserDid() async throws {
    let phone = try await fixture.connect(.web)
    let named = try await fixture.result(
      "web.pairDevice", ["code": .string(try await pairingCode()), "name": " Pixel 8 "], as: phone)
    #expect(named["device"]?["name"] == "Pixel 8")
    let unnamed = try await fixture.result("web.pairDevice", ["code": .string(try await pairingCode())], as: phone)
    #expect(unnamed["device"]?["name"] == "Phone")
  }

  @Test func aPairingLinkExpiresAfterTenMinutesUncounted() async throws {
    let phone = try await fixture.connect(.web)
    let code = try await pairingCode()
    await fixture.advance(by: .seconds(600))
    // An expired code is refused for what it is, never as a guess: more than 5 tries leave the address unlimited.
    for _ in 0..<6 {
      #expect(
        try await fixture.error("web.pairDevice", ["code": .string(code)], as: phone) == .wrongState("pairing_expired"))
    }
    let fresh = try await pairingCode()
    #expect(try await fixture.result("web.pairDevice", ["code": .string(fresh)], as: phone)["credential"] != nil)
  }

  @Test func wrongCodesCountAsWrongGuessesWithWrongTokens() async throws {
    let phone = try await fixture.connect(.web)
    let code = try await pairingCode()
    for index in 0..<3 {
      let wrong = try await fixture.error("web.pairDevice", ["code": .string("not-a-code-\(index)")], as: phone)
      #expect(wrong == .forbidden("invalid_token"))
    }
    for index in 0..<2 {
      #expect(
        try await fixture.error("auth.token", ["token": .string("wrong-\(index)")], as: phone)
          == .forbidden("invalid_token"))
    }
    let right = try await fixture.error("web.pairDevice", ["code": .string(code)], as: phone)
    #expect(right == .forbidden("too_many_attempts"), "not even the right code is checked now")
    #expect(try await fixture.result("web.devices")["devices"] == [], "nothing was paired")
    let elsewhere = try await fixture.connect(.web)
    #expect(try await fixture.result("web.pairDevice", ["code": .string(code)], as: elsewhere)["credential"] != nil)
  }

  @Test func revokingADeviceEndsItsControlAtOnceAndNobodyElses() async throws {
    let ana = try await pairedPhone("Ana's phone")
    let bea = try await pairedPhone("Bea's phone")
    let (anaTab, anaApp) = (
      try await fixture.webClient(presenting: ana.credential), try await fixture.webClient(presenting: ana.credential)
    )
    let beaTab = try await fixture.webClient(presenting: bea.credential)
    let shared = try await fixture.webClient()
    #expect(try await fixture.result("web.devices")["devices"] == [ana.device, bea.device])

    let revoked = try await fixture.result("web.revoke", ["device": try #require(ana.device["id"])], as: beaTab)
    #expect(revoked == .object(["revoked": ana.device, "connections": 2]))
    for connection in [anaTab, anaApp] {
      #expect(try await !isController(connection))
      #expect(try await fixture.error("players.create", ["name": "Mallory"], as: connection) == .forbidden)
    }
    let again = try await fixture.error(
      "auth.token", ["token": .string(ana.credential)], as: try await fixture.connect(.web))
    #expect(again == .forbidden("invalid_token"), "the credential opens nothing any more")
    for connection in [beaTab, shared] { #expect(try await isController(connection)) }
    #expect(try await fixture.result("web.devices")["devices"] == [bea.device])
    let gone = try await fixture.error("web.revoke", ["device": try #require(ana.device["id"])])
    #expect(gone == .notFound("device_not_found"))
  }

  @Test func aDeviceIsSeenWhenItPresentsItsCredentialAtMostOnceAMinute() async throws {
    let ana = try await pairedPhone("Ana's phone")
    let lastSeen = { try await self.fixture.result("web.devices")["devices"]?.arrayValue?.first?["lastSeen"] }
    await fixture.advance(by: .seconds(59))
    _ = try await fixture.webClient(presenting: ana.credential)
    // A change takes its turn after the sighting's, which the presentation asked for before its reply.
    _ = try await fixture.addPlayers("Ana")
    #expect(try await lastSeen() == ana.device["lastSeen"], "less than a minute later: nothing written")
    await fixture.advance(by: .seconds(61))
    let tab = try await fixture.webClient(presenting: ana.credential)
    _ = try await fixture.addPlayers("Bea")
    #expect(try await lastSeen() == "2027-01-15T08:02:00.000Z")
    // A controller's call is a sighting too.
    await fixture.advance(by: .seconds(60))
    _ = try await fixture.result("players.create", ["name": "Carla"], as: tab)
    _ = try await fixture.addPlayers("Dani")
    #expect(try await lastSeen() == "2027-01-15T08:03:00.000Z")
  }

  @Test func onlyControllersPairListAndRevokeAndNoneOverMQTT() async throws {
    let ana = try await pairedPhone("Ana's phone")
    let id = try #require(ana.device["id"])
    for peer in [MethodFixture.Peer.statusSocket, .localUser, .web] {
      let viewer = try await fixture.connect(peer)
      #expect(try await fixture.error("web.pair", as: viewer) == .forbidden, "\(peer)")
      #expect(try await fixture.error("web.devices", as: viewer) == .forbidden, "\(peer)")
      #expect(try await fixture.error("web.revoke", ["device": id], as: viewer) == .forbidden, "\(peer)")
    }
    let mqtt = try await fixture.connect(.mqtt)
    #expect(try await fixture.error("web.pair", as: mqtt) == .forbidden("not_over_mqtt"))
    let code = try await pairingCode()
    #expect(try await fixture.error("web.pairDevice", ["code": .string(code)], as: mqtt) == .forbidden("not_over_mqtt"))
    let status = try await fixture.connect(.statusSocket)
    #expect(try await fixture.error("web.pairDevice", ["code": .string(code)], as: status) == .forbidden)
    #expect(try await fixture.result("web.devices", as: mqtt)["devices"] == [ana.device])
    // A paired phone is a controller: it may pair the next one.
    let phone = try await fixture.webClient(presenting: ana.credential)
    #expect(try await fixture.result("web.pair", as: phone)["url"] != nil)
  }

  @Test func withoutAWebPageThereIsNoPairing() async throws {
    let offline = try await MethodFixture(web: false)
    #expect(try await offline.error("web.pair") == .wrongState("web_disabled"))
    #expect(try await offline.result("web.devices")["devices"] == [])
  }
}
