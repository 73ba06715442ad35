import GatherRPC
import Testing

/// The two plan changes people seldom mean, refused by gatherd for every client unless `force` says they are
/// meant: a gather from a plan more than 12 hours before its start, and a second plan at an open plan's start.
@Suite(.timeLimit(.minutes(1))) struct PlanGuardMethodTests {
  let fixture: MethodFixture
  /// Ana and Bruno.
  let ids: [JSONValue]

  init() async throws {
    fixture = try await MethodFixture()
    ids = try await fixture.addPlayers("Ana", "Bruno").map { .int($0) }
  }

  /// A plan at `startsAt` (next week by default), at Astro 2, that Ana and Bruno joined.
  func plan(startsAt: String = MethodFixture.nextWeek) async throws -> JSONValue {
    let plan = try await fixture.result(
      "plan.create", ["startsAt": .string(startsAt), "capacity": 10, "place": "Astro 2"])
    for player in ids { _ = try await fixture.result("plan.join", ["plan": plan["id"]!, "player": player]) }
    return plan
  }

  /// The message of the error a request must fail with.
  func message(_ method: String, _ params: JSONObject) async throws -> String {
    try #require(await fixture.call(method, params)["error"]?["message"]?.stringValue)
  }

  @Test func aGatherFromAPlanDaysBeforeItsStartNeedsForce() async throws {
    let id = try #require(try await plan()["id"]?.intValue)
    #expect(try await fixture.error("gather.start", ["plan": .int(id)]) == .wrongState("plan_not_due"))
    // The clock reads 2027-01-15 08:00 UTC; the plan starts on Friday 22 January at 19:00 in UTC+1.
    #expect(
      try await message("gather.start", ["plan": .int(id)])
        == "Plan \(id) starts Fri 22 Jan 19:00, in about 7 days and 10 hours; a gather from it now would close its "
        + "sign-ups early, and nothing was started.")
    #expect(try await fixture.result("gather.current") == .null)
    #expect(try await fixture.result("plan.get", ["plan": .int(id)])["status"] == "open")
    let gather = try await fixture.result("gather.start", ["plan": .int(id), "force": true])
    #expect(gather["plan"] == .int(id))
  }

  @Test func aPlanStartsUnforcedFromTwelveHoursBeforeItsStart() async throws {
    let id = try #require(try await plan()["id"]?.intValue)
    // 12 hours and a minute before 18:00 UTC on the 22nd.
    await fixture.advance(by: .seconds(7 * 86400 - 2 * 3600 - 60))
    #expect(try await message("gather.start", ["plan": .int(id)]).contains("in about 12 hours;"))
    await fixture.advance(by: .seconds(120))
    #expect(try await fixture.result("gather.start", ["plan": .int(id)])["plan"] == .int(id))
  }

  @Test func forceGoesWithAPlan() async throws {
    let params: JSONObject = ["teamA": [ids[0]], "teamB": [ids[1]], "force": true]
    #expect(try await fixture.error("gather.start", params) == .invalidParams("force"))
  }

  @Test func aSecondPlanAtTheSameStartNeedsForce() async throws {
    let first = try #require(try await plan()["id"]?.intValue)
    // The same moment, written in UTC.
    let twin: JSONObject = ["startsAt": "2027-01-22T18:00Z", "capacity": 10]
    #expect(try await fixture.error("plan.create", twin) == .wrongState("same_time"))
    #expect(
      try await message("plan.create", twin)
        == "Plan \(first) starts then too (Fri 22 Jan 19:00, Astro 2); nothing was made.")
    #expect(try await fixture.result("plans.list")["plans"]?.arrayValue?.count == 1)
    var forced = twin
    forced["force"] = true
    _ = try await fixture.result("plan.create", forced)
    #expect(try await fixture.result("plans.list")["plans"]?.arrayValue?.count == 2)
  }

  @Test func movingAPlanOntoAnotherOnesStartNeedsForce() async throws {
    let first = try #require(try await plan()["id"]?.intValue)
    let other = try #require(try await plan(startsAt: "2027-01-29T19:00+01:00")["id"]?.intValue)
    let move: JSONObject = ["plan": .int(other), "startsAt": .string(MethodFixture.nextWeek)]
    #expect(try await fixture.error("plan.update", move) == .wrongState("same_time"))
    #expect(
      try await message("plan.update", move)
        == "Plan \(first) starts then too (Fri 22 Jan 19:00, Astro 2); nothing was changed.")
    #expect(try await fixture.result("plan.get", ["plan": .int(other)])["startsAtLocal"] == "2027-01-29T19:00:00+01:00")
    // Its own start is no other plan's.
    _ = try await fixture.result("plan.update", ["plan": .int(first), "startsAt": .string(MethodFixture.nextWeek)])
    var forced = move
    forced["force"] = true
    let moved = try await fixture.result("plan.update", forced)
    #expect(moved["startsAtLocal"] == "2027-01-22T19:00:00+01:00")
  }
}
