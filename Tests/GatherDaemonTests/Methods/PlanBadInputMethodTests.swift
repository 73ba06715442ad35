import GatherRPC
import Testing

/// Bad input to the plans' methods, and answers to a plan that is cancelled, played or expired: each gets its error
/// (the param named, or what is not found, or the plan's state), and nothing changes: no plan, player or gather,
/// and no event.
@Suite(.timeLimit(.minutes(1))) struct PlanBadInputMethodTests {
  let fixture: MethodFixture
  /// Ana, Bruno, Carla and Dani.
  let ids: [JSONValue]

  init() async throws {
    fixture = try await MethodFixture()
    ids = try await fixture.addPlayers("Ana", "Bruno", "Carla", "Dani").map { .int($0) }
  }

  /// The id of a plan for next week with room for `capacity`, that these players joined.
  func plan(capacity: Int64 = 2, joined: [JSONValue]) async throws -> JSONValue {
    let plan = try await fixture.result(
      "plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": .int(capacity)])
    let id = try #require(plan["id"])
    for player in joined { _ = try await fixture.result("plan.join", ["plan": id, "player": player]) }
    return id
  }

  /// What a refused call must leave as it was: the plans, the roster, the gather and the events' seq.
  func state() async throws -> [JSONValue] {
    [
      try await fixture.result("plans.list"), try await fixture.result("players.list"),
      try await fixture.result("gather.current"), .int(try await fixture.seq()),
    ]
  }

  /// Sends each call and expects its refusal, each leaving the state as it was.
  func expectRefused(
    _ calls: [(String, JSONObject, Refusal)], sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    for (method, params, refusal) in calls {
      let before = try await state()
      let error = try await fixture.error(method, params, sourceLocation: sourceLocation)
      #expect(error == refusal, "\(method) \(params)", sourceLocation: sourceLocation)
      #expect(try await state() == before, "\(method) \(params) changed something", sourceLocation: sourceLocation)
    }
  }

  @Test func eachBadInputGetsItsErrorAndChangesNothing() async throws {
    let plan = try await plan(joined: [ids[0]])
    let next = JSONValue.string(MethodFixture.nextWeek)
    try await expectRefused([
      ("plan.create", ["startsAt": next, "capacity": 1], .invalidParams("capacity")),
      ("plan.create", ["startsAt": next, "capacity": 41], .invalidParams("capacity")),
      ("plan.create", ["startsAt": "2027-01-14T19:00+01:00", "capacity": 10], .invalidParams("startsAt")),
      ("plan.create", ["startsAt": "2027-01-22T19:00", "capacity": 10], .invalidParams("startsAt")),
      ("plan.create", ["startsAt": "next thursday", "capacity": 10], .invalidParams("startsAt")),
      ("plan.create", ["capacity": 10], .invalidParams("startsAt")),
      ("plan.create", ["startsAt": next, "capacity": 10, "colour": "red"], .invalidParams("colour")),
      ("plan.update", ["plan": plan, "capacity": 0], .invalidParams("capacity")),
      ("plan.update", ["plan": plan, "startsAt": "2027-01-13T19:00+01:00"], .invalidParams("startsAt")),
      ("plan.update", ["plan": 999, "capacity": 5], .notFound("plan_not_found")),
      ("plan.update", ["plan": plan], .invalidParams("capacity")),
      ("plan.join", ["plan": 999, "player": ids[1]], .notFound("plan_not_found")),
      ("plan.join", ["plan": plan, "player": 999], .notFound("player_not_found")),
      ("plan.leave", ["plan": plan, "player": 999], .notFound("player_not_found")),
      ("plan.join", ["plan": plan, "guest": ""], .invalidParams("guest")),
      ("plan.join", ["plan": plan, "guest": "   "], .invalidParams("guest")),
      ("plan.join", ["plan": plan, "guest": .string(String(repeating: "x", count: 41))], .invalidParams("guest")),
      ("plan.join", ["plan": plan, "player": ids[1], "guest": "Zé"], .invalidParams("guest")),
      ("plan.get", ["plan": 999], .notFound("plan_not_found")),
      ("gather.start", ["plan": 999], .notFound("plan_not_found")),
      ("gather.start", ["plan": plan], .invalidParams("plan")),
      ("gather.start", ["plan": plan, "teamA": [ids[0]], "teamB": [ids[1]]], .invalidParams("plan")),
    ])
  }

  @Test func aGuestNameOfFortyCharactersIsFineOnceButNotTwiceInAnyCase() async throws {
    let plan = try await plan(capacity: 10, joined: [])
    let answer = try await fixture.result(
      "plan.join", ["plan": plan, "guest": .string(" " + String(repeating: "Z", count: 40) + " ")])
    #expect(answer["player"]?["name"] == .string(String(repeating: "Z", count: 40)))
    #expect(answer["plan"]?["going"]?.arrayValue?.first?["guest"] == true)
    let twin = JSONValue.string(String(repeating: "z", count: 40))
    try await expectRefused([("plan.join", ["plan": plan, "guest": twin], .invalidParams("guest"))])
  }

  @Test func aCancelledOrStartedPlanTakesNoAnswersAndNoChanges() async throws {
    let cancelled = try await plan(joined: [ids[0]])
    _ = try await fixture.result("plan.cancel", ["plan": cancelled])
    let started = try await plan(joined: Array(ids[0..<3]))
    _ = try await fixture.result("gather.start", ["plan": started, "force": true])
    for (plan, reason) in [(cancelled, "plan_cancelled"), (started, "plan_started")] {
      let refusal = Refusal.wrongState(reason)
      try await expectRefused([
        ("plan.join", ["plan": plan, "player": ids[3]], refusal),
        ("plan.join", ["plan": plan, "guest": "Zé"], refusal),
        ("plan.leave", ["plan": plan, "player": ids[0]], refusal),
        ("plan.update", ["plan": plan, "capacity": 5], refusal), ("plan.cancel", ["plan": plan], refusal),
      ])
    }
  }

  @Test func anExpiredPlanTakesNoAnswers() async throws {
    let soon = try #require(
      try await fixture.result("plan.create", ["startsAt": "2027-01-15T09:00Z", "capacity": 4])["id"])
    let watcher = try await fixture.watch(["plan"])
    // Plans expire six hours after their start, when nothing says otherwise.
    await fixture.advance(by: .seconds(7 * 3600))
    var change = await watcher.nextChange()
    while let seen = change, seen != "plan:expired" { change = await watcher.nextChange() }
    #expect(change == "plan:expired")
    try await expectRefused([("plan.join", ["plan": soon, "guest": "Zé"], .wrongState("plan_expired"))])
  }
}
