import GatherModel
import GatherRPC
import Testing

@testable import GatherDaemon

/// Regulars first, over JSON-RPC: a player marked regular with players.update, a week's plan that opens to them
/// a while before everyone, the sign-up link refusing others until then, and the rule shown in plan.get.
@Suite(.timeLimit(.minutes(1))) struct RegularsMethodTests {
  let fixture: MethodFixture
  /// Ana (marked regular) and Bruno.
  let ids: [Int64]

  init() async throws {
    fixture = try await MethodFixture()
    ids = try await fixture.addPlayers("Ana", "Bruno")
  }

  init(fixture: MethodFixture, ids: [Int64]) {
    self.fixture = fixture
    self.ids = ids
  }

  /// A schedule whose next plan opens 90 minutes from now (Friday 09:30 UTC) to regulars, and to everyone an hour
  /// later; returns that plan once it has opened.
  func openedWeek() async throws -> JSONValue {
    _ = try await fixture.result(
      "plan.schedule",
      [
        "weekday": "friday", "time": "09:00", "utcOffset": "+00:00", "capacity": 10, "opensBefore": 603_000,
        "regularsFirst": 3600,
      ])
    let watcher = try await fixture.watch(["plan"])
    await fixture.advance(by: .seconds(5400))
    // Another plan's reminder may come first.
    var event = try #require(await watcher.nextEvent())
    while event["params"]?["change"] == "reminder" { event = try #require(await watcher.nextEvent()) }
    #expect(event["params"]?["change"] == "created")
    return try #require(event["params"]?["plan"])
  }

  @Test func aPlayerIsMarkedRegularWithPlayersUpdate() async throws {
    let ana = try await fixture.result("players.update", ["id": .int(ids[0]), "regular": true])
    #expect(ana["regular"] == true)
    #expect(try await fixture.result("players.get", ["id": .int(ids[1])])["regular"] == false)
    #expect(
      try await fixture.error("players.update", ["id": .int(ids[0]), "regular": "yes"]) == .invalidParams("regular"))
  }

  @Test func beforeTheOpeningTheSignUpLinkTakesRegularsOnlyAndSaysUntilWhen() async throws {
    _ = try await fixture.result("players.update", ["id": .int(ids[0]), "regular": true])
    let plan = try await openedWeek()
    let rules = try #require(plan["regularsFirst"])
    #expect(rules["opensToAllAt"] == "2027-01-15T10:30:00.000Z" && rules["rule"] == "Players marked regular")
    #expect(plan["schedule"] == 1 && plan["startsAt"] == "2027-01-22T09:00:00.000Z")
    let client = try await fixture.webClient(presenting: try await fixture.signUpCode(of: plan))
    let join = { (player: Int64) in ["plan": plan["id"]!, "player": .int(player)] as JSONObject }
    let seq = try await fixture.seq()
    #expect(try await fixture.error("plan.join", join(ids[1]), as: client) == .wrongState("regulars_only"))
    #expect(
      try await fixture.error("plan.join", ["plan": plan["id"]!, "guest": "Zé"], as: client)
        == .wrongState("regulars_only"))
    #expect(try await fixture.seq() == seq)
    #expect(try await fixture.result("plan.join", join(ids[0]), as: client)["answer"] == "going")
    await fixture.advance(by: .seconds(3600))
    #expect(try await fixture.result("plan.join", join(ids[1]), as: client)["answer"] == "going")
    let now = try await fixture.result("plan.get", ["plan": plan["id"]!])
    #expect(now["going"]?.arrayValue?.map { $0["name"] } == ["Ana", "Bruno"])
    #expect(now["regularsFirst"] == rules)
  }

  /// A late drop-out is fined on the ledger and said so in the reply; with the strikes setting at 1, it holds the
  /// regular back until the week opens to everyone, and the refusal says why.
  @Test func aRegularWithStrikesWaitsForTheOpeningToEveryoneAndIsToldWhy() async throws {
    let fine = Money(minorUnits: 250, currency: try Currency(code: "EUR"))
    let rules = AttendanceRules(
      fines: Fines(lateDropOut: fine), strikes: try StrikeRule(limit: 1, period: .seconds(30 * 86400)))
    let fixture = try await MethodFixture(attendance: rules)
    let ids = try await fixture.addPlayers("Ana", "Bruno")
    _ = try await fixture.result("players.update", ["id": .int(ids[0]), "regular": true])
    // Ana drops out of today's game four hours before it: a late drop-out.
    let today = try await fixture.result("plan.create", ["startsAt": "2027-01-15T12:00:00Z", "capacity": 10])
    _ = try await fixture.result("plan.join", ["plan": today["id"]!, "player": .int(ids[0])])
    let left = try await fixture.result("plan.leave", ["plan": today["id"]!, "player": .int(ids[0])])
    #expect(left["lateDropOut"] == true && left["fine"]?["text"] == "€2.50")
    let ledger = try await fixture.result("fees.ledger", ["player": .int(ids[0])])["entries"]?.arrayValue ?? []
    #expect(ledger.map { $0["note"] } == ["Fine: dropped out of plan 1 after its cut-off"])
    #expect(ledger.map { $0["amount"]?["amount"] } == [250])
    let tests = RegularsMethodTests(fixture: fixture, ids: ids)
    let plan = try await tests.openedWeek()
    let client = try await fixture.webClient(presenting: try await fixture.signUpCode(of: plan))
    let join = ["plan": plan["id"]!, "player": .int(ids[0])] as JSONObject
    #expect(try await fixture.error("plan.join", join, as: client) == .wrongState("held_back"))
    let refusal = await fixture.call("plan.join", join, as: client)
    let message = try #require(refusal["error"]?["message"]?.stringValue)
    #expect(message.contains("opens to you at Fri 15 Jan 10:30, with everyone"), "\(message)")
    #expect(message.contains("1 late drop-out or no-show in the last 30 days means you wait"), "\(message)")
    let ana = try await fixture.result("stats.player", ["id": .int(ids[0])])["attendance"]
    #expect(ana?["lateDropOuts"] == 1 && ana?["strikes"] == 1 && ana?["heldBack"] == true)
    let bruno = try await fixture.result("stats.player", ["id": .int(ids[1])])["attendance"]
    #expect(bruno?["strikes"] == 0 && bruno?["heldBack"] == false)
    await fixture.advance(by: .seconds(3600))
    #expect(try await fixture.result("plan.join", join, as: client)["answer"] == "going")
  }

  /// A player who dropped out late before ever playing is in stats.players with their strike and whether it holds
  /// them back; one who never played and has no strike is not.
  @Test func statsListAPlayerWithStrikesBeforeTheirFirstGame() async throws {
    let fixture = try await MethodFixture(attendance: AttendanceRules(strikes: try StrikeRule(limit: 1)))
    let ids = try await fixture.addPlayers("Ana", "Bruno", "Carla").map { JSONValue.int($0) }
    let today = try await fixture.result("plan.create", ["startsAt": "2027-01-15T12:00:00Z", "capacity": 10])
    _ = try await fixture.result("plan.join", ["plan": today["id"]!, "player": ids[2]])
    _ = try await fixture.result("plan.leave", ["plan": today["id"]!, "player": ids[2]])
    _ = try await fixture.result("gather.start", ["teamA": [ids[0]], "teamB": [ids[1]]])
    _ = try await fixture.result("gather.end")
    for params: JSONObject in [[:], ["order": "wins"], ["minGathers": 3]] {
      let rows = try await fixture.result("stats.players", params)["players"]?.arrayValue ?? []
      let carla = try #require(rows.first { $0["id"] == ids[2] }, "\(params)")
      #expect(carla["played"] == 0 && carla["attendance"]?["lateDropOuts"] == 1)
      #expect(carla["attendance"]?["strikes"] == 1 && carla["attendance"]?["heldBack"] == true)
      #expect(rows.count == (params["minGathers"] == nil ? 3 : 1), "\(params)")
    }
    _ = try await fixture.addPlayers("Dani")
    let everyone = try await fixture.result("stats.players")["players"]?.arrayValue ?? []
    #expect(everyone.map { $0["name"] }.contains("Dani") == false, "never played, nothing against her")
  }
}
