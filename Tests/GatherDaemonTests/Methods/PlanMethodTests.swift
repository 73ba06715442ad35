import GatherRPC
import Testing

/// plan.create, update, cancel and get, plans.list, and a gather started from a plan: coming gathers as the
/// organiser keeps them.
@Suite(.timeLimit(.minutes(1))) struct PlanMethodTests {
  let fixture: MethodFixture
  /// Ana, Bruno, Carla and Dani.
  let ids: [JSONValue]

  init() async throws {
    fixture = try await MethodFixture()
    ids = try await fixture.addPlayers("Ana", "Bruno", "Carla", "Dani").map { .int($0) }
  }

  /// A plan for next week with room for `capacity`, and these players joined in order.
  func plan(capacity: Int64 = 10, joined: [JSONValue] = []) async throws -> JSONValue {
    var plan = try await fixture.result(
      "plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": .int(capacity), "place": "Astro 2"])
    for player in joined {
      plan = try #require(try await fixture.result("plan.join", ["plan": plan["id"]!, "player": player])["plan"])
    }
    return plan
  }

  /// The names in one of a plan's lists.
  func names(_ plan: JSONValue?, _ list: String) -> [JSONValue?] {
    plan?[list]?.arrayValue?.map { $0["name"] } ?? []
  }

  @Test func aNewPlanIsOpenWithEmptyLists() async throws {
    let plan = try await plan(capacity: 8)
    #expect(plan["status"] == "open" && plan["capacity"] == 8 && plan["placesLeft"] == 8 && plan["place"] == "Astro 2")
    #expect(plan["startsAt"] == "2027-01-22T18:00:00.000Z" && plan["startsAtLocal"] == "2027-01-22T19:00:00+01:00")
    #expect(plan["going"] == [] && plan["waiting"] == [] && plan["notGoing"] == [] && plan["gather"] == .null)
    #expect(plan["note"] == .null && plan["createdAt"] == "2027-01-15T08:00:00.000Z")
    #expect(try await fixture.result("plan.get", ["plan": try #require(plan["id"])]) == plan)
  }

  @Test func aHandMadePlanShowsTheDaemonsRemindersThatApplyToIt() async throws {
    let plan = try await plan()
    #expect(plan["reminders"] == [172_800, 10_800], "gatherd's own: 48 and 3 hours before, not null")
    #expect(try await fixture.result("plans.list")["plans"]?.arrayValue?.first?["reminders"] == [172_800, 10_800])
  }

  @Test func creatingIsPublishedAndListed() async throws {
    let watcher = try await fixture.watch(["plan"])
    let plan = try await plan()
    let event = try #require(await watcher.nextEvent())
    #expect(event["params"]?["change"] == "created" && event["params"]?["plan"] == plan)
    #expect(try await fixture.result("plans.list") == .object(["plans": [plan]]))
  }

  @Test func openPlansAreListedSoonestFirst() async throws {
    let later = try await fixture.result("plan.create", ["startsAt": "2027-02-01T18:00Z", "capacity": 10])
    let sooner = try await fixture.result("plan.create", ["startsAt": "2027-01-20T18:00Z", "capacity": 10])
    let listed = try await fixture.result("plans.list")["plans"]?.arrayValue?.map { $0["id"] }
    #expect(listed == [sooner["id"], later["id"]])
  }

  @Test func aBadPlanIsRefusedNamingTheParam() async throws {
    let refusals: [(JSONObject, String)] = [
      (["capacity": 10], "startsAt"), (["startsAt": "2027-01-14T19:00Z", "capacity": 10], "startsAt"),
      (["startsAt": "2027-01-22T19:00", "capacity": 10], "startsAt"),
      (["startsAt": "soon", "capacity": 10], "startsAt"),
      (["startsAt": .string(MethodFixture.nextWeek)], "capacity"),
      (["startsAt": .string(MethodFixture.nextWeek), "capacity": 1], "capacity"),
      (["startsAt": .string(MethodFixture.nextWeek), "capacity": 41], "capacity"),
      (["startsAt": .string(MethodFixture.nextWeek), "capacity": 10, "price": 5], "price"),
    ]
    for (params, field) in refusals {
      #expect(try await fixture.error("plan.create", params) == .invalidParams(field), "\(params)")
    }
    #expect(try await fixture.result("plans.list") == .object(["plans": []]))
  }

  @Test func aLargerCapacityMovesTheWaitingUpInOrder() async throws {
    let plan = try await plan(capacity: 2, joined: ids)
    #expect(names(plan, "waiting") == ["Carla", "Dani"])
    let watcher = try await fixture.watch(["plan"])
    let updated = try await fixture.result("plan.update", ["plan": plan["id"]!, "capacity": 3, "place": nil])
    #expect(names(updated, "going") == ["Ana", "Bruno", "Carla"] && names(updated, "waiting") == ["Dani"])
    #expect(updated["place"] == .null && updated["startsAt"] == plan["startsAt"], "null cleared the place only")
    #expect(await watcher.nextChange() == "plan:updated")
    let promoted = try #require(await watcher.nextEvent())
    #expect(promoted["params"]?["change"] == "promoted" && promoted["params"]?["player"]?["name"] == "Carla")
  }

  @Test func anUpdateNeedsSomethingToChange() async throws {
    let plan = try await plan()
    let id = try #require(plan["id"])
    #expect(try await fixture.error("plan.update", ["plan": id]) == .invalidParams("capacity"))
    #expect(try await fixture.error("plan.update", ["plan": id, "capacity": 50]) == .invalidParams("capacity"))
    let past = try await fixture.error("plan.update", ["plan": id, "startsAt": "2026-12-01T19:00Z"])
    #expect(past == .invalidParams("startsAt"))
    #expect(try await fixture.error("plan.update", ["plan": 99, "capacity": 5]) == .notFound("plan_not_found"))
    #expect(try await fixture.result("plan.get", ["plan": id]) == plan, "nothing changed")
  }

  @Test func aCancelledPlanTakesNoMoreAnswersButCanStillBeRead() async throws {
    let plan = try await plan(joined: [ids[0]])
    let id = try #require(plan["id"])
    let cancelled = try await fixture.result("plan.cancel", ["plan": id])
    #expect(cancelled["status"] == "cancelled" && names(cancelled, "going") == ["Ana"])
    #expect(try await fixture.result("plans.list") == .object(["plans": []]))
    #expect(try await fixture.result("plan.get", ["plan": id]) == cancelled)
    #expect(try await fixture.error("plan.join", ["plan": id, "player": ids[1]]) == .wrongState("plan_cancelled"))
    #expect(try await fixture.error("plan.update", ["plan": id, "capacity": 4]) == .wrongState("plan_cancelled"))
    #expect(try await fixture.error("plan.cancel", ["plan": id]) == .wrongState("plan_cancelled"))
  }

  @Test func anUnknownPlanIsNotFound() async throws {
    for method in ["plan.get", "plan.cancel", "plan.link"] {
      #expect(try await fixture.error(method, ["plan": 99]) == .notFound("plan_not_found"), "\(method)")
    }
    #expect(try await fixture.error("plan.join", ["plan": 99, "player": ids[0]]) == .notFound("plan_not_found"))
  }

  @Test func aGatherFromAPlanPlaysTheGoingPlayersOnly() async throws {
    let plan = try await plan(capacity: 2, joined: [ids[2], ids[0], ids[1]])
    let id = try #require(plan["id"])
    let gather = try await fixture.result("gather.start", ["plan": id, "minutes": 20, "force": true])
    let players = ["teamA", "teamB", "bench"].flatMap { gather["teams"]?[$0]?.arrayValue ?? [] }
    #expect(Set(players.compactMap { $0["name"]?.stringValue }) == ["Carla", "Ana"], "Bruno was waiting")
    #expect(gather["plan"] == id && gather["timer"]?["duration"] == 1200)
    let started = try await fixture.result("plan.get", ["plan": id])
    #expect(started["status"] == "started" && started["gather"] == gather["id"])
    #expect(try await fixture.error("plan.join", ["plan": id, "player": ids[3]]) == .wrongState("plan_started"))
    _ = try await fixture.result("gather.cancel")
    #expect(try await fixture.result("plan.get", ["plan": id])["status"] == "open", "cancelling gives the plan back")
  }

  @Test func aPlanNeedsTwoGoingPlayersToStart() async throws {
    let plan = try await plan(joined: [ids[0]])
    #expect(try await fixture.error("gather.start", ["plan": try #require(plan["id"])]) == .invalidParams("plan"))
    #expect(try await fixture.result("gather.current") == .null)
  }

  @Test func onlyControllersOrganisePlans() async throws {
    let plan = try await plan()
    let id = try #require(plan["id"])
    for peer in [MethodFixture.Peer.statusSocket, .localUser, .web] {
      let reader = try await fixture.connect(peer)
      let create = try await fixture.error(
        "plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": 4], as: reader)
      #expect(create == .forbidden, "\(peer)")
      #expect(try await fixture.error("plan.cancel", ["plan": id], as: reader) == .forbidden)
      #expect(try await fixture.error("plan.join", ["plan": id, "player": ids[0]], as: reader) == .forbidden)
      #expect(try await fixture.result("plans.list", as: reader)["plans"]?.arrayValue?.count == 1)
    }
    #expect(try await fixture.result("plan.get", ["plan": id]) == plan, "nobody changed it")
  }
}
