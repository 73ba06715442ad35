import GatherRPC
import Testing

/// fees.*: who paid for the pitch. A plan's or a gather's cost, split among those who played when the gather
/// ends; payments the organiser marks; balances added up from a ledger only ever added to.
@Suite(.timeLimit(.minutes(1))) struct FeesMethodTests {
  let fixture: MethodFixture
  /// Ana, Bruno, Carla, Dani and Eli.
  let ids: [JSONValue]

  init() async throws {
    fixture = try await MethodFixture()
    ids = try await fixture.addPlayers("Ana", "Bruno", "Carla", "Dani", "Eli").map { .int($0) }
  }

  /// Ana and Bruno against Carla, Eli on the bench, costing `cost` minor units of euros; returns the ended gather.
  func playedGather(cost: Int64) async throws -> JSONValue {
    let started = try await fixture.result(
      "gather.start", ["teamA": [ids[0], ids[1]], "teamB": [ids[2]], "bench": [ids[4]]])
    let id = try #require(started["id"])
    let current = try await fixture.result(
      "fees.setCost", ["gather": id, "cost": .object(["amount": .int(cost), "currency": "EUR"])])
    #expect(current["fee"] == .object(["cost": money(cost), "guests": "themselves", "paidBy": .null]))
    return try #require(try await fixture.result("gather.end")["id"])
  }

  func money(_ amount: Int64, _ text: String? = nil) -> JSONValue {
    let shown = text ?? "€\(amount / 100).\(amount % 100 < 10 ? "0" : "")\(amount % 100)"
    return .object(["amount": .int(amount), "currency": "EUR", "exponent": 2, "text": .string(shown)])
  }

  func owed() async throws -> [String] {
    try #require(try await fixture.result("fees.balance")["balances"]?.arrayValue).map {
      "\($0["player"]?["name"]?.stringValue ?? "") \($0["owed"]?["text"]?.stringValue ?? "")"
    }
  }

  @Test func aGathersCostIsSplitAmongThoseWhoPlayedAndAddsUpToTheCent() async throws {
    let gather = try await playedGather(cost: 1000)
    #expect(try await owed() == ["Ana €3.34", "Bruno €3.33", "Carla €3.33"], "the bench pays nothing")
    let ledger = try #require(try await fixture.result("fees.ledger", ["gather": gather])["entries"]?.arrayValue)
    #expect(ledger.map { $0["kind"] } == ["charge", "charge", "charge"])
    #expect(ledger.compactMap { $0["amount"]?["amount"]?.intValue }.reduce(0, +) == 1000)
  }

  @Test func aCostForgottenDuringTheMatchIsChargedWhenSetAfterItEnded() async throws {
    _ = try await fixture.result("gather.start", ["teamA": [ids[0], ids[1]], "teamB": [ids[2]], "bench": [ids[4]]])
    let gather = try #require(try await fixture.result("gather.end")["id"])
    #expect(try await owed() == [], "no cost, no charge")
    let set = try await fixture.result(
      "fees.setCost", ["gather": gather, "cost": .object(["amount": 1000, "currency": "EUR"])])
    #expect(
      set["gather"] == gather && set["charged"]?.arrayValue?.map { $0["kind"] } == ["charge", "charge", "charge"])
    #expect(try await owed() == ["Ana €3.34", "Bruno €3.33", "Carla €3.33"], "as if set during the match")
    let again = try await fixture.error(
      "fees.setCost", ["gather": gather, "cost": .object(["amount": 2000, "currency": "EUR"])])
    #expect(again == .invalidParams("gather"), "charged once: a balance is put right with a correction")
    #expect(try await owed() == ["Ana €3.34", "Bruno €3.33", "Carla €3.33"])
  }

  @Test func aPlansCostChargesAGuestsShareToWhoeverBroughtThem() async throws {
    let plan = try await fixture.result("plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": 4])
    let planID = try #require(plan["id"])
    let fee = try await fixture.result(
      "fees.setCost", ["plan": planID, "cost": .object(["amount": 4001, "currency": "eur"]), "guests": "host"])
    #expect(fee["fee"] == .object(["cost": money(4001), "guests": "host", "paidBy": .null]))
    for id in ids[0..<3] { _ = try await fixture.result("plan.join", ["plan": planID, "player": id]) }
    let signUp = try await fixture.webClient(presenting: try await fixture.signUpCode(of: plan))
    let guest = try await fixture.result(
      "plan.join", ["plan": planID, "guest": "Zé", "broughtBy": ids[0]], as: signUp)
    #expect(guest["plan"]?["going"]?.arrayValue?.last?["broughtBy"] == .object(["id": ids[0], "name": "Ana"]))
    _ = try await fixture.result("gather.start", ["plan": planID, "force": true])
    _ = try await fixture.result("gather.end")
    // 40.01 among four: Ana pays her 10.01 and Zé's 10.00.
    #expect(try await owed() == ["Ana €20.01", "Bruno €10.00", "Carla €10.00"])
    let ana = try #require(try await fixture.result("fees.ledger", ["player": ids[0]])["entries"]?.arrayValue)
    #expect(ana.map { $0["for"]?["name"] ?? .null } == [.null, "Zé"])
  }

  @Test func theOrganiserMarksPaymentsAndEachIsInTheLedger() async throws {
    _ = try await playedGather(cost: 1000)
    let paid = try await fixture.result("fees.pay", ["player": ids[0], "amount": 300, "note": "Cash at the pitch"])
    #expect(paid["entry"]?["kind"] == "payment" && paid["entry"]?["amount"] == money(-300, "-€3.00"))
    #expect(paid["entry"]?["note"] == "Cash at the pitch")
    #expect(paid["balance"]?["owed"] == money(34) && paid["balance"]?["paid"] == money(300))
    _ = try await fixture.result("fees.pay", ["player": ids[1], "amount": 500, "currency": "EUR"])
    let corrected = try await fixture.result(
      "fees.correct", ["player": ids[2], "amount": -333, "currency": "EUR", "note": "Brought the bibs"])
    #expect(corrected["balance"]?["owed"] == money(0))
    #expect(try await owed() == ["Ana €0.34", "Bruno -€1.67", "Carla €0.00"])
    let ledger = try #require(try await fixture.result("fees.ledger")["entries"]?.arrayValue)
    #expect(ledger.map { $0["kind"] } == ["charge", "charge", "charge", "payment", "payment", "correction"])
    #expect(ledger.map { $0["id"] } == [1, 2, 3, 4, 5, 6])
  }

  @Test func badCostsAndPaymentsNameTheParamAndChangeNothing() async throws {
    let plan = try await fixture.result("plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": 4])
    let planID = try #require(plan["id"])
    _ = try await playedGather(cost: 1000)
    let seq = try await fixture.seq()
    let ledger = try await fixture.result("fees.ledger")
    let costs: [(JSONObject, Refusal)] = [
      (["plan": planID, "cost": .object(["amount": -6000, "currency": "EUR"])], .invalidParams("cost.amount")),
      (["plan": planID, "cost": .object(["amount": 0, "currency": "EUR"])], .invalidParams("cost.amount")),
      (["plan": planID, "cost": .object(["amount": 100_000_001, "currency": "EUR"])], .invalidParams("cost.amount")),
      (
        ["plan": planID, "cost": .object(["amount": .double(60.5), "currency": "EUR"])], .invalidParams("cost.amount")
      ),
      (["plan": planID, "cost": .object(["amount": "60", "currency": "EUR"])], .invalidParams("cost.amount")),
      (["plan": planID, "cost": .object(["amount": 6000, "currency": "EURO"])], .invalidParams("cost.currency")),
      (["plan": planID, "cost": .object(["amount": 6000])], .invalidParams("cost.currency")),
      (["plan": planID, "cost": .object(["amount": 6000, "currency": "EUR", "tip": 5])], .invalidParams("cost.tip")),
      (["plan": planID, "cost": 6000], .invalidParams("cost")),
      (["plan": planID], .invalidParams("cost")),
      (
        ["plan": planID, "cost": .object(["amount": 6000, "currency": "EUR"]), "guests": "nobody"],
        .invalidParams("guests")
      ),
      (["cost": .object(["amount": 6000, "currency": "EUR"])], .invalidParams("plan")),
      (["plan": 99, "cost": .object(["amount": 6000, "currency": "EUR"])], .notFound("plan_not_found")),
      // Gather 1 ended and was charged: its lines stay as they are.
      (["gather": 1, "cost": .object(["amount": 6000, "currency": "EUR"])], .invalidParams("gather")),
      (["gather": 99, "cost": .object(["amount": 6000, "currency": "EUR"])], .notFound("gather_not_found")),
      (["gather": 1, "cost": .null], .wrongState("no_active_gather")),
    ]
    for (params, refusal) in costs {
      #expect(try await fixture.error("fees.setCost", params) == refusal, "\(params)")
    }
    let payments: [(JSONObject, Refusal)] = [
      (["player": ids[3], "amount": 500], .invalidParams("player")),  // never charged
      (["player": ids[4], "amount": 500], .invalidParams("player")),  // on the bench: not charged
      (["player": ids[0], "amount": -500], .invalidParams("amount")),
      (["player": ids[0], "amount": 0], .invalidParams("amount")),
      (["player": ids[0], "amount": 100_000_001], .invalidParams("amount")),
      (["player": ids[0], "amount": .double(5.5)], .invalidParams("amount")),
      (["player": ids[0], "amount": 500, "currency": "GBP"], .invalidParams("currency")),
      (["player": ids[0], "amount": 500, "currency": "XYZ"], .invalidParams("currency")),
      (["player": 99, "amount": 500], .invalidParams("player")),
    ]
    for (params, refusal) in payments {
      #expect(try await fixture.error("fees.pay", params) == refusal, "\(params)")
    }
    #expect(
      try await fixture.error("fees.correct", ["player": ids[0], "amount": 100, "currency": "EUR"])
        == .invalidParams("note"))
    #expect(try await fixture.result("plan.get", ["plan": planID])["fee"] == .null)
    #expect(try await fixture.result("fees.ledger") == ledger, "the ledger is as it was")
    #expect(try await fixture.seq() == seq, "no event")
  }

  @Test func aPlayerSeesTheirOwnFeesThroughTheirLinkAndNothingMore() async throws {
    _ = try await playedGather(cost: 1000)
    let plan = try await fixture.result("plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": 4])
    let signUp = try await fixture.webClient(presenting: try await fixture.signUpCode(of: plan))
    let mine = try await fixture.result("fees.balance", ["player": ids[1]], as: signUp)
    #expect(mine["balances"]?.arrayValue?.map { $0["owed"]?["text"] } == ["€3.33"])
    #expect(try await fixture.result("fees.balance", ["player": ids[3]], as: signUp)["balances"] == [])
    #expect(try await fixture.error("fees.balance", [:], as: signUp) == .forbidden(field: "player"))
    #expect(try await fixture.error("fees.pay", ["player": ids[1], "amount": 333], as: signUp) == .forbidden)
    #expect(try await fixture.error("fees.ledger", ["player": ids[1]], as: signUp) == .forbidden, "notes stay private")
    let watcher = try await fixture.connect(.web)
    #expect(try await fixture.error("fees.balance", ["player": ids[1]], as: watcher) == .forbidden)
    #expect(try await fixture.error("fees.ledger", [:], as: watcher) == .forbidden)
    _ = try await fixture.result("plan.cancel", ["plan": try #require(plan["id"])])
    #expect(
      try await fixture.error("fees.balance", ["player": ids[1]], as: signUp) == .forbidden("invalid_token"),
      "a link that no longer works shows nothing")
  }

  @Test func whoPaidThePitchIsOwedItByTheOthers() async throws {
    let started = try await fixture.result("gather.start", ["teamA": [ids[0], ids[1]], "teamB": [ids[2], ids[3]]])
    let cost: JSONValue = .object(["amount": 6000, "currency": "EUR"])
    let set = try await fixture.result(
      "fees.setCost", ["gather": started["id"] ?? .null, "cost": cost, "paidBy": ids[0]])
    #expect(set["fee"]?["paidBy"] == .object(["id": ids[0], "name": "Ana"]))
    _ = try await fixture.result("gather.end")
    #expect(try await owed() == ["Ana -€45.00", "Bruno €15.00", "Carla €15.00", "Dani €15.00"])
    let seq = try await fixture.seq()
    _ = try await fixture.result("gather.start", ["teamA": [ids[0]], "teamB": [ids[1]]])
    let playing = try #require(try await fixture.result("gather.current")["id"])
    #expect(
      try await fixture.error("fees.setCost", ["gather": playing, "cost": cost, "paidBy": 99])
        == .invalidParams("paidBy"))
    #expect(try await fixture.error("fees.setCost", ["gather": playing, "paidBy": ids[0]]) == .invalidParams("cost"))
    #expect(try await fixture.result("gather.current")["fee"] == .null, "a refused cost changes nothing")
    #expect(try await fixture.seq() == seq + 1, "only the start published anything")
  }

  @Test func aWeeklyGamesCostIsEachWeeksPlansAndHowToPayIsToldBesideWhatIsOwed() async throws {
    let schedule = try await fixture.result(
      "plan.schedule",
      [
        "weekday": "friday", "time": "19:00", "utcOffset": "Z", "capacity": 10, "opensBefore": 518_400,
        "firstWeek": "this", "cost": .object(["amount": 5000, "currency": "EUR"]), "guests": "host", "paidBy": ids[4],
      ])
    #expect(schedule["fee"]?["cost"]?["amount"] == 5000 && schedule["fee"]?["paidBy"]?["name"] == "Eli")
    let plan = try #require(try await fixture.result("plans.list")["plans"]?.arrayValue?.first)
    #expect(plan["fee"] == schedule["fee"], "the week's plan costs what the schedule says")
    let changed = try await fixture.result("plan.reschedule", ["schedule": schedule["id"] ?? .null, "cost": .null])
    #expect(changed["fee"] == .null)
    #expect(try await fixture.result("plan.get", ["plan": plan["id"] ?? .null])["fee"] == schedule["fee"])
    #expect(try await fixture.result("fees.balance")["howToPay"] == .null)
    let told = try await fixture.result("fees.setHowToPay", ["note": "Cash to Eli at the pitch"])
    #expect(told == .object(["howToPay": "Cash to Eli at the pitch"]))
    let signUp = try await fixture.webClient(presenting: try await fixture.signUpCode(of: plan))
    let mine = try await fixture.result("fees.balance", ["player": ids[0]], as: signUp)
    #expect(mine["howToPay"] == "Cash to Eli at the pitch", "each player sees it beside what they owe")
    #expect(try await fixture.error("fees.setHowToPay", ["note": "Pay\u{1B}[2J"]) == .invalidParams("note"))
    #expect(try await fixture.error("fees.setHowToPay", [:]) == .invalidParams("note"))
    #expect(try await fixture.error("fees.setHowToPay", ["note": "x"], as: signUp) == .forbidden)
    _ = try await fixture.result("fees.setHowToPay", ["note": .null])
    #expect(try await fixture.result("fees.balance")["howToPay"] == .null)
  }
}
