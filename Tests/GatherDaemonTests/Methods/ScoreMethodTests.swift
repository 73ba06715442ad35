import GatherRPC
import Testing

/// score.goal, undo, set and get: the score and its goal log, with every refusal changing nothing.
@Suite(.timeLimit(.minutes(1))) struct ScoreMethodTests {
  let fixture: MethodFixture
  /// Ana plays for Team A, Bruno for Team B, Carla sits on the bench.
  let ana: JSONValue
  let bruno: JSONValue
  let carla: JSONValue

  init() async throws {
    fixture = try await MethodFixture()
    let ids = try await fixture.addPlayers("Ana", "Bruno", "Carla").map { JSONValue.int($0) }
    (ana, bruno, carla) = (ids[0], ids[1], ids[2])
    _ = try await fixture.result("gather.start", ["teamA": [ana], "teamB": [bruno], "bench": [carla]])
  }

  func score() async throws -> JSONValue? { try await fixture.result("score.get")["score"] }

  @Test func aGoalCountsAndNamesItsScorer() async throws {
    let reply = try await fixture.result("score.goal", ["team": "teamA", "player": ana])
    #expect(reply["score"] == .object(["teamA": 1, "teamB": 0, "text": "1-0"]))
    let goal = try #require(reply["goal"])
    #expect(goal["kind"] == "goal" && goal["team"] == "teamA")
    #expect(goal["player"] == .object(["id": ana, "name": "Ana"]) && goal["score"] == reply["score"])
    #expect(goal["minute"] == "1'" && goal["period"] == 1 && goal["at"]?.stringValue != nil)
    let status = try await fixture.result("score.get")
    #expect(status["score"] == reply["score"] && status["goals"] == [goal])
  }

  @Test func aGoalNeedNotNameAScorer() async throws {
    let reply = try await fixture.result("score.goal", ["team": "teamB"])
    #expect(reply["score"]?["text"] == "0-1" && reply["goal"]?["player"] == .null)
  }

  @Test func aGoalIsPublishedWithTheScore() async throws {
    let watcher = try await fixture.watch(["score"])
    let reply = try await fixture.result("score.goal", ["team": "teamB", "player": bruno])
    let event = try #require(await watcher.nextEvent())
    #expect(event["method"] == "score" && event["params"]?["change"] == "goal")
    #expect(event["params"]?["score"] == reply["score"] && event["params"]?["goal"] == reply["goal"])
  }

  @Test func aGoalKeepsItsMatchTime() async throws {
    _ = try await fixture.result("timer.start")
    await fixture.advance(by: .seconds(127))
    let goal = try await fixture.result("score.goal", ["team": "teamA"])["goal"]
    #expect(goal?["matchTimeMs"] == 127_000 && goal?["matchTime"] == "02:07" && goal?["minute"] == "3'")
    #expect(goal?["when"] == "02:07" && goal?["at"] == "2027-01-15T08:02:07.000Z")
  }

  @Test func aBadGoalIsRefusedNamingTheParamAndScoresNothing() async throws {
    let dani = try #require(try await fixture.addPlayers("Dani").first)
    let seq = try await fixture.seq()
    let refusals: [(JSONObject, Refusal)] = [
      (["team": "bench"], .invalidParams("team")), (["team": "bench", "player": carla], .invalidParams("team")),
      (["team": "teamC"], .invalidParams("team")), (["team": "TEAMA"], .invalidParams("team")),
      (["team": 1], .invalidParams("team")), ([:], .invalidParams("team")), (["player": ana], .invalidParams("team")),
      (["team": "teamA", "player": bruno], .invalidParams("player")),
      (["team": "teamA", "player": carla], .invalidParams("player")),
      (["team": "teamB", "player": carla], .invalidParams("player")),
      (["team": "teamA", "player": .int(dani)], .invalidParams("player")),
      (["team": "teamA", "player": "1"], .invalidParams("player")),
      (["team": "teamA", "player": 99], .notFound("player_not_found")),
      (["team": "teamA", "assist": ana], .invalidParams("assist")),
      (["team": "teamA", "minute": 12], .invalidParams("minute")),
    ]
    for (params, refusal) in refusals {
      #expect(try await fixture.error("score.goal", params) == refusal, "\(params)")
    }
    #expect(try await score() == .object(["teamA": 0, "teamB": 0, "text": "0-0"]))
    #expect(try await fixture.seq() == seq, "refusals publish nothing")
  }

  @Test func undoTakesBackTheLastGoal() async throws {
    _ = try await fixture.result("score.goal", ["team": "teamA", "player": ana])
    let second = try await fixture.result("score.goal", ["team": "teamB"])
    let watcher = try await fixture.watch(["score"])
    let undone = try await fixture.result("score.undo")
    #expect(undone["score"]?["text"] == "1-0" && undone["undone"] == second["goal"])
    let event = try #require(await watcher.nextEvent())
    #expect(event["params"]?["change"] == "undo" && event["params"]?["goal"] == second["goal"])
    #expect(try await fixture.result("score.get")["goals"]?.arrayValue?.count == 1)
  }

  @Test func thereIsNothingToUndoAtFirstOrAfterACorrection() async throws {
    #expect(try await fixture.error("score.undo") == .wrongState("invalid_transition"))
    _ = try await fixture.result("score.goal", ["team": "teamA"])
    _ = try await fixture.result("score.set", ["teamA": 2, "teamB": 2])
    #expect(try await fixture.error("score.undo") == .wrongState("invalid_transition"))
    #expect(try await score()?["text"] == "2-2")
  }

  @Test func setCorrectsTheScoreAndLogsACorrection() async throws {
    let watcher = try await fixture.watch(["score"])
    let reply = try await fixture.result("score.set", ["teamA": 3, "teamB": 2])
    #expect(reply["score"] == .object(["teamA": 3, "teamB": 2, "text": "3-2"]))
    #expect(reply["goal"]?["kind"] == "correction" && reply["goal"]?["team"] == .null)
    #expect(await watcher.nextChange() == "score:correction")
    #expect(try await fixture.result("score.get")["goals"] == [try #require(reply["goal"])])
  }

  @Test func aScoreOutOfRangeNamesTheSide() async throws {
    let refusals: [(JSONObject, String)] = [
      (["teamA": 100, "teamB": 0], "teamA"), (["teamA": 0, "teamB": 100], "teamB"),
      (["teamA": -1, "teamB": 0], "teamA"),
      (["teamA": 0, "teamB": -1], "teamB"), (["teamA": 1], "teamB"), (["teamB": 3], "teamA"),
      (["teamA": "one", "teamB": 0], "teamA"), (["teamA": "3", "teamB": 0], "teamA"),
      (["teamA": .double(1.5), "teamB": 0], "teamA"),
      (["teamA": 1, "teamB": 0, "bench": 0], "bench"),
    ]
    for (params, field) in refusals {
      #expect(try await fixture.error("score.set", params) == .invalidParams(field), "\(params)")
    }
    #expect(try await score()?["text"] == "0-0")
  }

  @Test func aSideCannotPassNinetyNine() async throws {
    _ = try await fixture.result("score.set", ["teamA": 99, "teamB": 0])
    #expect(try await fixture.error("score.goal", ["team": "teamA"]) == .invalidParams("team"))
    #expect(try await score()?["text"] == "99-0")
    #expect(try await fixture.result("score.goal", ["team": "teamB"])["score"]?["text"] == "99-1")
  }

  @Test func undoAndGetTakeNoParams() async throws {
    _ = try await fixture.result("score.goal", ["team": "teamA"])
    let before = try await fixture.result("score.get")
    #expect(try await fixture.error("score.undo", ["count": 2]) == .invalidParams("count"))
    #expect(try await fixture.error("score.get", ["verbose": true]) == .invalidParams("verbose"))
    #expect(try await fixture.result("score.get") == before, "nothing was undone")
  }

  @Test func withoutAGatherThereIsNoScore() async throws {
    _ = try await fixture.result("gather.cancel")
    #expect(try await fixture.error("score.get") == .wrongState("no_active_gather"))
    #expect(try await fixture.error("score.goal", ["team": "teamA"]) == .wrongState("no_active_gather"))
    #expect(try await fixture.error("score.undo") == .wrongState("no_active_gather"))
    #expect(try await fixture.error("score.set", ["teamA": 1, "teamB": 0]) == .wrongState("no_active_gather"))
  }

  @Test func readersSeeTheScoreButCannotChangeIt() async throws {
    _ = try await fixture.result("score.goal", ["team": "teamA"])
    for peer in [MethodFixture.Peer.statusSocket, .localUser, .web] {
      let reader = try await fixture.connect(peer)
      #expect(try await fixture.error("score.goal", ["team": "teamB"], as: reader) == .forbidden, "\(peer)")
      #expect(try await fixture.error("score.undo", as: reader) == .forbidden)
      #expect(try await fixture.error("score.set", ["teamA": 0, "teamB": 9], as: reader) == .forbidden)
      #expect(try await fixture.result("score.get", as: reader)["score"]?["text"] == "1-0")
    }
  }

  @Test func aNotificationScoresWithoutAReply() async throws {
    let reply = await fixture.send(
      .object(["jsonrpc": "2.0", "method": "score.goal", "params": .object(["team": "teamB"])]))
    #expect(reply == nil, "a notification is never answered")
    #expect(try await score()?["text"] == "0-1", "but it ran, in turn, before the next request")
  }

  @Test func aForbiddenNotificationIsSilentAndScoresNothing() async throws {
    let notification: JSONValue = .object([
      "jsonrpc": "2.0", "method": "score.goal", "params": .object(["team": "teamA"]),
    ])
    #expect(await fixture.send(notification, as: try await fixture.connect(.statusSocket)) == nil, "not even an error")
    #expect(try await score()?["text"] == "0-0")
  }
}
