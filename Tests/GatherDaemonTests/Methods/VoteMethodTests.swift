import GatherRPC
import Testing

/// vote.cast, vote.status and gather.voteLink: the man of the match, voted by those who played through the gather's
/// vote link or their plan's sign-up link, once each for someone else, until the vote closes; anonymous to all.
@Suite(.timeLimit(.minutes(1))) struct VoteMethodTests {
  let fixture: MethodFixture
  /// Ana, Bruno, Carla, Dani, Eli and Fede.
  let ids: [JSONValue]
  /// Ana and Bruno against Carla and Dani, Eli on the bench, ended; Fede did not come.
  let gather: JSONValue

  init() async throws {
    fixture = try await MethodFixture()
    ids = try await fixture.addPlayers("Ana", "Bruno", "Carla", "Dani", "Eli", "Fede").map { .int($0) }
    _ = try await fixture.result(
      "gather.start", ["teamA": [ids[0], ids[1]], "teamB": [ids[2], ids[3]], "bench": [ids[4]]])
    gather = try #require(try await fixture.result("gather.end")["id"])
  }

  /// A web client holding the gather's vote link.
  func voter() async throws -> MethodFixture.Connection {
    let link = try await fixture.result("gather.voteLink", ["gather": gather])
    let code = try #require(link["url"]?.stringValue?.split(separator: "#vote=").last.map(String.init))
    return try await fixture.webClient(presenting: code)
  }

  func cast(_ voter: JSONValue, for player: JSONValue, as connection: MethodFixture.Connection) async throws
    -> JSONValue
  {
    try await fixture.result("vote.cast", ["gather": gather, "voter": voter, "player": player], as: connection)
  }

  @Test func theGathersEndOpensAVoteOfThoseWhoPlayedUntilTheNextDayAtNoon() async throws {
    let record = try await fixture.result("gathers.get", ["id": gather])
    #expect(
      record["manOfTheMatch"]
        == .object(["status": "open", "closesAt": "2027-01-16T12:00:00.000Z", "voted": 0, "eligible": 4]))
    let status = try await fixture.result("vote.status", ["gather": gather])
    #expect(status["status"] == "open" && status["manOfTheMatch"] == .null)
    #expect(status["players"]?.arrayValue?.map { $0["name"] } == ["Ana", "Bruno", "Carla", "Dani"])
    #expect(status["players"]?.arrayValue?.allSatisfy { $0["voted"] == false } == true)
  }

  @Test func aPlayerVotesThroughTheVoteLink() async throws {
    let watcher = try await fixture.watch(["vote"])
    let link = try await fixture.result("gather.voteLink", ["gather": gather])
    #expect(link["url"]?.stringValue?.hasPrefix("https://gather.example/#vote=") == true && link["gather"] == gather)
    let code = try #require(link["url"]?.stringValue?.split(separator: "#vote=").last.map(String.init))
    let web = try await fixture.connect(.web)
    #expect(
      try await fixture.result("auth.token", ["token": .string(code)], as: web)
        == .object(["control": false, "vote": .object(["gather": gather, "status": "open", "methods": ["vote.cast"]])]))
    let status = try await cast(ids[0], for: ids[2], as: web)
    #expect(status["voted"] == 1 && status["eligible"] == 4)
    #expect(status["players"]?.arrayValue?.filter { $0["voted"] == true }.map { $0["name"] } == ["Ana"])
    let event = try #require(await watcher.nextEvent())
    #expect(event["method"] == "vote" && event["params"]?["change"] == "cast")
    #expect(event["params"]?["vote"] == status, "the event tells what the reply tells")
  }

  @Test func nothingTellsWhomAVoterChose() async throws {
    let web = try await voter()
    let before = try await fixture.result("vote.status", ["gather": gather])
    _ = try await cast(ids[1], for: ids[3], as: web)
    let after = try await fixture.result("vote.status", ["gather": gather])
    // Only Bruno's flag and the count moved: no field, order or time points at Dani.
    var expected = try #require(before.objectValue)
    expected["voted"] = 1
    expected["players"] = .array(
      try #require(before["players"]?.arrayValue).map { player in
        guard player["id"] == ids[1], var object = player.objectValue else { return player }
        object["voted"] = true
        return .object(object)
      })
    #expect(after == .object(expected))
    #expect(try await fixture.result("gathers.get", ["id": gather])["manOfTheMatch"]?["voted"] == 1)
    #expect(try await fixture.result("gather.report", ["gather": gather])["manOfTheMatch"] == .null)
  }

  @Test func theReportInvitesToTheOpenVoteWithItsLinkForTheOrganiserOnly() async throws {
    let report = try await fixture.result("gather.report", ["gather": gather])
    let link = try await fixture.result("gather.voteLink", ["gather": gather])
    #expect(report["manOfTheMatch"] == .null && report["vote"]?["closesAt"] == "2027-01-16T12:00:00.000Z")
    #expect(report["vote"]?["closesAtLocal"] == "2027-01-16T12:00:00+00:00" && report["vote"]?["link"] == link["url"])
    let line = "\nMan of the match: vote by Sat 16 Jan 12:00. Vote: \(link["url"]?.stringValue ?? "")"
    #expect(report["text"]?.stringValue?.contains(line) == true)
    let watcher = try await fixture.connect(.web)
    let shared = try await fixture.result("gather.report", ["gather": gather], as: watcher)
    #expect(shared["vote"]?["link"] == .null, "the vote code is a capability")
    #expect(shared["text"]?.stringValue?.contains("\nMan of the match: vote by Sat 16 Jan 12:00.") == true)
    #expect(shared["text"]?.stringValue?.contains("#vote=") == false)
  }

  @Test func theVoteClosesAtItsTimeAndTheOutcomeGoesEverywhere() async throws {
    let watcher = try await fixture.watch(["vote"])
    let web = try await voter()
    for (voter, choice) in [(0, 2), (1, 3), (2, 3), (3, 2)] {
      _ = try await cast(ids[voter], for: ids[choice], as: web)
    }
    for _ in 0..<4 { #expect(await watcher.nextChange() == "vote:cast") }
    await fixture.advance(by: .seconds(28 * 3600 - 1))
    #expect(try await fixture.result("vote.status", ["gather": gather])["status"] == "open")
    await fixture.advance(by: .seconds(1))
    let closed = try #require(await watcher.nextEvent())
    #expect(closed["params"]?["change"] == "closed")
    let best = try #require(closed["params"]?["vote"]?["manOfTheMatch"])
    #expect(best["players"]?.arrayValue?.map { $0["name"] } == ["Carla", "Dani"], "a tie is shared")
    #expect(best["votes"] == 2 && best["voters"] == 4 && best["eligible"] == 4)
    #expect(best["closedAt"] == "2027-01-16T12:00:00.000Z")
    let record = try await fixture.result("gathers.get", ["id": gather])
    #expect(record["manOfTheMatch"]?["status"] == "closed" && record["manOfTheMatch"]?["players"] == best["players"])
    let report = try await fixture.result("gather.report", ["gather": gather])
    #expect(report["manOfTheMatch"]?.arrayValue?.map { $0["name"] } == ["Carla", "Dani"] && report["vote"] == .null)
    #expect(report["text"]?.stringValue?.contains("\nMan of the match: Carla and Dani") == true)
    let stats = try #require(try await fixture.result("stats.players")["players"]?.arrayValue)
    #expect(
      stats.map { "\($0["name"]?.stringValue ?? "") \($0["manOfTheMatch"]?.intValue ?? -1)" }.sorted()
        == ["Ana 0", "Bruno 0", "Carla 1", "Dani 1"])
    #expect(try await fixture.result("stats.player", ["id": ids[2]])["manOfTheMatch"] == 1)
    // The link now only says whose vote it was.
    let link = try await fixture.result("gather.voteLink", ["gather": gather])
    let code = try #require(link["url"]?.stringValue?.split(separator: "#vote=").last.map(String.init))
    let late = try await fixture.connect(.web)
    #expect(
      try await fixture.result("auth.token", ["token": .string(code)], as: late)
        == .object(["control": false, "vote": .object(["gather": gather, "status": "closed", "methods": []])]))
    #expect(
      try await fixture.error("vote.cast", ["gather": gather, "voter": ids[4], "player": ids[0]], as: late)
        == .invalidParams("gather"), "told the vote closed, naming gather")
    #expect(
      try await fixture.error("players.create", ["name": "Mallory"], as: late) == .forbidden, "and nothing more")
  }

  @Test func badVotesNameTheParamAndChangeNothing() async throws {
    let web = try await voter()
    _ = try await cast(ids[0], for: ids[2], as: web)
    _ = try await fixture.result("gather.start", ["teamA": [ids[4]], "teamB": [ids[5]]])
    let other = try #require(try await fixture.result("gather.end")["id"])
    let otherLink = try await fixture.result("gather.voteLink", ["gather": other])
    let otherCode = try #require(otherLink["url"]?.stringValue?.split(separator: "#vote=").last.map(String.init))
    let otherVoter = try await fixture.webClient(presenting: otherCode)
    let status = try await fixture.result("vote.status", ["gather": gather])
    let seq = try await fixture.seq()
    let refusals: [(JSONObject, MethodFixture.Connection, Refusal)] = [
      (["voter": ids[0], "player": ids[3]], web, .invalidParams("voter")),  // twice
      (["voter": ids[1], "player": ids[1]], web, .invalidParams("player")),  // for oneself
      (["voter": ids[1], "player": ids[4]], web, .invalidParams("player")),  // on the bench
      (["voter": ids[1], "player": ids[5]], web, .invalidParams("player")),  // not there
      (["voter": ids[4], "player": ids[1]], web, .invalidParams("voter")),  // did not play
      (["voter": ids[1], "player": ids[2]], otherVoter, .forbidden(field: "gather")),  // another gather's code
      (["voter": ids[1]], web, .invalidParams("player")),
      (["voter": ids[1], "player": ids[2], "choice": ids[3]], web, .invalidParams("choice")),
    ]
    for (params, connection, refusal) in refusals {
      var sent = params
      sent["gather"] = gather
      #expect(try await fixture.error("vote.cast", sent, as: connection) == refusal, "\(params)")
    }
    #expect(try await fixture.result("vote.status", ["gather": gather]) == status, "nothing changed")
    #expect(try await fixture.seq() == seq, "no event")
    // Past the close (a millisecond more: a test clock holds a sleep due exactly now), and its event awaited.
    let watcher = try await fixture.watch(["vote"])
    await fixture.advance(by: .seconds(28 * 3600) + .milliseconds(1))
    #expect(try #require(await watcher.nextEvent())["params"]?["change"] == "closed")
    let closed = try await fixture.result("vote.status", ["gather": gather])
    let afterClose = try await fixture.seq()
    #expect(
      try await fixture.error("vote.cast", ["gather": gather, "voter": ids[1], "player": ids[2]])
        == .invalidParams("gather"), "after the vote closed")
    #expect(try await fixture.result("vote.status", ["gather": gather]) == closed)
    #expect(try await fixture.seq() == afterClose)
  }

  @Test func onlyALinkOrAControllerVotes() async throws {
    let watcher = try await fixture.connect(.web)
    let cast: JSONObject = ["gather": gather, "voter": ids[0], "player": ids[2]]
    #expect(try await fixture.error("vote.cast", cast, as: watcher) == .forbidden)
    #expect(try await fixture.error("gather.voteLink", ["gather": gather], as: watcher) == .forbidden)
    let plan = try await fixture.result("plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": 4])
    let signUp = try await fixture.webClient(presenting: try await fixture.signUpCode(of: plan))
    #expect(try await fixture.error("vote.cast", cast, as: signUp) == .forbidden, "an open plan's link answers for it")
    #expect(try await fixture.result("vote.cast", cast)["voted"] == 1, "the organiser may record a vote told to them")
    #expect(try await fixture.error("vote.status", ["gather": 99]) == .notFound("gather_not_found"))
  }

  @Test func thePlansSignUpLinkVotesInTheVoteOfItsGather() async throws {
    let plan = try await fixture.result("plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": 4])
    let planID = try #require(plan["id"])
    let code = try await fixture.signUpCode(of: plan)
    for id in ids[0..<4] { _ = try await fixture.result("plan.join", ["plan": planID, "player": id]) }
    let started = try #require(try await fixture.result("gather.start", ["plan": planID, "force": true])["id"])
    _ = try await fixture.result("gather.end")
    let web = try await fixture.connect(.web)
    #expect(
      try await fixture.result("auth.token", ["token": .string(code)], as: web)
        == .object([
          "control": false,
          "signUp": .object(["plan": planID, "status": "started", "methods": [], "gather": started]),
          "vote": .object(["gather": started, "status": "open", "methods": ["vote.cast"]]),
        ]))
    let status = try await fixture.result(
      "vote.cast", ["gather": started, "voter": ids[3], "player": ids[0]], as: web)
    #expect(status["voted"] == 1)
    #expect(
      try await fixture.error("vote.cast", ["gather": gather, "voter": ids[1], "player": ids[0]], as: web)
        == .forbidden(field: "gather"), "the link votes in its own gather only")
    #expect(
      try await fixture.error("plan.join", ["plan": planID, "player": ids[4]], as: web) == .forbidden)
  }
}
