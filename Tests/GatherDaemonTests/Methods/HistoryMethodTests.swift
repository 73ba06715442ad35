import GatherRPC
import Testing

/// gathers.list and gathers.get: history, newest first, a page at a time, answered beside the session.
@Suite(.timeLimit(.minutes(1))) struct HistoryMethodTests {
  let fixture: MethodFixture
  /// Ana, Bruno and Carla.
  let ids: [JSONValue]

  init() async throws {
    fixture = try await MethodFixture()
    ids = try await fixture.addPlayers("Ana", "Bruno", "Carla").map { .int($0) }
  }

  /// Plays and ends a gather of `teamA` against `teamB`, with one goal for `winner` if given.
  @discardableResult
  func play(_ teamA: JSONValue, _ teamB: JSONValue, winner: String? = nil) async throws -> JSONValue {
    _ = try await fixture.result("gather.start", ["teamA": [teamA], "teamB": [teamB]])
    if let winner { _ = try await fixture.result("score.goal", ["team": .string(winner)]) }
    return try await fixture.result("gather.end")
  }

  /// The ids of a page's gathers.
  func ids(of page: JSONValue) -> [JSONValue?] { page["gathers"]?.arrayValue?.map { $0["id"] } ?? [] }

  @Test func theListIsNewestFirstAndSummarisesEachGather() async throws {
    let first = try await play(ids[0], ids[1], winner: "teamA")
    let second = try await play(ids[1], ids[2])
    let page = try await fixture.result("gathers.list")
    #expect(ids(of: page) == [second["id"], first["id"]] && page["next"] == .null)
    let summary = try #require(page["gathers"]?.arrayValue?.last)
    #expect(summary["winner"] == "teamA" && summary["score"]?["text"] == "1-0" && summary["names"] == first["names"])
    #expect(summary["startedAt"] == first["startedAt"] && summary["endedAt"] == first["endedAt"])
    #expect(page["gathers"]?.arrayValue?.first?["winner"] == "none", "a draw has no winner")
  }

  @Test func pagesFollowOneAnotherThroughNext() async throws {
    var played: [JSONValue?] = []
    for _ in 0..<5 { played.insert(try await play(ids[0], ids[1])["id"], at: 0) }
    let first = try await fixture.result("gathers.list", ["limit": 2])
    #expect(ids(of: first) == Array(played[0..<2]) && first["next"] == played[1])
    let second = try await fixture.result("gathers.list", ["limit": 2, "before": try #require(first["next"])])
    #expect(ids(of: second) == Array(played[2..<4]))
    let last = try await fixture.result("gathers.list", ["limit": 2, "before": try #require(second["next"])])
    #expect(ids(of: last) == [played[4]] && last["next"] == .null, "the last page says there is no more")
  }

  @Test func theListCanFollowOnePlayer() async throws {
    let withCarla = try await play(ids[0], ids[2])
    try await play(ids[0], ids[1])
    #expect(ids(of: try await fixture.result("gathers.list", ["player": ids[2]])) == [withCarla["id"]])
    #expect(try await fixture.error("gathers.list", ["player": 99]) == .notFound("player_not_found"))
  }

  @Test func onlyEndedGathersAreHistory() async throws {
    _ = try await fixture.result("gather.start", ["teamA": [ids[0]], "teamB": [ids[1]]])
    let active = try await fixture.result("gather.current")
    #expect(try await fixture.result("gathers.list")["gathers"] == [])
    #expect(try await fixture.error("gathers.get", ["id": try #require(active["id"])]) == .notFound("gather_not_found"))
  }

  @Test func aRecordHasItsTeamsAndGoals() async throws {
    _ = try await fixture.result("gather.start", ["teamA": [ids[0]], "teamB": [ids[1]], "bench": [ids[2]]])
    let goal = try await fixture.result("score.goal", ["team": "teamB", "player": ids[1]])["goal"]
    let ended = try await fixture.result("gather.end")
    let record = try await fixture.result("gathers.get", ["id": try #require(ended["id"])])
    #expect(record == ended)
    #expect(record["goals"]?.arrayValue?.first == goal && record["winner"] == "teamB")
    #expect(record["teams"]?["bench"]?.arrayValue?.first?["name"] == "Carla")
  }

  @Test func aDeletedPlayerKeepsTheirNameInHistory() async throws {
    let ended = try await play(ids[0], ids[2])
    _ = try await fixture.result("players.delete", ["id": ids[2]])
    let record = try await fixture.result("gathers.get", ["id": try #require(ended["id"])])
    let member = try #require(record["teams"]?["teamB"]?.arrayValue?.first)
    #expect(member["name"] == "Carla" && member["id"] == .null)
  }

  @Test func badHistoryParamsAreNamed() async throws {
    let refusals: [(JSONObject, String)] = [
      (["limit": 0], "limit"), (["limit": 101], "limit"), (["limit": -1], "limit"), (["limit": "ten"], "limit"),
      (["limit": "5"], "limit"), (["before": "x"], "before"), (["player": "1"], "player"), (["page": 2], "page"),
    ]
    for (params, field) in refusals {
      #expect(try await fixture.error("gathers.list", params) == .invalidParams(field), "\(params)")
    }
    let ended = try #require(try await play(ids[0], ids[1])["id"])
    let gets: [(JSONObject, Refusal)] = [
      ([:], .invalidParams("id")), (["id": "1"], .invalidParams("id")),
      (["id": ended, "full": true], .invalidParams("full")),
      (["id": 42], .notFound("gather_not_found")),
    ]
    for (params, refusal) in gets {
      #expect(try await fixture.error("gathers.get", params) == refusal, "\(params)")
    }
  }

  @Test func anyoneMayReadHistory() async throws {
    let ended = try await play(ids[0], ids[1])
    for peer in [MethodFixture.Peer.statusSocket, .localUser, .web] {
      let reader = try await fixture.connect(peer)
      #expect(ids(of: try await fixture.result("gathers.list", as: reader)) == [ended["id"]], "\(peer)")
      #expect(try await fixture.result("gathers.get", ["id": try #require(ended["id"])], as: reader) == ended)
    }
  }
}
