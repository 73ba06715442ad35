import GatherRPC
import Testing

/// plan.checkIn and a gather started from it: on the night the organiser ticks who turned up, brings in waiting
/// players and walk-ins, and fair teams are made of exactly those who are there.
@Suite(.timeLimit(.minutes(1))) struct PlanCheckInMethodTests {
  let fixture: MethodFixture
  /// Ana, Bruno, Carla, Dani and Eli.
  let ids: [JSONValue]
  /// A plan for next week with room for three: Ana, Bruno and Carla going, Dani waiting.
  let plan: JSONValue

  init() async throws {
    fixture = try await MethodFixture()
    ids = try await fixture.addPlayers("Ana", "Bruno", "Carla", "Dani", "Eli").map { .int($0) }
    plan = try #require(
      try await fixture.result("plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": 3])["id"])
    for player in ids.prefix(4) { _ = try await fixture.result("plan.join", ["plan": plan, "player": player]) }
  }

  func checkIn(_ present: [JSONValue], walkIns: [JSONValue]? = nil) async throws -> JSONValue {
    var params: JSONObject = ["plan": plan, "present": .array(present)]
    if let walkIns { params["walkIns"] = .array(walkIns) }
    return try await fixture.result("plan.checkIn", params)
  }

  func names(_ entries: JSONValue?) -> [JSONValue?] { entries?.arrayValue?.map { $0["name"] } ?? [] }

  @Test func theCheckInSaysWhoCameFromWhereAndWhoDidNot() async throws {
    let watcher = try await fixture.watch(["plan", "players"])
    let checked = try await checkIn([ids[4], ids[3], ids[0], ids[2]], walkIns: ["Zé"])
    let checkIn = try #require(checked["checkIn"])
    #expect(names(checkIn["present"]) == ["Ana", "Carla", "Dani", "Eli", "Zé"])
    #expect(checkIn["present"]?.arrayValue?.map { $0["from"] } == ["going", "going", "waiting", "walkIn", "walkIn"])
    #expect(checkIn["present"]?.arrayValue?.map { $0["guest"] } == [false, false, false, false, true])
    #expect(checkIn["noShows"] == [.object(["id": ids[1], "name": "Bruno", "guest": false])])
    #expect(checkIn["at"] == "2027-01-15T08:00:00.000Z" && checked["status"] == "open")
    #expect(names(checked["going"]) == ["Ana", "Bruno", "Carla"], "the lists stay as people answered")
    #expect(await watcher.nextChange() == "players:created")
    let event = try #require(await watcher.nextEvent())
    #expect(event["params"]?["change"] == "checkedIn" && event["params"]?["plan"] == checked)
    #expect(try await fixture.result("plan.get", ["plan": plan]) == checked)
    let roster = try await fixture.result("players.list")["players"]?.arrayValue ?? []
    #expect(roster.contains { $0["name"] == "Zé" }, "the walk-in is on the roster")
  }

  @Test func aGatherFromACheckedInPlanPlaysThoseWhoCame() async throws {
    let checked = try await checkIn([ids[0], ids[2], ids[3], ids[4]])
    let present = checked["checkIn"]?["present"]?.arrayValue?.compactMap { $0["id"] } ?? []
    let suggestion = try await fixture.result("gather.suggest", ["players": .array(present)])
    let gather = try await fixture.result("gather.start", ["plan": plan, "force": true])
    let members = { (side: JSONValue?) in Set(side?.arrayValue?.compactMap { $0["id"] } ?? []) }
    let started = Set(["teamA", "teamB"].map { members(gather["teams"]?[$0]) })
    let suggested = Set(["teamA", "teamB"].map { members(suggestion[$0]?["players"]) })
    #expect(started == suggested, "the split gather.suggest shows for those ticked, in the check-in's order")
    let players = ["teamA", "teamB", "bench"].flatMap { gather["teams"]?[$0]?.arrayValue ?? [] }
    #expect(Set(players.compactMap { $0["name"]?.stringValue }) == ["Ana", "Carla", "Dani", "Eli"])
  }

  @Test func aWalkInDeletedFromTheRosterLeavesTheCheckInAndTheGatherStarts() async throws {
    let checked = try await checkIn([ids[0], ids[2], ids[3]], walkIns: ["Zed"])
    let zed = try #require(checked["checkIn"]?["present"]?.arrayValue?.last?["id"])
    let watcher = try await fixture.watch(["plan"])
    _ = try await fixture.result("players.delete", ["id": zed])
    let event = try #require(await watcher.nextEvent())
    #expect(event["params"]?["change"] == "checkedIn")
    #expect(names(event["params"]?["plan"]?["checkIn"]?["present"]) == ["Ana", "Carla", "Dani"])
    #expect(
      names(try await fixture.result("plan.get", ["plan": plan])["checkIn"]?["present"]) == ["Ana", "Carla", "Dani"])
    let gather = try await fixture.result("gather.start", ["plan": plan, "force": true])
    let players = ["teamA", "teamB", "bench"].flatMap { gather["teams"]?[$0]?.arrayValue ?? [] }
    #expect(Set(players.compactMap { $0["name"]?.stringValue }) == ["Ana", "Carla", "Dani"])
  }

  @Test func aBadCheckInIsRefusedNamingTheParamAndChangesNothing() async throws {
    let seq = try await fixture.seq()
    let refusals: [(JSONObject, Refusal)] = [
      (["plan": plan], .invalidParams("present")),
      (["plan": plan, "present": []], .invalidParams("present")),
      (["plan": plan, "present": [ids[0], ids[0]]], .invalidParams("present")),
      (["plan": plan, "present": ["Ana"]], .invalidParams("present")),
      (["plan": plan, "present": [ids[0]], "walkIns": ["ana"]], .invalidParams("walkIns")),
      (["plan": plan, "present": [ids[0]], "walkIns": ["Zé", "zé"]], .invalidParams("walkIns")),
      (["plan": plan, "present": [ids[0]], "walkIns": [""]], .invalidParams("walkIns")),
      (["plan": plan, "present": [99]], .notFound("player_not_found")),
      (["plan": 99, "present": [ids[0]]], .notFound("plan_not_found")),
      (["plan": plan, "present": [ids[0]], "late": true], .invalidParams("late")),
    ]
    for (params, refusal) in refusals {
      #expect(try await fixture.error("plan.checkIn", params) == refusal, "\(params)")
    }
    #expect(try await fixture.seq() == seq, "nothing was published")
    #expect(try await fixture.result("plan.get", ["plan": plan])["checkIn"] == .null)
    #expect(try await fixture.result("players.list")["players"]?.arrayValue?.count == 5, "no walk-in was added")
    _ = try await fixture.result("plan.cancel", ["plan": plan])
    let closed = try await fixture.error("plan.checkIn", ["plan": plan, "present": [ids[0]]])
    #expect(closed == .wrongState("plan_cancelled"))
  }

  @Test func onlyControllersCheckIn() async throws {
    let code = try await fixture.signUpCode(of: .object(["id": plan]))
    let signUp = try await fixture.webClient(presenting: code)
    for reader in [try await fixture.connect(.web), try await fixture.connect(.localUser), signUp] {
      #expect(try await fixture.error("plan.checkIn", ["plan": plan, "present": [ids[0]]], as: reader) == .forbidden)
    }
    #expect(try await fixture.result("plan.get", ["plan": plan])["checkIn"] == .null)
  }

  @Test func noShowsAndThoseWhoCameCountInAttendance() async throws {
    _ = try await checkIn([ids[0], ids[2], ids[3]])
    _ = try await fixture.result("gather.start", ["plan": plan, "force": true])
    _ = try await fixture.result("gather.end")
    // By attendance, the whole roster is listed unless minGathers says otherwise.
    let rows = try await fixture.result("stats.players", ["order": "attendance"])
    let attendance = Dictionary(
      uniqueKeysWithValues: (rows["players"]?.arrayValue ?? []).compactMap { row in
        row["name"]?.stringValue.map { ($0, row["attendance"] ?? .null) }
      })
    #expect(
      attendance["Bruno"]
        == .object([
          "joined": 1, "played": 0, "noShows": 1, "leftLate": 0, "lateDropOuts": 0, "strikes": 1, "heldBack": false,
        ]))
    #expect(
      attendance["Dani"]
        == .object([
          "joined": 1, "played": 1, "noShows": 0, "leftLate": 0, "lateDropOuts": 0, "strikes": 0, "heldBack": false,
        ]))
    #expect(rows["players"]?.arrayValue?.last?["name"] == "Bruno", "the no-show comes last")
  }
}
