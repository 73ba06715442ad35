import GatherRPC
import Testing

/// plan.join, plan.leave and plan.link: who is coming, answered by the organiser or by whoever holds the plan's
/// sign-up code, which opens that one plan and nothing else.
@Suite(.timeLimit(.minutes(1))) struct PlanAnswerMethodTests {
  let fixture: MethodFixture
  /// Ana, Bruno and Carla.
  let ids: [JSONValue]
  /// A plan for next week with room for two.
  let plan: JSONValue

  init() async throws {
    fixture = try await MethodFixture()
    ids = try await fixture.addPlayers("Ana", "Bruno", "Carla").map { .int($0) }
    plan = try #require(
      try await fixture.result("plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": 2])["id"])
  }

  func join(_ player: JSONValue, as connection: MethodFixture.Connection? = nil) async throws -> JSONValue {
    try await fixture.result("plan.join", ["plan": plan, "player": player], as: connection)
  }

  @Test func thoseWhoJoinGoUntilThePlanIsFullThenWait() async throws {
    let watcher = try await fixture.watch(["plan"])
    #expect(try await join(ids[0])["answer"] == "going")
    #expect(try await join(ids[1])["answer"] == "going")
    let third = try await join(ids[2])
    #expect(third["answer"] == "waiting" && third["changed"] == true && third["plan"]?["placesLeft"] == 0)
    #expect(third["player"] == .object(["id": ids[2], "name": "Carla"]))
    for _ in 0..<3 { #expect(await watcher.nextChange() == "plan:joined") }
  }

  @Test func joiningTwiceChangesNothingAndPublishesNothing() async throws {
    _ = try await join(ids[0])
    let watcher = try await fixture.watch(["plan", "players"])
    let again = try await join(ids[0])
    #expect(again["answer"] == "going" && again["changed"] == false)
    _ = try await fixture.addPlayers("Dani")
    #expect(await watcher.nextChange() == "players:created", "the second join published nothing")
  }

  @Test func aGoingPlayerWhoLeavesMovesTheFirstWaitingUp() async throws {
    for id in ids { _ = try await join(id) }
    let watcher = try await fixture.watch(["plan"])
    let left = try await fixture.result("plan.leave", ["plan": plan, "player": ids[0]])
    #expect(left["answer"] == "notGoing" && left["promoted"] == [.object(["id": ids[2], "name": "Carla"])])
    #expect(left["plan"]?["going"]?.arrayValue?.map { $0["name"] } == ["Bruno", "Carla"])
    #expect(left["plan"]?["notGoing"]?.arrayValue?.map { $0["name"] } == ["Ana"])
    #expect(await watcher.nextChange() == "plan:left")
    #expect(await watcher.nextChange() == "plan:promoted")
  }

  @Test func aGuestJoinsAsANewRosterPlayer() async throws {
    let watcher = try await fixture.watch(["players", "plan"])
    let answer = try await fixture.result("plan.join", ["plan": plan, "guest": "Zé"])
    #expect(answer["answer"] == "going" && answer["player"]?["name"] == "Zé")
    #expect(answer["plan"]?["going"]?.arrayValue?.first?["guest"] == true)
    #expect(try await fixture.result("players.get", ["id": try #require(answer["player"]?["id"])])["name"] == "Zé")
    #expect(await watcher.nextChange() == "players:created")
    #expect(await watcher.nextChange() == "plan:joined")
  }

  @Test func aBadAnswerNamesTheParamAndChangesNothing() async throws {
    let refusals: [(JSONObject, Refusal)] = [
      (["plan": plan], .invalidParams("player")),
      (["plan": plan, "player": ids[0], "guest": "Zé"], .invalidParams("guest")),
      (["plan": plan, "guest": ""], .invalidParams("guest")),
      (["plan": plan, "guest": "ana"], .invalidParams("guest")),
      (["plan": plan, "guest": .string(String(repeating: "z", count: 41))], .invalidParams("guest")),
      (["plan": plan, "guest": "Evil\u{1B}[2J\u{1B}]0;owned\u{07}\nroot# "], .invalidParams("guest")),
      (["plan": plan, "guest": "A\u{34F}NA"], .invalidParams("guest")),
      (["player": ids[0]], .invalidParams("plan")), (["plan": plan, "player": 99], .notFound("player_not_found")),
    ]
    for (params, refusal) in refusals {
      #expect(try await fixture.error("plan.join", params) == refusal, "\(params)")
    }
    #expect(try await fixture.error("plan.leave", ["plan": plan]) == .invalidParams("player"))
    let unchanged = try await fixture.result("plan.get", ["plan": plan])
    #expect(unchanged["going"] == [] && unchanged["notGoing"] == [])
    #expect(try await fixture.result("players.list")["players"]?.arrayValue?.count == 3, "no guest was added")
  }

  @Test func theLinkCarriesTheCodeOnThePagesAddress() async throws {
    let link = try await fixture.result("plan.link", ["plan": plan])
    let url = try #require(link["url"]?.stringValue)
    #expect(url.hasPrefix(MethodFixture.publicURL + "#signup=") && url.count > 30)
    #expect(link["plan"] == plan && link["links"] == [.string(url)])
    #expect(try await fixture.result("plan.link", ["plan": plan]) == link, "the same code for the plan's life")
    for peer in [MethodFixture.Peer.statusSocket, .web] {
      let reader = try await fixture.connect(peer)
      #expect(try await fixture.error("plan.link", ["plan": plan], as: reader) == .forbidden, "\(peer)")
    }
  }

  @Test func theLinkComesWithItsQRCodeWhenAsked() async throws {
    let plain = try await fixture.result("plan.link", ["plan": plan])
    #expect(plain["qr"] == nil)
    let link = try await fixture.result("plan.link", ["plan": plan, "qr": true])
    #expect(link["url"] == plain["url"] && link["links"] == plain["links"])
    let codes = try #require(link["qr"]?.arrayValue)
    #expect(codes.count == link["links"]?.arrayValue?.count)
    #expect(codes.allSatisfy { $0.stringValue?.contains("<svg") == true })
  }

  @Test func withoutTheWebPageThereIsNoLink() async throws {
    let offline = try await MethodFixture(web: false)
    let plan = try await offline.result("plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": 2])
    #expect(try await offline.error("plan.link", ["plan": try #require(plan["id"])]) == .wrongState("web_disabled"))
  }

  @Test func theSignUpCodeAnswersForItsPlan() async throws {
    let code = try await fixture.signUpCode(of: .object(["id": plan]))
    let web = try await fixture.connect(.web)
    let granted = try await fixture.result("auth.token", ["token": .string(code)], as: web)
    #expect(
      granted
        == .object([
          "control": false,
          "signUp": .object([
            "plan": plan, "status": "open",
            "methods": [
              "plan.accept", "plan.decline", "plan.join", "plan.leave", "push.subscribe", "push.unsubscribe",
            ],
          ]),
        ]))
    #expect(try await join(ids[0], as: web)["answer"] == "going")
    let guest = try await fixture.result("plan.join", ["plan": plan, "guest": "Zé"], as: web)
    #expect(guest["answer"] == "going")
    let left = try await fixture.result("plan.leave", ["plan": plan, "player": ids[0]], as: web)
    #expect(left["answer"] == "notGoing")
  }

  @Test func cancellingThePlanVoidsItsCode() async throws {
    let code = try await fixture.signUpCode(of: .object(["id": plan]))
    let web = try await fixture.webClient(presenting: code)
    _ = try await fixture.result("plan.cancel", ["plan": plan])
    let refusal = try await fixture.error("plan.join", ["plan": plan, "player": ids[0]], as: web)
    #expect(refusal == .forbidden("invalid_token"), "a code presented before the cancel stops working at once")
    let late = try await fixture.connect(.web)
    let told = try await fixture.result("auth.token", ["token": .string(code)], as: late)
    #expect(
      told == .object(["control": false, "signUp": .object(["plan": plan, "status": "cancelled", "methods": []])]),
      "the code still says what became of its plan")
    #expect(try await fixture.error("plan.join", ["plan": plan, "player": ids[0]], as: late) == .forbidden)
    #expect(try await fixture.error("plan.leave", ["plan": plan, "player": ids[0]], as: late) == .forbidden)
  }

  @Test func theCodeRestsWhileItsPlanIsPlayedAndWorksAgainIfTheGatherIsCancelled() async throws {
    let code = try await fixture.signUpCode(of: .object(["id": plan]))
    let web = try await fixture.webClient(presenting: code)
    _ = try await join(ids[0], as: web)
    _ = try await join(ids[1], as: web)
    _ = try await fixture.result("gather.start", ["plan": plan, "force": true])
    let refusal = try await fixture.error("plan.join", ["plan": plan, "player": ids[2]], as: web)
    #expect(refusal == .forbidden("invalid_token"), "a started plan's list is closed")
    let late = try await fixture.connect(.web)
    let told = try await fixture.result("auth.token", ["token": .string(code)], as: late)
    let gather = try await fixture.result("gather.current")["id"]
    #expect(told["signUp"] == .object(["plan": plan, "status": "started", "methods": [], "gather": gather ?? .null]))
    _ = try await fixture.result("gather.cancel")
    #expect(try await join(ids[2], as: web)["answer"] == "waiting", "the plan is open again, with the same code")
  }

  @Test func aNewGroupFillsItsFirstPlanFromOneLinkAndEachNameIsNewUntilConfirmed() async throws {
    let plan = try await fixture.result(
      "plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": 10, "force": true])
    let planID = try #require(plan["id"])
    let phone = try await fixture.webClient(presenting: try await fixture.signUpCode(of: plan))
    var answers: [JSONValue] = []
    for friend in 1...14 {
      let answer = try await fixture.result(
        "plan.join", ["plan": planID, "guest": .string("Friend \(friend)")], as: phone)
      answers.append(answer["answer"] ?? .null)
    }
    #expect(answers == Array(repeating: "going", count: 10) + Array(repeating: "waiting", count: 4))
    let roster = try #require(try await fixture.result("players.list")["players"]?.arrayValue).dropFirst(ids.count)
    #expect(roster.count == 14 && roster.allSatisfy { $0["confirmed"] == false }, "new to the organiser")
    let first = try #require(roster.first?["id"])
    #expect(try await fixture.result("players.update", ["id": first, "confirmed": true])["confirmed"] == true)
    // The organiser's own additions are known at once.
    let byHand = try await fixture.result("plan.join", ["plan": planID, "guest": "Zé"])
    #expect(byHand["plan"]?["waiting"]?.arrayValue?.last?["name"] == "Zé")
    #expect(try await fixture.result("players.list")["players"]?.arrayValue?.last?["confirmed"] == true)
  }

  @Test func aLeakedLinkCannotFloodTheRosterFromOneAddress() async throws {
    let plan = try await fixture.result(
      "plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": 10, "force": true])
    let (planID, code) = (try #require(plan["id"]), try await fixture.signUpCode(of: plan))
    let phone = try await fixture.webClient(presenting: code)
    for name in 1...20 {
      _ = try await fixture.result("plan.join", ["plan": planID, "guest": .string("Name \(name)")], as: phone)
    }
    let seq = try await fixture.seq()
    #expect(
      try await fixture.error("plan.join", ["plan": planID, "guest": "Name 21"], as: phone)
        == .wrongState("too_many_new_players"))
    #expect(try await fixture.seq() == seq, "a refused name adds nobody")
    // Another address may go on, up to the plan's cap: three times its capacity.
    let other = try await fixture.webClient(presenting: code)
    for name in 21...30 {
      _ = try await fixture.result("plan.join", ["plan": planID, "guest": .string("Name \(name)")], as: other)
    }
    #expect(
      try await fixture.error("plan.join", ["plan": planID, "guest": "Name 31"], as: other) == .invalidParams("guest"))
    #expect(try await fixture.result("players.list")["players"]?.arrayValue?.count == ids.count + 30)
  }
}
