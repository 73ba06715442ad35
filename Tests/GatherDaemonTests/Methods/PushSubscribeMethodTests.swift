import GatherRPC
import Testing

/// push.subscribe and push.unsubscribe through the dispatcher, with the browsers' push services allowed, as gatherd
/// runs by default: a phone is kept for a player, and an endpoint gatherd must not post to, keys that are not a
/// browser's, an unknown player or a caller without the plan's sign-up code are refused, naming the param, and
/// nothing is kept.
@Suite(.timeLimit(.minutes(1))) struct PushSubscribeMethodTests {
  /// The user agent's public key and secret of RFC 8291's Appendix A, as a browser gives them.
  static let p256dh = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
  static let auth = "BTBZMqHH6r4Tts7J_aSIgg"
  static let endpoint = "https://fcm.googleapis.com/fcm/send/phone-of-ana"

  let fixture: MethodFixture
  /// Ana, who has answered ``plan``, and Bruno, who has not.
  let ids: [JSONValue]
  /// A plan for next week.
  let plan: JSONValue

  init() async throws {
    fixture = try await MethodFixture(push: true)
    ids = try await fixture.addPlayers("Ana", "Bruno").map { .int($0) }
    plan = try await fixture.result("plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": 8])
    _ = try await fixture.result("plan.join", ["plan": try #require(plan["id"]), "player": ids[0]])
  }

  /// push.subscribe's params for `player`, the subscription made of `endpoint` and `keys`.
  func params(
    player: JSONValue? = nil, endpoint: String = endpoint,
    keys: JSONValue? = .object(["p256dh": .string(p256dh), "auth": .string(auth)]),
    plan: JSONValue? = nil
  ) -> JSONObject {
    var subscription: JSONObject = ["endpoint": .string(endpoint)]
    if let keys { subscription["keys"] = keys }
    var params: JSONObject = ["player": player ?? ids[0], "subscription": .object(subscription)]
    if let plan { params["plan"] = plan }
    return params
  }

  /// Whether gatherd keeps a phone at `endpoint`: push.unsubscribe lets it go and says so. A controller asks.
  func isKept(_ endpoint: String = endpoint) async throws -> Bool {
    try await fixture.result("push.unsubscribe", ["endpoint": .string(endpoint)])["removed"] == true
  }

  @Test func aControllerSubscribesAPlayersPhoneForTheirLanguage() async throws {
    var request = params()
    request["language"] = "pt-BR"
    let subscribed = try await fixture.result("push.subscribe", request)
    #expect(subscribed["player"] == .object(["id": ids[0], "name": "Ana"]))
    #expect(subscribed["service"] == "fcm.googleapis.com" && subscribed["language"] == "pt-BR")
    #expect(try await isKept())
    #expect(try await isKept() == false, "let go once, it is gone")
  }

  @Test func theSignUpCodeSubscribesAPlayerWhoAnsweredItsPlan() async throws {
    let signUp = try await fixture.webClient(presenting: try await fixture.signUpCode(of: plan))
    _ = try await fixture.result("push.subscribe", params(plan: plan["id"]), as: signUp)
    #expect(try await isKept())
  }

  @Test func anEndpointGatherdMustNotPostToIsRefusedNamingItAndNothingIsKept() async throws {
    let endpoints = [
      "http://fcm.googleapis.com/fcm/send/x",  // not https
      "https://push.example.com/x",  // not a push service on the list
      "https://fcm.googleapis.com.example.com/x",  // a look-alike host
      "https://fcm.googleapis.com:8443/x",  // another port than the list's
      "https://127.0.0.1/x", "https://localhost/x", "https://[::1]/x",  // loopback
      "https://192.168.1.10/x", "https://10.0.0.7/x", "https://[fd00::7]/x",  // private
      "https://user@fcm.googleapis.com/x",  // a user name
      "not a url",
    ]
    for endpoint in endpoints {
      #expect(
        try await fixture.error("push.subscribe", params(endpoint: endpoint))
          == .invalidParams("subscription.endpoint"),
        "\(endpoint)")
      if endpoint.hasPrefix("https://") { #expect(try await isKept(endpoint) == false, "\(endpoint)") }
    }
  }

  @Test func keysThatAreNotABrowsersAreRefusedNamingTheKeyAndNothingIsKept() async throws {
    let cases: [(JSONValue?, String)] = [
      (nil, "subscription.keys"),
      (.string("keys"), "subscription.keys"),
      (.object(["auth": .string(Self.auth)]), "subscription.keys.p256dh"),
      (.object(["p256dh": .string(Self.p256dh)]), "subscription.keys.auth"),
      (.object(["p256dh": .string("not*base64url!"), "auth": .string(Self.auth)]), "subscription.keys.p256dh"),
      // Too short for a point.
      (.object(["p256dh": .string("BCVxsr7N"), "auth": .string(Self.auth)]), "subscription.keys.p256dh"),
      (.object(["p256dh": .string(Self.p256dh), "auth": .string("not*base64url!")]), "subscription.keys.auth"),
      // Not 16 bytes.
      (.object(["p256dh": .string(Self.p256dh), "auth": .string("BTBZMqHH6r4")]), "subscription.keys.auth"),
      (.object(["p256dh": .string(Self.p256dh), "auth": .int(16)]), "subscription.keys.auth"),
    ]
    for (keys, field) in cases {
      #expect(
        try await fixture.error("push.subscribe", params(keys: keys)) == .invalidParams(field),
        "\(String(describing: keys))")
    }
    #expect(try await isKept() == false)
  }

  @Test func anUnknownPlayerIsRefusedAndNothingIsKept() async throws {
    #expect(try await fixture.error("push.subscribe", params(player: 999)) == .notFound("player_not_found"))
    #expect(try await fixture.error("push.subscribe", params(player: "Ana")) == .invalidParams("player"))
    #expect(try await isKept() == false)
  }

  @Test func aCallerWithoutThePlansSignUpCodeIsRefusedAndNothingIsKept() async throws {
    let stranger = try await fixture.connect(.web)
    #expect(try await fixture.error("push.subscribe", params(plan: plan["id"]), as: stranger) == .forbidden)
    let reader = try await fixture.connect(.statusSocket)
    #expect(try await fixture.error("push.subscribe", params(), as: reader) == .forbidden)
    let otherPlan = try await fixture.result(
      "plan.create", ["startsAt": "2027-01-29T19:00+01:00", "capacity": 8])
    let signUp = try await fixture.webClient(presenting: try await fixture.signUpCode(of: otherPlan))
    #expect(
      try await fixture.error("push.subscribe", params(plan: plan["id"]), as: signUp) == .forbidden(field: "plan"),
      "another plan's code")
    #expect(try await fixture.error("push.subscribe", params(), as: signUp) == .forbidden(field: "plan"), "no plan")
    #expect(try await isKept() == false)
  }

  @Test func theSignUpCodeDoesNotSubscribeAPlayerWhoHasNotAnswered() async throws {
    let signUp = try await fixture.webClient(presenting: try await fixture.signUpCode(of: plan))
    #expect(
      try await fixture.error("push.subscribe", params(player: ids[1], plan: plan["id"]), as: signUp)
        == .invalidParams("player"))
    #expect(try await isKept() == false)
  }

  @Test func unsubscribingRefusesAnEndpointThatIsNotHTTPS() async throws {
    _ = try await fixture.result("push.subscribe", params())
    #expect(
      try await fixture.error("push.unsubscribe", ["endpoint": "http://fcm.googleapis.com/x"])
        == .invalidParams("endpoint"))
    #expect(try await fixture.error("push.unsubscribe", [:]) == .invalidParams("endpoint"))
    #expect(try await isKept(), "the phone subscribed is still kept")
  }
}
