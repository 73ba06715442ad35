import GatherRPC
import Testing

/// The one rating every screen shows, form, predictions that add up with the draw from the group's history, and
/// suggestions that predict from the strength they show, as a client reads them.
@Suite(.timeLimit(.minutes(1))) struct RatingsMethodTests {
  let fixture: MethodFixture
  /// Ana, Bruno, Carla and Dani.
  let ids: [JSONValue]

  init() async throws {
    fixture = try await MethodFixture()
    ids = try await fixture.addPlayers("Ana", "Bruno", "Carla", "Dani").map { .int($0) }
  }

  /// Plays and ends a gather of `teamA` against `teamB` with these names, `goals` for each side.
  func play(_ teamA: [JSONValue], _ teamB: [JSONValue], goals: (Int, Int), names: JSONObject? = nil) async throws {
    var params: JSONObject = ["teamA": .array(teamA), "teamB": .array(teamB)]
    if let names { params["names"] = .object(names) }
    _ = try await fixture.result("gather.start", params)
    if goals.0 + goals.1 > 0 {
      _ = try await fixture.result("score.set", ["teamA": .int(Int64(goals.0)), "teamB": .int(Int64(goals.1))])
    }
    _ = try await fixture.result("gather.end")
  }

  /// The three shown percentages of a prediction, Team A's first.
  func percent(_ prediction: JSONValue?) -> [Int64] {
    ["teamA", "draw", "teamB"].compactMap { prediction?["percent"]?[$0]?.intValue }
  }

  @Test func statsShowTheRatingAsANumberFromZeroToAHundredSettlingUntilFiveGathers() async throws {
    try await play([ids[0]], [ids[1]], goals: (1, 0))
    let rows = try #require(try await fixture.result("stats.players")["players"]?.arrayValue)
    let ana = try #require(rows.first { $0["name"] == "Ana" })
    let rating = try #require(ana["rating"])
    let ordinal = try #require(rating["ordinal"]?.number)
    #expect(rating["display"]?.intValue == Int64((50 + 2 * ordinal).rounded()))
    #expect(rating["settling"] == true && rating["gathers"] == 1)
    #expect(rows.map { $0["name"] } == ["Ana", "Bruno"], "sorted by the number shown")
    let displays = rows.compactMap { $0["rating"]?["display"]?.intValue }
    #expect(displays == displays.sorted(by: >))
    for _ in 0..<4 { try await play([ids[0]], [ids[1]], goals: (2, 1)) }
    let settled = try await fixture.result("stats.player", ["id": ids[0]])
    #expect(settled["rating"]?["settling"] == false && settled["rating"]?["gathers"] == 5)
    let chart = try #require(settled["ratings"]?.arrayValue)
    #expect(chart.count == 5 && chart.allSatisfy { (0...100).contains($0["display"]?.intValue ?? -1) })
  }

  @Test func formAndRecentResultsNameTheSidesAsTheyWere() async throws {
    try await play([ids[0]], [ids[1]], goals: (0, 0))
    try await play([ids[1]], [ids[0]], goals: (4, 0), names: ["teamA": "Reds", "teamB": "Blues"])
    let rows = try #require(try await fixture.result("stats.players")["players"]?.arrayValue)
    #expect(rows.first { $0["name"] == "Ana" }?["form"] == ["loss", "draw"])
    #expect(rows.first { $0["name"] == "Bruno" }?["form"] == ["win", "draw"])
    let report = try await fixture.result("stats.player", ["id": ids[0]])
    #expect(report["form"] == ["loss", "draw"])
    let recent = try #require(report["recent"]?.arrayValue?.first)
    #expect(recent["names"] == .object(["teamA": "Reds", "teamB": "Blues"]))
    #expect(recent["team"] == "teamB" && recent["side"] == "Blues" && recent["score"]?["text"] == "4-0")
  }

  @Test func predictionsAddUpToAHundredWithTheDrawFromTheGroupsHistory() async throws {
    let fresh = try await fixture.result("gather.predict", ["teamA": [ids[0]], "teamB": [ids[1]]])
    #expect(fresh["drawProbability"]?.number == 0.2, "one in five before any history")
    #expect(percent(fresh) == [40, 20, 40])
    try await play([ids[0]], [ids[1]], goals: (1, 1))
    try await play([ids[2]], [ids[3]], goals: (1, 1))
    let later = try await fixture.result("gather.predict", ["teamA": [ids[0], ids[2]], "teamB": [ids[1], ids[3]]])
    #expect(later["drawProbability"]?.number == 4.0 / 12, "two draws in two gathers, smoothed: (2 + 2) / (2 + 10)")
    #expect(percent(later).reduce(0, +) == 100)
    let threeWay = ["teamA", "draw", "teamB"].compactMap { later["threeWay"]?[$0]?.number }
    #expect(abs(threeWay.reduce(0, +) - 1) < 1e-12)
    // The gather started now predicts the same, and keeps its draw while it is played.
    let started = try await fixture.result(
      "gather.start", ["teamA": [ids[0], ids[2]], "teamB": [ids[1], ids[3]]])
    #expect(started["prediction"]?["drawProbability"] == later["drawProbability"])
    #expect(percent(started["prediction"]).reduce(0, +) == 100)
  }

  @Test func bySkillTheSuggestionPredictsFromThePointsItShows() async throws {
    let suggestion = try await fixture.result("gather.suggest", ["players": .array(ids), "by": "skill"])
    let strengths = ["teamA", "teamB"].compactMap { suggestion[$0]?["strength"]?.number }
    #expect(strengths == [400, 400], "four amateurs: 200 points each")
    #expect(suggestion["winProbability"]?.number == 0.5, "equal strength, an even match")
    #expect(percent(suggestion) == [40, 20, 40])
    let byRating = try await fixture.result("gather.suggest", ["players": .array(ids)])
    let player = try #require(byRating["teamA"]?["players"]?.arrayValue?.first)
    #expect(player["rating"]?["display"] == 50 && player["rating"]?["settling"] == true)
  }
}
