import GatherRPC
import Testing

/// stats.players and stats.player: what ended gathers add up to, queried beside the session as a client sees it.
@Suite(.timeLimit(.minutes(1))) struct StatsMethodTests {
  let fixture: MethodFixture
  /// Ana, Bruno, Carla and Dani.
  let ids: [JSONValue]

  init() async throws {
    fixture = try await MethodFixture()
    ids = try await fixture.addPlayers("Ana", "Bruno", "Carla", "Dani").map { .int($0) }
  }

  /// Plays and ends a gather: `teamA` against `teamB` (Carla on the bench), each goal by the first of its side.
  @discardableResult
  func play(_ teamA: [JSONValue], _ teamB: [JSONValue], goals: (Int, Int)) async throws -> JSONValue {
    _ = try await fixture.result("gather.start", ["teamA": .array(teamA), "teamB": .array(teamB), "bench": [ids[2]]])
    for _ in 0..<goals.0 { _ = try await fixture.result("score.goal", ["team": "teamA", "player": teamA[0]]) }
    for _ in 0..<goals.1 { _ = try await fixture.result("score.goal", ["team": "teamB", "player": teamB[0]]) }
    return try await fixture.result("gather.end")
  }

  /// The rows of stats.players, by name.
  func rows(_ params: JSONObject = [:]) async throws -> [String: JSONValue] {
    let players = try await fixture.result("stats.players", params)["players"]?.arrayValue ?? []
    return Dictionary(uniqueKeysWithValues: players.map { ($0["name"]?.stringValue ?? "?", $0) })
  }

  @Test func withoutHistoryThereAreNoRows() async throws {
    #expect(try await fixture.result("stats.players") == .object(["order": "rating", "players": []]))
  }

  @Test func anEndedGatherCountsForBothSidesButNotTheBench() async throws {
    try await play([ids[0]], [ids[1], ids[3]], goals: (2, 1))
    let rows = try await rows()
    #expect(Set(rows.keys) == ["Ana", "Bruno", "Dani"], "Carla only sat on the bench")
    let ana = try #require(rows["Ana"])
    #expect(ana["played"] == 1 && ana["wins"] == 1 && ana["losses"] == 0 && ana["goals"] == 2)
    #expect(ana["winRate"] == .double(1) && ana["goalsPerGather"] == .double(2))
    #expect(rows["Bruno"]?["losses"] == 1 && rows["Bruno"]?["goals"] == 1 && rows["Dani"]?["goals"] == 0)
    let all = try await self.rows(["minGathers": 0])
    #expect(all["Carla"]?["played"] == 0, "minGathers 0 lists those who never played")
  }

  @Test func onlyEndedGathersCount() async throws {
    _ = try await fixture.result("gather.start", ["teamA": [ids[0]], "teamB": [ids[1]]])
    _ = try await fixture.result("score.goal", ["team": "teamA"])
    _ = try await fixture.result("gather.cancel")
    _ = try await fixture.result("gather.start", ["teamA": [ids[0]], "teamB": [ids[1]]])
    #expect(try await rows().isEmpty, "a cancelled gather and the active one add nothing")
  }

  @Test func aDrawIsADrawForBothAndRatingsFollowResults() async throws {
    try await play([ids[0]], [ids[1]], goals: (1, 1))
    try await play([ids[0]], [ids[3]], goals: (3, 0))
    let rows = try await rows()
    #expect(rows["Ana"]?["draws"] == 1 && rows["Ana"]?["wins"] == 1 && rows["Bruno"]?["draws"] == 1)
    let mu = { (name: String) in rows[name]?["rating"]?["mu"]?.number ?? .nan }
    #expect(mu("Ana") > 25 && mu("Dani") < 25, "the winner's rating rose and the loser's fell")
    let order = try await fixture.result("stats.players")["players"]?.arrayValue?.first?["name"]
    #expect(order == "Ana", "by rating by default")
  }

  @Test func rowsFollowTheOrderAsked() async throws {
    try await play([ids[1]], [ids[0]], goals: (0, 4))
    try await play([ids[1]], [ids[3]], goals: (1, 0))
    let byGoals = try await fixture.result("stats.players", ["order": "goals"])
    #expect(byGoals["order"] == "goals")
    #expect(byGoals["players"]?.arrayValue?.map { $0["name"] } == ["Ana", "Bruno", "Dani"])
    let byPlayed = try await fixture.result("stats.players", ["order": "played"])
    #expect(byPlayed["players"]?.arrayValue?.first?["name"] == "Bruno")
  }

  @Test func sinceAndUntilCountGathersByTheirStart() async throws {
    try await play([ids[0]], [ids[1]], goals: (1, 0))
    await fixture.advance(by: .seconds(86_400))
    try await play([ids[3]], [ids[1]], goals: (1, 0))
    #expect(Set(try await rows(["since": "2027-01-16"]).keys) == ["Dani", "Bruno"])
    #expect(Set(try await rows(["until": "2027-01-16T00:00:00Z"]).keys) == ["Ana", "Bruno"])
    #expect(try await rows(["since": "2027-01-16"])["Bruno"]?["played"] == 1)
    #expect(try await rows(["since": "2027-02-01"]).isEmpty)
  }

  @Test func badStatsParamsAreNamed() async throws {
    let refusals: [(JSONObject, String)] = [
      (["order": "luck"], "order"), (["order": "fame"], "order"), (["since": "yesterday"], "since"),
      (["since": "last week"], "since"), (["until": "2027-13-01"], "until"),
      (["since": "2027-01-16", "until": "2027-01-15"], "until"),
      (["since": "2027-01-16", "until": "2027-01-16"], "until"),
      (["minGathers": -1], "minGathers"), (["top": 3], "top"),
    ]
    for (params, field) in refusals {
      #expect(try await fixture.error("stats.players", params) == .invalidParams(field), "\(params)")
    }
  }

  @Test func aPlayersReportHasResultsTeammatesAndRatings() async throws {
    let gather = try await play([ids[0], ids[3]], [ids[1]], goals: (2, 0))
    let report = try await fixture.result("stats.player", ["id": ids[0]])
    #expect(report["name"] == "Ana" && report["played"] == 1 && report["goals"] == 2)
    let recent = try #require(report["recent"]?.arrayValue?.first)
    #expect(recent["gather"] == gather["id"] && recent["team"] == "teamA" && recent["result"] == "win")
    #expect(recent["goals"] == 2 && recent["score"]?["text"] == "2-0")
    #expect(report["teammates"]?.arrayValue?.map { $0["name"] } == ["Dani"])
    #expect(
      report["ratings"]?.arrayValue?.count == 1 && report["ratings"]?.arrayValue?.first?["gather"] == gather["id"])
    #expect(
      report["attendance"]
        == .object([
          "joined": 0, "played": 0, "noShows": 0, "leftLate": 0, "lateDropOuts": 0, "strikes": 0, "heldBack": false,
        ]))
  }

  @Test func aReportNeedsARosterPlayer() async throws {
    #expect(try await fixture.error("stats.player", ["id": 99]) == .notFound("player_not_found"))
    #expect(try await fixture.error("stats.player") == .invalidParams("id"))
    let report = try await fixture.result("stats.player", ["id": ids[2]])
    #expect(report["played"] == 0 && report["recent"] == [] && report["ratings"] == [])
  }

  @Test func anyoneMayReadStats() async throws {
    try await play([ids[0]], [ids[1]], goals: (1, 0))
    for peer in [MethodFixture.Peer.statusSocket, .web] {
      let reader = try await fixture.connect(peer)
      #expect(try await fixture.result("stats.players", as: reader)["players"]?.arrayValue?.count == 2, "\(peer)")
      #expect(try await fixture.result("stats.player", ["id": ids[0]], as: reader)["wins"] == 1)
    }
  }
}
