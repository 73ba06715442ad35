import GatherRPC
import Testing

/// gather.reopen, gathers.delete, plan.restore and players.merge through the dispatcher: each takes back what the
/// organiser did by mistake, everywhere it shows (history, stats, ratings, the ledger, the plans), and a refusal
/// changes nothing.
@Suite(.timeLimit(.minutes(1))) struct UndoMethodTests {
  let fixture: MethodFixture
  /// Ana, Bruno, Carla and Dani.
  let ids: [JSONValue]

  init() async throws {
    fixture = try await MethodFixture()
    ids = try await fixture.addPlayers("Ana", "Bruno", "Carla", "Dani").map { .int($0) }
  }

  /// Ana and Bruno against Carla and Dani, costing 8.00, won 1-0 by Ana's goal; returns the ended gather's id.
  func playedGather() async throws -> JSONValue {
    let started = try await fixture.result("gather.start", ["teamA": [ids[0], ids[1]], "teamB": [ids[2], ids[3]]])
    let id = try #require(started["id"])
    _ = try await fixture.result("fees.setCost", ["gather": id, "cost": .object(["amount": 800, "currency": "EUR"])])
    _ = try await fixture.result("score.goal", ["team": "teamA", "player": ids[0]])
    return try #require(try await fixture.result("gather.end")["id"])
  }

  func ratings() async throws -> [JSONValue] {
    try #require(try await fixture.result("stats.players", ["minGathers": 0])["players"]?.arrayValue).map {
      $0["rating"] ?? .null
    }
  }

  func balances() async throws -> [String] {
    try #require(try await fixture.result("fees.balance")["balances"]?.arrayValue).map {
      "\($0["player"]?["name"]?.stringValue ?? "") \($0["owed"]?["text"]?.stringValue ?? "")"
    }
  }

  @Test func aGatherEndedTooSoonIsPlayedAgainAndItsResultChargesAndVoteAreTakenBack() async throws {
    let before = try await ratings()
    let gather = try await playedGather()
    #expect(try await ratings() != before, "the result moved the ratings")
    let watcher = try await fixture.watch(["gather"])
    let reopened = try await fixture.result("gather.reopen", ["gather": gather])
    #expect(reopened["gather"]?["id"] == gather && reopened["gather"]?["score"]?["text"] == "1-0")
    #expect(reopened["gather"]?["timer"]?["state"] == "finished", "at full time")
    #expect(reopened["corrections"]?.arrayValue?.map { $0["amount"]?["amount"] } == [-200, -200, -200, -200])
    #expect(await watcher.nextChange() == "gather:reopened")
    #expect(try await fixture.result("gathers.list")["gathers"] == [], "no longer in history")
    #expect(try await ratings() == before, "the ratings replayed without it")
    #expect(try await balances() == ["Ana €0.00", "Bruno €0.00", "Carla €0.00", "Dani €0.00"])
    #expect(try await fixture.error("vote.status", ["gather": gather]) == .invalidParams("gather"), "its vote is void")
    // Played on and ended again, it counts once.
    _ = try await fixture.result("timer.addTime", ["seconds": 60])
    _ = try await fixture.result("gather.end")
    #expect(try await balances() == ["Ana €2.00", "Bruno €2.00", "Carla €2.00", "Dani €2.00"])
    #expect(try await fixture.result("gathers.list")["gathers"]?.arrayValue?.count == 1)
  }

  @Test func onlyTheLastGatherReopensWithNoGatherBeingPlayed() async throws {
    let first = try await playedGather()
    let second = try await playedGather()
    let seq = try await fixture.seq()
    #expect(try await fixture.error("gather.reopen", ["gather": first]) == .wrongState("too_late_to_undo"))
    #expect(try await fixture.error("gather.reopen", ["gather": 99]) == .notFound("gather_not_found"))
    #expect(try await fixture.error("gather.reopen", ["gather": "two"]) == .invalidParams("gather"))
    _ = try await fixture.result("gather.start", ["teamA": [ids[0]], "teamB": [ids[1]]])
    #expect(try await fixture.error("gather.reopen", ["gather": second]) == .wrongState("gather_already_active"))
    #expect(try await fixture.seq() == seq + 1, "only the start published anything")
    let viewer = try await fixture.connect(.web)
    #expect(try await fixture.error("gather.reopen", ["gather": second], as: viewer) == .forbidden)
  }

  @Test func aGatherThatShouldNeverHaveCountedIsDeletedEverywhere() async throws {
    let before = try await ratings()
    let gather = try await playedGather()
    let deleted = try await fixture.result("gathers.delete", ["gather": gather])
    #expect(deleted["deleted"] == gather && deleted["corrections"]?.arrayValue?.count == 4)
    #expect(try await fixture.result("gathers.list")["gathers"] == [])
    #expect(try await fixture.error("gathers.get", ["id": gather]) == .notFound("gather_not_found"))
    #expect(try await ratings() == before)
    let ana = try await fixture.result("stats.player", ["id": ids[0]])
    #expect(ana["played"] == 0 && ana["goals"] == 0, "its stats went with it")
    #expect(try await balances() == ["Ana €0.00", "Bruno €0.00", "Carla €0.00", "Dani €0.00"])
    let ledger = try #require(try await fixture.result("fees.ledger", ["gather": gather])["entries"]?.arrayValue)
    #expect(
      ledger.map { $0["kind"] } == Array(repeating: "charge", count: 4) + Array(repeating: "correction", count: 4))
    _ = try await fixture.result("gather.start", ["teamA": [ids[0]], "teamB": [ids[1]]])
    let playing = try #require(try await fixture.result("gather.current")["id"])
    #expect(try await fixture.error("gathers.delete", ["gather": playing]) == .invalidParams("gather"))
  }

  @Test func aPlanCalledOffByMistakeOpensAgainWithItsAnswersAndItsLink() async throws {
    let plan = try await fixture.result("plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": 2])
    let planID = try #require(plan["id"])
    for id in ids[0..<3] { _ = try await fixture.result("plan.join", ["plan": planID, "player": id]) }
    let code = try await fixture.signUpCode(of: plan)
    _ = try await fixture.result("plan.cancel", ["plan": planID])
    let restored = try await fixture.result("plan.restore", ["plan": planID])
    #expect(restored["status"] == "open")
    #expect(restored["going"]?.arrayValue?.map { $0["name"] } == ["Ana", "Bruno"])
    #expect(restored["waiting"]?.arrayValue?.map { $0["name"] } == ["Carla"])
    let signUp = try await fixture.webClient(presenting: code)
    #expect(
      try await fixture.result("plan.join", ["plan": planID, "player": ids[3]], as: signUp)["answer"] == "waiting")
    #expect(try await fixture.error("plan.restore", ["plan": planID]) == .invalidParams("plan"), "it is open")
    #expect(try await fixture.error("plan.restore", ["plan": 99]) == .notFound("plan_not_found"))
  }

  @Test func twoEntriesOfOnePersonBecomeOneWithTheirHistoryAndTheirBalance() async throws {
    let guest = try #require(try await fixture.addPlayers("Ana G").first)
    _ = try await fixture.result("gather.start", ["teamA": [.int(guest), ids[1]], "teamB": [ids[2], ids[3]]])
    _ = try await fixture.result(
      "fees.setCost",
      [
        "gather": try #require(try await fixture.result("gather.current")["id"]),
        "cost": .object(["amount": 800, "currency": "EUR"]),
      ])
    _ = try await fixture.result("score.goal", ["team": "teamA", "player": .int(guest)])
    _ = try await fixture.result("gather.end")
    let merged = try await fixture.result("players.merge", ["from": .int(guest), "into": ids[0]])
    #expect(merged["player"]?["name"] == "Ana" && merged["merged"] == .int(guest))
    #expect(merged["corrections"]?.arrayValue?.map { $0["amount"]?["amount"] } == [-200, 200])
    #expect(try await fixture.error("players.get", ["id": .int(guest)]) == .notFound("player_not_found"))
    let ana = try await fixture.result("stats.player", ["id": ids[0]])
    #expect(ana["played"] == 1 && ana["goals"] == 1 && ana["wins"] == 1)
    // The ledger keeps the lines of the player merged away, squared.
    #expect(try await balances() == ["Ana €2.00", "Ana G €0.00", "Bruno €2.00", "Carla €2.00", "Dani €2.00"])
    let seq = try await fixture.seq()
    #expect(try await fixture.error("players.merge", ["from": ids[1], "into": ids[2]]) == .invalidParams("from"))
    #expect(try await fixture.error("players.merge", ["from": ids[1], "into": ids[1]]) == .invalidParams("into"))
    #expect(try await fixture.error("players.merge", ["from": ids[1]]) == .invalidParams("into"))
    #expect(try await fixture.seq() == seq, "a refused merge publishes nothing")
  }
}
