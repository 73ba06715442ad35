import GatherRPC
import Testing

/// What people type for others to read (players' and guests' names, favourite teams, team names, a plan's place
/// and note) is refused naming its param when it holds a control or formatting character or is past its limit in
/// characters or in UTF-8 bytes, from a controller and from a sign-up link's holder alike; a guest cannot pass for a
/// roster player. Every refusal leaves the roster, the plan, the gather and the events as they were.
@Suite(.timeLimit(.minutes(1))) struct TypedNamesMethodTests {
  /// A guest name that would clear the organiser's terminal, retitle it and show a fake prompt.
  static let terminalAttack = "Evil\u{1B}[2J\u{1B}]0;owned\u{07}\nroot# "
  /// Hidden characters, refused wherever people type text, whatever its length.
  static let hidden = [terminalAttack, "Ana\u{202E}gnaM", "Ana\u{2066}x\u{2069}", "Ana\u{200B}", "Ana\u{2028}Lima"]

  /// Text past a limit of `characters`: by characters, by bytes with fewer characters (flags of eight bytes), and
  /// one character flooded with combining marks.
  static func oversized(_ characters: Int) -> [String] {
    [
      String(repeating: "x", count: characters + 1), String(repeating: "\u{1F1F5}\u{1F1F9}", count: characters / 2 + 1),
      "e" + String(repeating: "\u{301}", count: 2 * characters + 1),
    ]
  }

  let fixture: MethodFixture
  /// Ana and Bruno, playing each other.
  let ids: [JSONValue]
  /// A plan for next week at Astro 2.
  let plan: JSONValue

  init() async throws {
    fixture = try await MethodFixture()
    ids = try await fixture.addPlayers("Ana", "Bruno").map { .int($0) }
    _ = try await fixture.result("gather.start", ["teamA": [ids[0]], "teamB": [ids[1]]])
    plan = try #require(
      try await fixture.result(
        "plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": 10, "place": "Astro 2"])["id"])
  }

  /// The events' seq, the roster, the plan and the gather: what a refusal must leave alone.
  func state() async throws -> [JSONValue] {
    [
      .int(try await fixture.seq()), try await fixture.result("players.list"),
      try await fixture.result("plan.get", ["plan": plan]), try await fixture.result("gather.current"),
    ]
  }

  @Test func everyTypedParamRefusesHiddenCharactersAndOversizedText() async throws {
    let before = try await state()
    let calls: [(String, (JSONValue) -> JSONObject, String, Int)] = [
      ("players.create", { ["name": $0] }, "name", 40),
      ("players.create", { ["name": "Carla", "favouriteTeam": $0] }, "favouriteTeam", 100),
      ("players.update", { ["id": ids[0], "name": $0] }, "name", 40),
      ("gather.rename", { ["teamA": $0] }, "teamA", 24),
      ("gather.rename", { ["names": .object(["teamB": $0])] }, "names", 24),
      ("plan.create", { ["startsAt": "2027-01-23T19:00+01:00", "capacity": 10, "place": $0] }, "place", 100),
      ("plan.update", { ["plan": plan, "place": $0] }, "place", 100),
      ("plan.update", { ["plan": plan, "note": $0] }, "note", 500),
    ]
    for (method, params, field, limit) in calls {
      for text in Self.hidden + Self.oversized(limit) {
        let refusal = try await fixture.error(method, params(.string(text)))
        #expect(refusal == .invalidParams(field), "\(method) \(field) \(text.unicodeScalars.count) scalars")
      }
    }
    #expect(try await state() == before)
  }

  @Test func aGuestNameFromASignUpLinkIsHeldToTheSameRule() async throws {
    let code = try await fixture.signUpCode(of: .object(["id": plan]))
    let holder = try await fixture.webClient(presenting: code)
    let before = try await state()
    let reply = await fixture.call("plan.join", ["plan": plan, "guest": .string(Self.terminalAttack)], as: holder)
    #expect(Refusal(try #require(reply["error"])) == .invalidParams("guest"))
    let message = try #require(reply["error"]?["message"]?.stringValue)
    #expect(message.contains("control characters") && message.contains("U+001B"))
    #expect(!message.contains("\u{1B}"), "the refusal does not echo the escape codes")
    for name in Self.hidden + Self.oversized(40) {
      let refusal = try await fixture.error("plan.join", ["plan": plan, "guest": .string(name)], as: holder)
      #expect(refusal == .invalidParams("guest"), "\(name.unicodeScalars.count) scalars")
    }
    #expect(try await state() == before)
    #expect(try await fixture.result("plan.join", ["plan": plan, "guest": "Zé"], as: holder)["answer"] == "going")
  }

  @Test func aGuestCannotPassForARosterPlayer() async throws {
    let holder = try await fixture.webClient(presenting: try await fixture.signUpCode(of: .object(["id": plan])))
    let before = try await state()
    for name in ["ANA", "ana", "An\u{115F}a", "A\u{34F}na"] {
      let reply = await fixture.call("plan.join", ["plan": plan, "guest": .string(name)], as: holder)
      #expect(Refusal(try #require(reply["error"])) == .invalidParams("guest"), "\(name)")
      let message = reply["error"]?["message"]?.stringValue ?? ""
      #expect(message.contains("\"Ana\" (player \(ids[0].intValue ?? 0))"), "the player it looks like: \(message)")
    }
    #expect(try await state() == before)
  }

  @Test func aGuestNameIsComparedInItsComposedForm() async throws {
    let holder = try await fixture.webClient(presenting: try await fixture.signUpCode(of: .object(["id": plan])))
    let joined = try await fixture.result("plan.join", ["plan": plan, "guest": "  Ze\u{301} from work \n"], as: holder)
    let name = joined["player"]?["name"]?.stringValue.map { Array($0.unicodeScalars) }
    #expect(name == Array("Z\u{E9} from work".unicodeScalars), "trimmed, in NFC")
    let before = try await state()
    let refusal = try await fixture.error("plan.join", ["plan": plan, "guest": "ZE\u{301} FROM WORK"], as: holder)
    #expect(refusal == .invalidParams("guest"))
    #expect(try await state() == before)
  }
}
