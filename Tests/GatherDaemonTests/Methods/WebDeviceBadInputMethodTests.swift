import GatherRPC
import Testing

/// Bad input to web.pair, web.pairDevice, web.devices and web.revoke: -32602 naming the param, and nothing changes:
/// no pairing link made or used, no device paired or revoked, and no wrong guess counted against the address.
@Suite(.timeLimit(.minutes(1))) struct WebDeviceBadInputMethodTests {
  let fixture: MethodFixture

  init() async throws { fixture = try await MethodFixture() }

  @Test func badParamsAreRefusedNamingThemAndChangeNothing() async throws {
    let pairing = try #require(try await fixture.result("web.pair")["url"]?.stringValue)
    let code = String(try #require(pairing.split(separator: "#pair=").last))
    let phone = try await fixture.connect(.web)
    let paired = try await fixture.result("web.pair", ["name": "Ana's phone"])
    let before = try await fixture.result("web.devices")

    let refusals: [(String, JSONObject, String)] = [
      ("web.pair", ["name": 7], "name"), ("web.pair", ["name": .string(String(repeating: "x", count: 41))], "name"),
      ("web.pair", ["name": "Ana\u{7}"], "name"), ("web.pair", ["qr": "yes"], "qr"),
      ("web.pair", ["device": 1], "device"), ("web.devices", ["all": true], "all"), ("web.revoke", [:], "device"),
      ("web.revoke", ["device": "1"], "device"), ("web.revoke", ["device": .double(1.5)], "device"),
      ("web.revoke", ["device": 1, "why": "lost"], "why"),
    ]
    for (method, params, field) in refusals {
      #expect(try await fixture.error(method, params) == .invalidParams(field), "\(method) \(params)")
    }
    // From the phone: bad input is refused before the code is looked at, so none counts as a wrong guess.
    let phoneRefusals: [(JSONObject, String)] = [
      ([:], "code"), (["code": 42], "code"), (["code": ""], "code"),
      (["code": .string(String(repeating: "c", count: 101))], "code"), (["code": .string(code), "name": 8], "name"),
      (["code": .string(code), "name": "\u{202E}enohp"], "name"), (["code": .string(code), "device": 1], "device"),
    ]
    for (params, field) in phoneRefusals {
      #expect(try await fixture.error("web.pairDevice", params, as: phone) == .invalidParams(field), "\(params)")
    }
    #expect(try await fixture.result("web.devices") == before, "no device paired or revoked")
    #expect(paired["name"] == "Ana's phone")
    // The first link is still unused, and the phone's address has no wrong guess against it.
    #expect(try await fixture.result("web.pairDevice", ["code": .string(code)], as: phone)["credential"] != nil)
  }
}
