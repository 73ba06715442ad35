import GatherRPC
import Testing

/// plan.accept and plan.decline through the dispatcher: the waiting player offered a freed place takes it (going)
/// or turns it down (it passes to the next waiting player, as when it is not taken in time); a player with no
/// place offered, another plan, bad params and a caller without the plan's sign-up code are refused, and nothing
/// changes.
@Suite(.timeLimit(.minutes(1))) struct PlanOfferMethodTests {
  let fixture: MethodFixture
  /// Ana, Bruno, Carla and Dani.
  let ids: [JSONValue]
  /// A plan for next week with room for two, Ana and Bruno going, Carla then Dani waiting, its places offered from
  /// eight days before.
  let plan: JSONValue

  init() async throws {
    fixture = try await MethodFixture()
    // 10:00 UTC, out of quiet hours (21:00-09:00): an offer goes out at once.
    await fixture.advance(by: .seconds(2 * 3600))
    ids = try await fixture.addPlayers("Ana", "Bruno", "Carla", "Dani").map { .int($0) }
    plan = try #require(
      try await fixture.result(
        "plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": 2, "offerPeriod": .int(8 * 24 * 3600)])[
          "id"]
    )
    for id in ids { _ = try await fixture.result("plan.join", ["plan": plan, "player": id]) }
  }

  /// Ana leaves: her place is offered to Carla.
  func freeAPlace() async throws {
    _ = try await fixture.result("plan.leave", ["plan": plan, "player": ids[0]])
  }

  /// The players the plan offers a place to, by id.
  func offeredTo() async throws -> [JSONValue] {
    let got = try await fixture.result("plan.get", ["plan": plan])
    return try #require(got["attendance"]?["offers"]?.arrayValue).compactMap { $0["player"] }
  }

  @Test func aPlayerWithNoPlaceOfferedIsRefusedNamingPlayerAndNothingChanges() async throws {
    let before = try await fixture.result("plan.get", ["plan": plan])
    for method in ["plan.accept", "plan.decline"] {
      #expect(
        try await fixture.error(method, ["plan": plan, "player": ids[2]]) == .invalidParams("player"), "\(method)")
    }
    #expect(try await fixture.result("plan.get", ["plan": plan]) == before)
  }

  @Test func aPlaceFreedWithinTheOfferPeriodIsOfferedNotGiven() async throws {
    let left = try await fixture.result("plan.leave", ["plan": plan, "player": ids[0]])
    #expect(left["promoted"] == [])
    #expect(left["offered"] == [.object(["id": ids[2], "name": "Carla"])])
    #expect(left["plan"]?["placesLeft"] == 0, "the place is held for Carla, open to no one else")
    let offer = try #require(left["plan"]?["attendance"]?["offers"]?.arrayValue?.first)
    #expect(offer["sentAt"] == "2027-01-15T10:00:00.000Z" && offer["expiresAt"] == "2027-01-15T12:00:00.000Z")
  }

  @Test func theOfferedPlayerWhoAcceptsIsOnTheList() async throws {
    try await freeAPlace()
    let watcher = try await fixture.watch(["plan"])
    let accepted = try await fixture.result("plan.accept", ["plan": plan, "player": ids[2]])
    #expect(accepted["answer"] == "going" && accepted["changed"] == true)
    #expect(accepted["plan"]?["going"]?.arrayValue?.map { $0["name"] } == ["Bruno", "Carla"])
    #expect(accepted["plan"]?["waiting"]?.arrayValue?.map { $0["name"] } == ["Dani"])
    #expect(await watcher.nextChange() == "plan:accepted")
    #expect(try await offeredTo() == [])
    let again = try await fixture.result("plan.accept", ["plan": plan, "player": ids[2]])
    #expect(again["answer"] == "going" && again["changed"] == false, "taking it again changes nothing")
  }

  @Test func theOfferedPlayerWhoDeclinesPassesThePlaceToTheNext() async throws {
    try await freeAPlace()
    let watcher = try await fixture.watch(["plan"])
    let declined = try await fixture.result("plan.decline", ["plan": plan, "player": ids[2]])
    #expect(declined["answer"] == "notGoing" && declined["offered"] == [.object(["id": ids[3], "name": "Dani"])])
    #expect(declined["plan"]?["going"]?.arrayValue?.map { $0["name"] } == ["Bruno"])
    #expect(await watcher.nextChange() == "plan:declined")
    #expect(await watcher.nextChange() == "plan:offered")
    #expect(try await offeredTo() == [ids[3]])
    // Carla's no is kept: she cannot take the place back.
    #expect(try await fixture.error("plan.accept", ["plan": plan, "player": ids[2]]) == .invalidParams("player"))
  }

  @Test func anOfferNotTakenInItsWindowLapsesAndPassesOn() async throws {
    try await freeAPlace()
    let watcher = try await fixture.watch(["plan"])
    await fixture.advance(by: .seconds(2 * 3600 + 1))
    #expect(await watcher.nextChange() == "plan:lapsed")
    #expect(await watcher.nextChange() == "plan:offered")
    #expect(try await offeredTo() == [ids[3]])
    #expect(try await fixture.error("plan.accept", ["plan": plan, "player": ids[2]]) == .invalidParams("player"))
  }

  @Test func wrongPlansAndBadParamsAreRefusedNamingTheParamAndNothingChanges() async throws {
    try await freeAPlace()
    let other = try #require(
      try await fixture.result("plan.create", ["startsAt": "2027-01-29T19:00+01:00", "capacity": 2])["id"])
    let before = try await fixture.result("plan.get", ["plan": plan])
    let seq = try await fixture.seq()
    for method in ["plan.accept", "plan.decline"] {
      let refusals: [(JSONObject, Refusal)] = [
        (["plan": other, "player": ids[2]], .invalidParams("player")),  // offered in another plan
        (["plan": 999, "player": ids[2]], .notFound("plan_not_found")),
        (["plan": plan, "player": 999], .notFound("player_not_found")),
        (["plan": plan], .invalidParams("player")),
        (["player": ids[2]], .invalidParams("plan")),
        (["plan": "next week", "player": ids[2]], .invalidParams("plan")),
        (["plan": plan, "player": "Carla"], .invalidParams("player")),
        (["plan": plan, "player": .double(1.5)], .invalidParams("player")),
        (["plan": plan, "player": ids[2], "reason": "busy"], .invalidParams("reason")),
      ]
      for (params, refusal) in refusals {
        #expect(try await fixture.error(method, params) == refusal, "\(method) \(params)")
      }
    }
    #expect(try await fixture.result("plan.get", ["plan": plan]) == before)
    #expect(try await fixture.seq() == seq, "nothing was published")
  }

  @Test func onlyTheOrganiserOrThePlansSignUpCodeAnswersAnOffer() async throws {
    try await freeAPlace()
    let stranger = try await fixture.connect(.web)
    let reader = try await fixture.connect(.statusSocket)
    for caller in [stranger, reader] {
      #expect(try await fixture.error("plan.accept", ["plan": plan, "player": ids[2]], as: caller) == .forbidden)
      #expect(try await fixture.error("plan.decline", ["plan": plan, "player": ids[2]], as: caller) == .forbidden)
    }
    #expect(try await offeredTo() == [ids[2]])
    let got = try await fixture.result("plan.get", ["plan": plan])
    let signUp = try await fixture.webClient(presenting: try await fixture.signUpCode(of: got))
    #expect(try await fixture.result("plan.accept", ["plan": plan, "player": ids[2]], as: signUp)["answer"] == "going")
  }
}
