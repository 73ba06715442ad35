import GatherRPC
import Testing

/// gather.suggest and gather.predict: fair sides and their predicted result, which change nothing.
@Suite(.timeLimit(.minutes(1))) struct SuggestMethodTests {
  let fixture: MethodFixture
  /// Gil and Gus (goalkeepers), Ana and Bea (strikers, Ana a professional), Cy and Dee (no position).
  let ids: [JSONValue]

  init() async throws {
    fixture = try await MethodFixture()
    var ids: [JSONValue] = []
    let players: [JSONObject] = [
      ["name": "Gil", "position": "GK"], ["name": "Gus", "position": "GK"],
      ["name": "Ana", "position": "ST", "skill": "professional"], ["name": "Bea", "position": "ST"],
      ["name": "Cy", "skill": "beginner"], ["name": "Dee"],
    ]
    for player in players { ids.append(try #require(try await fixture.result("players.create", player)["id"])) }
    self.ids = ids
  }

  /// The ids on one side of a split.
  func side(_ split: JSONValue, _ team: String) -> Set<JSONValue> {
    Set(split[team]?["players"]?.arrayValue?.compactMap { $0["id"] } ?? [])
  }

  @Test func aSuggestionSplitsEveryPositionEvenly() async throws {
    let suggestion = try await fixture.result("gather.suggest", ["players": .array(ids)])
    #expect(suggestion["exact"] == true && suggestion["seed"] == 0 && suggestion["by"] == "rating")
    #expect(side(suggestion, "teamA").count == 3 && side(suggestion, "teamB").count == 3)
    #expect(side(suggestion, "teamA").union(side(suggestion, "teamB")) == Set(ids))
    #expect(suggestion["teamA"]?["goalkeepers"] == 1 && suggestion["teamB"]?["goalkeepers"] == 1)
    #expect(suggestion["teamA"]?["positions"]?["striker"] == 1 && suggestion["teamB"]?["positions"]?["striker"] == 1)
    let strengths = ["teamA", "teamB"].map { suggestion[$0]?["strength"]?.number ?? .nan }
    #expect(suggestion["difference"]?.number == abs(strengths[0] - strengths[1]))
    let win = try #require(suggestion["winProbability"]?.number)
    #expect(win > 0.3 && win < 0.7, "the fairest split is close to even")
  }

  @Test func aPlansSuggestionIsTheSplitItsMatchStartsWithTheOddOneOnTheBench() async throws {
    let plan = try #require(
      try await fixture.result("plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": 10])["id"])
    for player in ids.prefix(5) { _ = try await fixture.result("plan.join", ["plan": plan, "player": player]) }
    let suggestion = try await fixture.result("gather.suggest", ["plan": plan])
    #expect(suggestion["bench"]?.arrayValue?.compactMap { $0["id"] } == [ids[4]], "the last to join, of five")
    #expect(side(suggestion, "teamA").union(side(suggestion, "teamB")) == Set(ids.prefix(4)))
    let gather = try await fixture.result("gather.start", ["plan": plan, "force": true])
    let teams = ["teamA", "teamB"].map { Set(gather["teams"]?[$0]?.arrayValue?.compactMap { $0["id"] } ?? []) }
    #expect(teams == [side(suggestion, "teamA"), side(suggestion, "teamB")], "the match plays the split shown")
    #expect(gather["teams"]?["bench"]?.arrayValue?.compactMap { $0["id"] } == [ids[4]])
    let refusals: [(JSONObject, Refusal)] = [
      ([:], .invalidParams("players")), (["plan": plan, "players": .array(ids)], .invalidParams("plan")),
      (["plan": plan, "bench": [ids[5]]], .invalidParams("bench")), (["plan": 99], .notFound("plan_not_found")),
      (["plan": plan], .wrongState("plan_started")),
    ]
    for (params, refusal) in refusals {
      #expect(try await fixture.error("gather.suggest", params) == refusal, "\(params)")
    }
  }

  @Test func theSameRequestGivesTheSameSides() async throws {
    let params: JSONObject = ["players": .array(ids), "seed": 7]
    let first = try await fixture.result("gather.suggest", params)
    #expect(try await fixture.result("gather.suggest", params) == first)
    #expect(first["seed"] == 7)
  }

  @Test func theBenchIsPassedThroughAndRated() async throws {
    let suggestion = try await fixture.result(
      "gather.suggest", ["players": .array(Array(ids[0..<4])), "bench": [ids[5]]])
    let bench = try #require(suggestion["bench"]?.arrayValue)
    #expect(bench.map { $0["name"] } == ["Dee"] && bench.first?["rating"]?["mu"]?.number == 25)
    #expect(!side(suggestion, "teamA").contains(ids[5]) && !side(suggestion, "teamB").contains(ids[5]))
  }

  @Test func alternativesAreOtherSplitsFairestFirst() async throws {
    let suggestion = try await fixture.result("gather.suggest", ["players": .array(ids), "alternatives": 3])
    let alternatives = try #require(suggestion["alternatives"]?.arrayValue)
    #expect((1...3).contains(alternatives.count))
    let main = side(suggestion, "teamA")
    for alternative in alternatives {
      let teamA = side(alternative, "teamA")
      #expect(teamA != main && side(alternative, "teamB") != main, "never the same teams, nor them swapped")
      #expect((alternative["difference"]?.number ?? 0) >= (suggestion["difference"]?.number ?? .infinity))
    }
    let plain = try await fixture.result("gather.suggest", ["players": .array(ids)])
    #expect(side(plain, "teamA") == main, "asking for alternatives does not change the first split")
  }

  @Test func bySkillRatesInPoints() async throws {
    let suggestion = try await fixture.result("gather.suggest", ["players": .array(Array(ids[2..<6])), "by": "skill"])
    #expect(suggestion["by"] == "skill")
    let ratings = ["teamA", "teamB"].flatMap { suggestion[$0]?["players"]?.arrayValue ?? [] }
    let points = Dictionary(uniqueKeysWithValues: ratings.map { ($0["name"]?.stringValue ?? "", $0["rating"]) })
    #expect(points["Ana"] == 300 && points["Bea"] == 200 && points["Cy"] == 100 && points["Dee"] == 200)
    #expect(suggestion["teamA"]?["strength"]?.number == 400 && suggestion["difference"]?.number == 0)
  }

  @Test func aBadSuggestionIsRefusedNamingTheParam() async throws {
    let refusals: [(JSONObject, Refusal)] = [
      ([:], .invalidParams("players")), (["players": [ids[0]]], .invalidParams("players")),
      (["players": .array(Array(repeating: ids[0], count: 41))], .invalidParams("players")),
      (["players": [ids[0], ids[0]]], .invalidParams("players")),
      (["players": [ids[0], ids[0], ids[1]]], .invalidParams("players")),
      (["players": [ids[0], ids[1]], "bench": [ids[1]]], .invalidParams("bench")),
      (["players": [ids[0], ids[1]], "by": "luck"], .invalidParams("by")),
      (["players": [ids[0], ids[1]], "by": 1], .invalidParams("by")),
      (["players": [ids[0], ids[1]], "alternatives": 0], .invalidParams("alternatives")),
      (["players": [ids[0], ids[1]], "alternatives": 6], .invalidParams("alternatives")),
      (["players": [ids[0], ids[1]], "alternatives": "2"], .invalidParams("alternatives")),
      (["players": [ids[0], ids[1]], "seed": -1], .invalidParams("seed")),
      (["players": [ids[0], 99]], .notFound("player_not_found")),
      (["players": [ids[0], ids[1], 999], "by": "rating"], .notFound("player_not_found")),
    ]
    let seq = try await fixture.seq()
    for (params, refusal) in refusals {
      #expect(try await fixture.error("gather.suggest", params) == refusal, "\(params)")
    }
    #expect(try await fixture.seq() == seq)
  }

  @Test func suggestingAndPredictingChangeNothing() async throws {
    let seq = try await fixture.seq()
    _ = try await fixture.result("gather.suggest", ["players": .array(ids)])
    _ = try await fixture.result("gather.predict", ["teamA": [ids[0]], "teamB": [ids[1]]])
    #expect(try await fixture.seq() == seq)
    #expect(try await fixture.result("gather.current") == .null)
  }

  @Test func aPredictionOfEvenSidesIsEven() async throws {
    let prediction = try await fixture.result("gather.predict", ["teamA": [ids[3]], "teamB": [ids[5]]])
    #expect(prediction["winProbability"]?.number == 0.5)
    let draw = try #require(prediction["drawProbability"]?.number)
    #expect(draw > 0 && draw < 1)
    #expect(prediction["teamA"]?.arrayValue?.first?["name"] == "Bea")
    #expect(prediction["teamB"]?.arrayValue?.first?["rating"]?["mu"]?.number == 25)
  }

  @Test func aPredictionFavoursTheStrongerSide() async throws {
    let prediction = try await fixture.result("gather.predict", ["teamA": [ids[2]], "teamB": [ids[4]]])
    #expect((prediction["winProbability"]?.number ?? 0) > 0.5, "a professional against a beginner")
  }

  @Test func aBadPredictionNamesTheSideAndLeavesTheRatingsAlone() async throws {
    _ = try await fixture.result("gather.start", ["teamA": [ids[2]], "teamB": [ids[4]]])
    _ = try await fixture.result("score.goal", ["team": "teamA"])
    _ = try await fixture.result("gather.end")
    let ratings = try await fixture.result("stats.players")
    let refusals: [(JSONObject, Refusal)] = [
      (["teamB": [ids[0]]], .invalidParams("teamA")), (["teamA": [], "teamB": [ids[0]]], .invalidParams("teamA")),
      (["teamA": [ids[0]], "teamB": []], .invalidParams("teamB")), (["teamA": [ids[0]]], .invalidParams("teamB")),
      (["teamA": [ids[0]], "teamB": [ids[0]]], .invalidParams("teamB")),
      (["teamA": [ids[0], ids[1]], "teamB": [ids[1], ids[2]]], .invalidParams("teamB")),
      (["teamA": [ids[0], ids[0]], "teamB": [ids[1]]], .invalidParams("teamA")),
      (["teamA": [ids[0]], "teamB": [ids[1]], "bench": []], .invalidParams("bench")),
    ]
    let seq = try await fixture.seq()
    for (params, refusal) in refusals {
      #expect(try await fixture.error("gather.predict", params) == refusal, "\(params)")
    }
    let unknown = await fixture.call("gather.predict", ["teamA": [ids[0]], "teamB": [999]])
    #expect(Refusal(try #require(unknown["error"])) == .notFound("player_not_found"))
    #expect(unknown["error"]?["message"]?.stringValue?.contains("999") == true, "the unknown id is named")
    #expect(try await fixture.seq() == seq, "a prediction changes nothing")
    #expect(try await fixture.result("stats.players") == ratings)
  }

  @Test func anyoneMaySuggestAndPredict() async throws {
    for peer in [MethodFixture.Peer.statusSocket, .web] {
      let reader = try await fixture.connect(peer)
      #expect(try await fixture.result("gather.suggest", ["players": .array(ids)], as: reader)["exact"] == true)
      let prediction = try await fixture.result("gather.predict", ["teamA": [ids[0]], "teamB": [ids[1]]], as: reader)
      #expect(prediction["winProbability"]?.number == 0.5, "\(peer)")
    }
  }
}
