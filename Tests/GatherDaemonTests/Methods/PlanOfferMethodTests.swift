import GatherRPC
import Testing

/// plan.accept and plan.decline through the dispatcher: a player with no place offered is refused, naming player,
/// and nothing changes.
@Suite(.timeLimit(.minutes(1))) struct PlanOfferMethodTests {
  let fixture: MethodFixture
  /// Ana, Bruno and Carla.
  let ids: [JSONValue]
  /// A plan for next week with room for two and Carla waiting, its places offered from eight days before.
  let plan: JSONValue

  init() async throws {
    fixture = try await MethodFixture()
    ids = try await fixture.addPlayers("Ana", "Bruno", "Carla").map { .int($0) }
    plan = try #require(
      try await fixture.result(
        "plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": 2, "offerPeriod": .int(8 * 24 * 3600)])[
          "id"]
    )
    for id in ids { _ = try await fixture.result("plan.join", ["plan": plan, "player": id]) }
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
  }
}
