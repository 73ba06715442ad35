import GatherRPC
import Testing

/// gather.start's params as a client sends them: the sides, the clock's length and format, and the team names,
/// each refused naming its param; a player who is not on the roster, and a second gather while one is on, are
/// refused too. A refused start starts nothing, files nothing and publishes nothing.
@Suite(.timeLimit(.minutes(1))) struct GatherStartMethodTests {
  let fixture: MethodFixture
  /// Ana, Bruno, Carla and Dani.
  let ids: [JSONValue]

  init() async throws {
    fixture = try await MethodFixture()
    ids = try await fixture.addPlayers("Ana", "Bruno", "Carla", "Dani").map { .int($0) }
  }

  /// Ana against Bruno, with `more` params.
  func anaAgainstBruno(_ more: JSONObject) -> JSONObject {
    var params: JSONObject = ["teamA": [ids[0]], "teamB": [ids[1]]]
    for member in more.members { params[member.key] = member.value }
    return params
  }

  /// Sends each start and expects its refusal; then that no gather is on or filed and no event was published.
  func expectRefused(
    _ refusals: [(JSONObject, Refusal)], sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let seq = try await fixture.seq()
    for (params, refusal) in refusals {
      let error = try await fixture.error("gather.start", params, sourceLocation: sourceLocation)
      #expect(error == refusal, "\(params)", sourceLocation: sourceLocation)
    }
    #expect(try await fixture.result("gather.current") == .null, sourceLocation: sourceLocation)
    #expect(try await fixture.result("gathers.list")["gathers"] == [], sourceLocation: sourceLocation)
    #expect(try await fixture.seq() == seq, "refusals publish nothing", sourceLocation: sourceLocation)
  }

  @Test func aSideThatIsMissingEmptyOrNotAListOfPlayersIsNamed() async throws {
    let (ana, bruno, carla) = (ids[0], ids[1], ids[2])
    try await expectRefused([
      (["teamA": [], "teamB": [bruno]], .invalidParams("teamA")),
      (["teamA": [ana], "teamB": []], .invalidParams("teamB")),
      (["teamA": [], "teamB": [], "bench": [carla]], .invalidParams("teamA")),
      (["teamB": [bruno]], .invalidParams("teamA")), (["teamA": [ana]], .invalidParams("teamB")),
      ([:], .invalidParams("teamA")), (["teamA": ana, "teamB": [bruno]], .invalidParams("teamA")),
      (["teamA": ["1"], "teamB": [bruno]], .invalidParams("teamA")),
      (["teamA": [ana], "teamB": [bruno], "bench": carla], .invalidParams("bench")),
    ])
  }

  @Test func aPlayerInTwoPlacesIsNamedWhereHeIsTheSecondTime() async throws {
    let (ana, bruno) = (ids[0], ids[1])
    try await expectRefused([
      (["teamA": [ana], "teamB": [ana]], .invalidParams("teamB")),
      (["teamA": [ana, ana], "teamB": [bruno]], .invalidParams("teamA")),
      (["teamA": [ana], "teamB": [bruno], "bench": [ana]], .invalidParams("bench")),
    ])
  }

  @Test func aPlayerWhoIsNotOnTheRosterIsNotFound() async throws {
    try await expectRefused([
      (["teamA": [ids[0]], "teamB": [9999]], .notFound("player_not_found")),
      (anaAgainstBruno(["bench": [9999]]), .notFound("player_not_found")),
    ])
  }

  @Test func aClockLengthOutOfRangeOrNotAWholeNumberIsNamed() async throws {
    try await expectRefused([
      (anaAgainstBruno(["seconds": 0]), .invalidParams("seconds")),
      (anaAgainstBruno(["seconds": 6000]), .invalidParams("seconds")),
      (anaAgainstBruno(["seconds": -10]), .invalidParams("seconds")),
      (anaAgainstBruno(["seconds": .double(1.5)]), .invalidParams("seconds")),
      (anaAgainstBruno(["minutes": "10"]), .invalidParams("minutes")),
      (anaAgainstBruno(["minutes": 100]), .invalidParams("minutes")),
    ])
  }

  @Test func aFormatOutOfRangeIsNamed() async throws {
    try await expectRefused([
      (anaAgainstBruno(["periods": 0]), .invalidParams("periods")),
      (anaAgainstBruno(["periods": 5]), .invalidParams("periods")),
      (anaAgainstBruno(["breakLength": 1801]), .invalidParams("breakLength")),
      (anaAgainstBruno(["periodLength": 60, "minutes": 1]), .invalidParams("periodLength")),
      (anaAgainstBruno(["periodLength": 300, "minutes": 5]), .invalidParams("periodLength")),
    ])
  }

  @Test func teamNamesTooLongBlankAlikeOrNotTextAreRefusedNamingNames() async throws {
    let names: [JSONValue] = [
      .object(["teamA": .string(String(repeating: "x", count: 25))]), .object(["teamA": "   "]),
      .object(["teamA": "Bibs", "teamB": "BIBS"]), .object(["teamB": "Team A"]), .object(["teamA": "Tab\there"]),
      .object(["teamA": 7]), .object(["teamC": "Bibs"]), "Bibs",
    ]
    try await expectRefused(names.map { (anaAgainstBruno(["names": $0]), .invalidParams("names")) })
  }

  @Test func aParamGatherStartDoesNotTakeIsNamed() async throws {
    try await expectRefused([
      (anaAgainstBruno(["referee": "Pierluigi"]), .invalidParams("referee")),
      (anaAgainstBruno(["plan": 1]), .invalidParams("plan")),
    ])
  }

  @Test func aSecondGatherIsRefusedAndTheFirstGoesOnAsItWas() async throws {
    let first = try await fixture.result("gather.start", anaAgainstBruno([:]))
    let seq = try await fixture.seq()
    let refusal = try await fixture.error("gather.start", ["teamA": [ids[2]], "teamB": [ids[3]]])
    #expect(refusal == .wrongState("gather_already_active"))
    #expect(try await fixture.result("gather.current") == first)
    #expect(try await fixture.seq() == seq)
  }
}
