import GatherRPC
import Testing

/// gather.report: an ended gather as a message to share, with the next plan's sign-up link for controllers only.
@Suite(.timeLimit(.minutes(1))) struct ReportMethodTests {
  let fixture: MethodFixture
  /// Ana and Bruno.
  let ids: [JSONValue]

  init() async throws {
    fixture = try await MethodFixture()
    ids = try await fixture.addPlayers("Ana", "Bruno").map { .int($0) }
  }

  /// Reds (Ana) 2-0 Blues (Bruno), both goals Ana's; returns the gather's id.
  func playReds() async throws -> JSONValue {
    let gather = try await fixture.result(
      "gather.start",
      ["teamA": [ids[0]], "teamB": [ids[1]], "names": .object(["teamA": "Reds", "teamB": "Blues"])])
    for _ in 0..<2 { _ = try await fixture.result("score.goal", ["team": "teamA", "player": ids[0]]) }
    _ = try await fixture.result("gather.end")
    return try #require(gather["id"])
  }

  @Test func theLastEndedGatherIsReportedByDefault() async throws {
    #expect(try await fixture.error("gather.report") == .notFound("gather_not_found"), "nothing has ended yet")
    let id = try await playReds()
    let report = try await fixture.result("gather.report")
    #expect(report["gather"] == id && report["scoreLine"] == "Reds 2\u{2013}0 Blues")
    // The man-of-the-match vote has just opened: the message invites to it.
    let text = try #require(report["text"]?.stringValue)
    #expect(
      text.hasPrefix("Full time: Reds 2\u{2013}0 Blues\nReds: Ana 1', 1'\nMan of the match: vote by Sat 16 Jan 12:00."))
    #expect(report["scorers"]?["teamA"]?.arrayValue?.first?["minutes"] == ["1'", "1'"])
    #expect(report["scorers"]?["teamB"] == [] && report["manOfTheMatch"] == .null && report["next"] == .null)
    #expect(try await fixture.result("gather.report", ["gather": id]) == report)
    #expect(try await fixture.error("gather.report", ["gather": 99]) == .notFound("gather_not_found"))
    #expect(try await fixture.error("gather.report", ["id": id]) == .invalidParams("id"))
  }

  @Test func theNextPlansLinkGoesToControllersOnly() async throws {
    _ = try await playReds()
    let plan = try await fixture.result(
      "plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": 10, "place": "Astro 2"])
    let planID = try #require(plan["id"])
    let link = try #require(try await fixture.result("plan.link", ["plan": planID])["url"])
    let mine = try await fixture.result("gather.report")
    #expect(mine["next"]?["plan"] == plan["id"] && mine["next"]?["link"] == link)
    #expect(mine["next"]?["placesLeft"] == 10 && mine["next"]?["place"] == "Astro 2")
    let text = try #require(mine["text"]?.stringValue)
    #expect(text.hasSuffix("Next: Fri 22 Jan 19:00 at Astro 2, 10 places left. Sign up: \(link.stringValue ?? "?")"))
    // The sign-up code is a capability: a viewer of the board gets the plan, not the link.
    for peer in [MethodFixture.Peer.web, .statusSocket] {
      let viewer = try await fixture.connect(peer)
      let theirs = try await fixture.result("gather.report", as: viewer)
      #expect(theirs["next"]?["link"] == .null && theirs["next"]?["plan"] == plan["id"], "\(peer)")
      #expect(theirs["text"]?.stringValue?.contains("#signup=") == false)
    }
  }

  @Test func aPlanThatStartedBeforeTheGatherEndedIsNotTheNextGame() async throws {
    // Tonight's plan at 09:00Z, an hour after the wall clock's start; its match is started without it.
    let tonight = try await fixture.result(
      "plan.create", ["startsAt": "2027-01-15T10:00+01:00", "capacity": 10, "place": "Astro 1"])
    let nextWeek = try await fixture.result(
      "plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": 10, "place": "Astro 2"])
    await fixture.advance(by: .seconds(90 * 60))
    _ = try await playReds()
    let open = try await fixture.result("plans.list")["plans"]?.arrayValue?.map { $0["id"] }
    #expect(open == [tonight["id"], nextWeek["id"]], "tonight's plan is still open")
    let report = try await fixture.result("gather.report")
    #expect(report["next"]?["plan"] == nextWeek["id"] && report["next"]?["place"] == "Astro 2")
    #expect(report["text"]?.stringValue?.contains("Next: Fri 22 Jan 19:00 at Astro 2") == true)
  }
}
