import GatherRPC
import Testing

/// What a link's code does not let its holder do: a plan's sign-up code, anything but answer for its own plan (how
/// many new names it may add is PlanAnswerMethodTests'); a gather's vote code, anything but vote; a wrong code,
/// anything at all.
/// Each refusal changes nothing.
@Suite(.timeLimit(.minutes(1))) struct LinkCodeMethodTests {
  let fixture: MethodFixture
  /// Ana, Bruno, Carla and Dani.
  let ids: [JSONValue]
  /// Thursday's plan, with room for two, whose code the tests hold, and Sunday's.
  let thursday: JSONValue
  let sunday: JSONValue

  init() async throws {
    fixture = try await MethodFixture()
    ids = try await fixture.addPlayers("Ana", "Bruno", "Carla", "Dani").map { .int($0) }
    thursday = try #require(
      try await fixture.result("plan.create", ["startsAt": "2027-01-21T19:00+01:00", "capacity": 2])["id"])
    sunday = try #require(
      try await fixture.result("plan.create", ["startsAt": "2027-01-24T19:00+01:00", "capacity": 10])["id"])
  }

  /// A web client that presented Thursday's code.
  func holder() async throws -> MethodFixture.Connection {
    try await fixture.webClient(presenting: try await fixture.signUpCode(of: .object(["id": thursday])))
  }

  /// The roster, the plans and the gather: what a refusal must leave alone.
  func state() async throws -> [JSONValue] {
    [
      try await fixture.result("players.list"), try await fixture.result("plan.get", ["plan": thursday]),
      try await fixture.result("plan.get", ["plan": sunday]), try await fixture.result("gather.current"),
    ]
  }

  @Test func theCodeOpensNoOtherMethodAndNoOtherPlan() async throws {
    let holder = try await holder()
    let (before, seq) = (try await state(), try await fixture.seq())
    let controls: [(String, JSONObject)] = [
      ("players.create", ["name": "Mallory"]), ("players.update", ["id": ids[0], "name": "Hacked"]),
      ("players.delete", ["id": ids[0]]), ("gather.start", ["teamA": [ids[0]], "teamB": [ids[1]]]),
      ("score.goal", ["team": "teamA"]), ("timer.start", [:]),
      ("plan.create", ["startsAt": "2027-02-01T19:00Z", "capacity": 10]),
      ("plan.update", ["plan": thursday, "capacity": 3]),
      ("plan.cancel", ["plan": thursday]), ("plan.link", ["plan": thursday]), ("web.link", [:]),
    ]
    for (method, params) in controls {
      #expect(try await fixture.error(method, params, as: holder) == .forbidden, "\(method)")
    }
    let other = await fixture.call("plan.join", ["plan": sunday, "player": ids[0]], as: holder)
    #expect(Refusal(try #require(other["error"])) == .forbidden(field: "plan"))
    let message = other["error"]?["message"]?.stringValue ?? ""
    #expect(message.contains("\(thursday.intValue ?? 0)"), "the refusal names the code's own plan: \(message)")
    let guest = try await fixture.error("plan.join", ["plan": sunday, "guest": "Zé"], as: holder)
    #expect(guest == .forbidden(field: "plan"))
    let leave = try await fixture.error("plan.leave", ["plan": sunday, "player": ids[0]], as: holder)
    #expect(leave == .forbidden(field: "plan"))
    #expect(try await state() == before, "nothing the code may not do was done")
    #expect(try await fixture.seq() == seq)
  }

  @Test func aVoteCodeOpensNothingButTheVote() async throws {
    _ = try await fixture.result("gather.start", ["teamA": [ids[0], ids[1]], "teamB": [ids[2], ids[3]]])
    let gather = try #require(try await fixture.result("gather.end")["id"])
    let link = try await fixture.result("gather.voteLink", ["gather": gather])
    let code = try #require(link["url"]?.stringValue?.split(separator: "#vote=").last.map(String.init))
    let voter = try await fixture.webClient(presenting: code)
    let (before, seq) = (try await state(), try await fixture.seq())
    let controls: [(String, JSONObject)] = [
      ("score.goal", ["team": "teamA"]), ("plan.create", ["startsAt": "2027-02-01T19:00Z", "capacity": 4]),
      ("fees.pay", ["player": ids[0], "amount": 100]), ("gather.voteLink", ["gather": gather]),
    ]
    for (method, params) in controls {
      #expect(try await fixture.error(method, params, as: voter) == .forbidden, "\(method)")
    }
    #expect(try await state() == before)
    #expect(try await fixture.seq() == seq)
  }

  @Test func aWrongCodeIsRefusedAndGrantsNothing() async throws {
    let code = try await fixture.signUpCode(of: .object(["id": thursday]))
    let wrong = String(code.dropLast()) + (code.hasSuffix("A") ? "B" : "A")
    let web = try await fixture.connect(.web)
    #expect(try await fixture.error("auth.token", ["token": .string(wrong)], as: web) == .forbidden("invalid_token"))
    let join = try await fixture.error("plan.join", ["plan": thursday, "player": ids[0]], as: web)
    #expect(join == .forbidden)
    #expect(try await fixture.result("plan.get", ["plan": thursday])["going"] == [])
  }

  @Test func aBadGuestOrAnUnknownPlayerGetsItsOwnError() async throws {
    let holder = try await holder()
    let before = try await state()
    let refusals: [(JSONObject, Refusal)] = [
      (["plan": thursday, "guest": ""], .invalidParams("guest")),
      (["plan": thursday, "guest": .string(String(repeating: "x", count: 41))], .invalidParams("guest")),
      (["plan": thursday, "player": 999], .notFound("player_not_found")),
    ]
    for (params, refusal) in refusals {
      #expect(try await fixture.error("plan.join", params, as: holder) == refusal, "\(params)")
    }
    #expect(try await state() == before)
  }
}
