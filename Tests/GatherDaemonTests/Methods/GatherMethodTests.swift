import GatherRPC
import Testing

/// gather.start, assign, rename, current, end and cancel: the active gather as a client runs it.
@Suite(.timeLimit(.minutes(1))) struct GatherMethodTests {
  let fixture: MethodFixture
  /// Ana, Bruno, Carla and Dani.
  let players: [JSONValue]

  init() async throws {
    fixture = try await MethodFixture()
    players = try await fixture.addPlayers("Ana", "Bruno", "Carla", "Dani").map { .int($0) }
  }

  /// Starts a gather of Ana against Bruno, Carla on the bench.
  func start(_ more: JSONObject = [:]) async throws -> JSONValue {
    var params: JSONObject = ["teamA": [players[0]], "teamB": [players[1]], "bench": [players[2]]]
    for member in more.members { params[member.key] = member.value }
    return try await fixture.result("gather.start", params)
  }

  @Test func aStartedGatherHasItsTeamsAFreshScoreAndAStoppedClock() async throws {
    let gather = try await start()
    #expect(gather["teams"]?["teamA"]?.arrayValue?.map { $0["name"] } == ["Ana"])
    #expect(gather["teams"]?["teamB"]?.arrayValue?.map { $0["id"] } == [players[1]])
    #expect(gather["teams"]?["bench"]?.arrayValue?.map { $0["name"] } == ["Carla"])
    #expect(gather["score"] == .object(["teamA": 0, "teamB": 0, "text": "0-0"]) && gather["goals"] == [])
    #expect(gather["names"] == .object(["teamA": "Team A", "teamB": "Team B"]) && gather["plan"] == .null)
    #expect(gather["timer"]?["state"] == "stopped" && gather["timer"]?["duration"] == 600)
    #expect(gather["timer"]?["display"] == "10:00" && gather["timer"]?["periods"] == 1)
    #expect(gather["prediction"]?["winProbability"] == .double(0.5), "two unrated amateurs are even")
  }

  @Test func theCurrentGatherIsTheStartedOneOrNull() async throws {
    #expect(try await fixture.result("gather.current") == .null)
    let gather = try await start(["minutes": 7, "names": .object(["teamA": "Bibs"])])
    let current = try await fixture.result("gather.current")
    #expect(current["id"] == gather["id"] && current["teams"] == gather["teams"])
    #expect(current["timer"]?["duration"] == 420 && current["names"] == .object(["teamA": "Bibs", "teamB": "Team B"]))
  }

  @Test func startingPublishesTheGather() async throws {
    let watcher = try await fixture.watch(["gather"])
    let gather = try await start()
    let event = try #require(await watcher.nextEvent())
    #expect(event["params"]?["change"] == "started" && event["params"]?["id"] == gather["id"])
    #expect(event["params"]?["gather"] == gather)
  }

  @Test func assignMovesAPlayerOrAddsOneAndIsPublished() async throws {
    _ = try await start()
    let watcher = try await fixture.watch(["gather"])
    let moved = try await fixture.result("gather.assign", ["player": players[2], "team": "teamA"])
    #expect(moved["teams"]?["teamA"]?.arrayValue?.map { $0["name"] } == ["Ana", "Carla"])
    #expect(moved["teams"]?["bench"] == [])
    let added = try await fixture.result("gather.assign", ["player": players[3], "team": "bench"])
    #expect(added["teams"]?["bench"]?.arrayValue?.map { $0["name"] } == ["Dani"])
    #expect(await watcher.nextChange() == "gather:assigned")
    #expect(await watcher.nextChange() == "gather:assigned")
  }

  @Test func assignRefusesAnEmptySideAnUnknownTeamOrPlayer() async throws {
    let gather = try await start()
    let seq = try await fixture.seq()
    let carla = players[2]
    let refusals: [(JSONObject, Refusal)] = [
      (["player": players[0], "team": "bench"], .wrongState("invalid_transition")),
      (["player": players[1], "team": "teamA"], .wrongState("invalid_transition")),
      (["player": 99, "team": "teamA"], .notFound("player_not_found")),
      (["player": carla, "team": "goal"], .invalidParams("team")),
      (["player": carla, "team": "TeamA "], .invalidParams("team")),
      (["player": carla, "team": 1], .invalidParams("team")),
      (["player": carla], .invalidParams("team")), (["team": "teamA"], .invalidParams("player")),
      (["player": "3", "team": "teamA"], .invalidParams("player")),
      (["player": carla, "team": "teamA", "captain": true], .invalidParams("captain")),
    ]
    for (params, refusal) in refusals {
      #expect(try await fixture.error("gather.assign", params) == refusal, "\(params)")
    }
    #expect(try await fixture.result("gather.current") == gather, "nothing moved")
    #expect(try await fixture.seq() == seq, "refusals publish nothing")
  }

  @Test func renameTakesNamesOrTheSidesDirectlyAndIsPublished() async throws {
    _ = try await start()
    let watcher = try await fixture.watch(["gather"])
    let named = try await fixture.result("gather.rename", ["names": .object(["teamA": "Bibs"])])
    #expect(named["names"] == .object(["teamA": "Bibs", "teamB": "Team B"]))
    let direct = try await fixture.result("gather.rename", ["teamB": " Colours "])
    #expect(
      direct["names"] == .object(["teamA": "Bibs", "teamB": "Colours"]), "a side left out keeps its name; trimmed")
    #expect(await watcher.nextChange() == "gather:renamed")
    #expect(await watcher.nextChange() == "gather:renamed")
  }

  @Test func aBadRenameNamesTheParamAndKeepsTheNames() async throws {
    _ = try await start(["names": .object(["teamA": "Bibs", "teamB": "Colours"])])
    let refusals: [(JSONObject, String)] = [
      (["names": .object(["teamB": "BIBS"])], "names"), (["teamA": "colours"], "teamA"),
      (["teamB": .string(String(repeating: "x", count: 25))], "teamB"), ([:], "names"),
      (["names": .object([:])], "names"),
      (["names": .object(["teamA": "X"]), "teamA": "Y"], "teamA"), (["names": .object(["teamC": "X"])], "names"),
      (["teamB": ""], "teamB"), (["names": .object(["teamA": "A"]), "teamB": "B"], "teamB"),
      (["colour": "red"], "colour"),
    ]
    let seq = try await fixture.seq()
    for (params, field) in refusals {
      #expect(try await fixture.error("gather.rename", params) == .invalidParams(field), "\(params)")
    }
    #expect(try await fixture.result("gather.current")["names"] == .object(["teamA": "Bibs", "teamB": "Colours"]))
    #expect(try await fixture.seq() == seq, "refusals publish nothing")
  }

  @Test func endingFilesTheResultAndLeavesNoActiveGather() async throws {
    let gather = try await start(["names": .object(["teamB": "Colours"])])
    _ = try await fixture.result("score.goal", ["team": "teamB", "player": players[1]])
    let watcher = try await fixture.watch(["gather"])
    let record = try await fixture.result("gather.end")
    #expect(record["id"] == gather["id"] && record["winner"] == "teamB" && record["score"]?["text"] == "0-1")
    #expect(
      record["names"] == .object(["teamA": "Team A", "teamB": "Colours"]) && record["goals"]?.arrayValue?.count == 1)
    #expect(record["endedAt"]?.stringValue != nil && record["teams"]?["bench"]?.arrayValue?.count == 1)
    let event = try #require(await watcher.nextEvent())
    #expect(event["params"]?["change"] == "ended" && event["params"]?["gather"] == record)
    #expect(try await fixture.result("gather.current") == .null)
    #expect(try await fixture.result("gathers.get", ["id": try #require(gather["id"])]) == record)
  }

  @Test func cancellingLeavesNoHistory() async throws {
    let gather = try await start()
    let id = try #require(gather["id"])
    let watcher = try await fixture.watch(["gather"])
    #expect(try await fixture.result("gather.cancel") == .object(["cancelled": id]))
    let event = try #require(await watcher.nextEvent())
    #expect(event["params"]?["change"] == "cancelled" && event["params"]?["gather"] == .null)
    #expect(try await fixture.result("gather.current") == .null)
    #expect(try await fixture.result("gathers.list")["gathers"] == [])
    #expect(try await fixture.error("gathers.get", ["id": id]) == .notFound("gather_not_found"))
  }

  @Test func withoutAGatherThereIsNothingToChange() async throws {
    for method in ["gather.end", "gather.cancel"] {
      #expect(try await fixture.error(method) == .wrongState("no_active_gather"), "\(method)")
    }
    #expect(try await fixture.error("gather.rename", ["teamA": "Bibs"]) == .wrongState("no_active_gather"))
    let assign = try await fixture.error("gather.assign", ["player": players[0], "team": "teamA"])
    #expect(assign == .wrongState("no_active_gather"))
    #expect(try await fixture.result("gather.current") == .null)
    #expect(try await fixture.result("gathers.list")["gathers"] == [], "nothing was filed")
  }

  @Test func onlyControllersRunTheGather() async throws {
    let gather = try await start()
    for peer in [MethodFixture.Peer.statusSocket, .localUser, .web] {
      let reader = try await fixture.connect(peer)
      for method in ["gather.end", "gather.cancel"] {
        #expect(try await fixture.error(method, as: reader) == .forbidden, "\(peer) \(method)")
      }
      let rename = try await fixture.error("gather.rename", ["teamA": "Bibs"], as: reader)
      #expect(rename == .forbidden)
      #expect(try await fixture.result("gather.current", as: reader)["id"] == gather["id"])
    }
    let current = try await fixture.result("gather.current")
    #expect(current["names"]?["teamA"] == "Team A")
  }
}
