import GatherRPC
import Testing

/// plan.schedule, plan.reschedule, plan.schedules and plan.unschedule: the weekly game set up, changed, listed and
/// deleted over
/// JSON-RPC, with its bad input refused naming the param and changing nothing. The fixture's wall clock starts on
/// Friday 2027-01-15 08:00 UTC.
@Suite(.timeLimit(.minutes(1))) struct ScheduleMethodTests {
  let fixture: MethodFixture

  init() async throws { fixture = try await MethodFixture() }

  /// Thursdays at 19:00 (+01:00), ten players, opening six days before, regulars a day first.
  static let thursdays: JSONObject = [
    "weekday": "thursday", "time": "19:00", "utcOffset": "+01:00", "capacity": 10, "place": "Astro 2",
    "opensBefore": 518_400, "regularsFirst": 86400, "regularsPlayed": 3, "regularsOfLast": 5,
  ]

  @Test func aScheduleSaysWhenItsNextWeekOpensAndIsListed() async throws {
    let schedule = try await fixture.result("plan.schedule", Self.thursdays)
    #expect(schedule["weekday"] == "thursday" && schedule["time"] == "19:00" && schedule["utcOffset"] == "+01:00")
    #expect(schedule["zone"] == .null && schedule["capacity"] == 10 && schedule["opensBefore"] == 518_400)
    #expect(schedule["regularsFirst"]?["headStart"] == 86400 && schedule["regularsFirst"]?["played"] == 3)
    #expect(
      schedule["regularsFirst"]?["rule"] == "Players marked regular, or who played 3 of the last 5 gathers")
    #expect(schedule["reminders"] == .null && schedule["lastStart"] == .null)
    // Six days before Thursday the 21st at 19:00 (+01:00) is this evening: the first plan is the 21st's.
    #expect(schedule["next"]?["startsAtLocal"] == "2027-01-21T19:00:00+01:00")
    #expect(schedule["next"]?["opensAt"] == "2027-01-15T18:00:00.000Z")
    #expect(schedule["next"]?["opensToAllAt"] == "2027-01-16T18:00:00.000Z")
    #expect(try await fixture.result("plan.schedules") == .object(["schedules": [schedule]]))
  }

  @Test func aScheduleSetUpOnTheDayOfTheGameStartsWithTodaysWhenAsked() async throws {
    // Fridays at 19:00 UTC: today's opened a week ago, before the schedule existed.
    var fridays = Self.thursdays
    (fridays["weekday"], fridays["utcOffset"]) = ("friday", "Z")
    fridays["force"] = true
    _ = try await fixture.result("plan.schedule", fridays)
    #expect(try await fixture.result("plans.list")["plans"] == [], "by default the first week is next week's")
    fridays["firstWeek"] = "this"
    let schedule = try await fixture.result("plan.schedule", fridays)
    let plans = try #require(try await fixture.result("plans.list")["plans"]?.arrayValue)
    #expect(plans.map { $0["startsAt"] } == ["2027-01-15T19:00:00.000Z"] && plans.first?["schedule"] == schedule["id"])
    #expect(schedule["next"]?["startsAt"] == "2027-01-22T19:00:00.000Z", "and then the next week's")
    #expect(schedule["lastStart"] == "2027-01-15T19:00:00.000Z")
    fridays["firstWeek"] = "now"
    #expect(try await fixture.error("plan.schedule", fridays) == .invalidParams("firstWeek"))
  }

  @Test func aGameMadeByHandFromAScheduleTakesItsDetailsAndIsThatWeeksGame() async throws {
    var thursdays = Self.thursdays
    (thursdays["note"], thursdays["cost"]) = ("Bibs in the bag", .object(["amount": 6000, "currency": "GBP"]))
    let schedule = try await fixture.result("plan.schedule", thursdays)
    let id = try #require(schedule["id"])
    let made = try await fixture.result("plan.create", ["startsAt": "2027-01-21T19:00+01:00", "schedule": id])
    #expect(made["place"] == "Astro 2" && made["note"] == "Bibs in the bag" && made["capacity"] == 10)
    #expect(made["fee"] == schedule["fee"] && made["schedule"] == id, "its cost and its schedule")
    #expect(made["regularsFirst"]?["opensToAllAt"] == schedule["next"]?["opensToAllAt"], "regulars first, as each week")
    // The schedule's opening this evening finds that week's game already made.
    await fixture.advance(by: .seconds(11 * 3600))
    let plans = try #require(try await fixture.result("plans.list")["plans"]?.arrayValue)
    #expect(plans.map { $0["id"] } == [made["id"]], "no second plan for the same game")
    let another = try await fixture.result(
      "plan.create",
      ["startsAt": "2027-01-19T20:00Z", "schedule": id, "capacity": 14, "place": "Park", "note": .null])
    #expect(another["place"] == "Park" && another["note"] == .null && another["capacity"] == 14)
    #expect(
      try await fixture.error("plan.create", ["startsAt": "2027-01-19T21:00Z", "schedule": 99])
        == .notFound("schedule_not_found"))
    #expect(try await fixture.error("plan.create", ["startsAt": "2027-01-19T21:00Z"]) == .invalidParams("capacity"))
    #expect(
      try await fixture.error("plan.create", ["startsAt": "2027-01-19T21:00Z", "schedule": "x"])
        == .invalidParams("schedule"))
  }

  @Test func aChangeKeepsWhatItDoesNotNameAndUnscheduleDeletes() async throws {
    let id = try #require(try await fixture.result("plan.schedule", Self.thursdays)["id"])
    let changed = try await fixture.result(
      "plan.reschedule",
      ["schedule": id, "weekday": "fri", "capacity": 12, "regularsFirst": .null, "reminders": [7200, 86400]])
    #expect(changed["weekday"] == "friday" && changed["time"] == "19:00" && changed["capacity"] == 12)
    #expect(
      changed["regularsFirst"] == .null && changed["reminders"] == [86400, 7200] && changed["place"] == "Astro 2")
    #expect(try await fixture.result("plan.unschedule", ["schedule": id]) == .object(["unscheduled": id]))
    #expect(try await fixture.result("plan.schedules") == .object(["schedules": []]))
    #expect(try await fixture.error("plan.unschedule", ["schedule": id]) == .notFound("schedule_not_found"))
  }

  @Test func aBadScheduleIsRefusedNamingTheParamAndChangesNothing() async throws {
    let id = try #require(try await fixture.result("plan.schedule", Self.thursdays)["id"])
    let before = try await fixture.result("plan.schedules")
    let seq = try await fixture.seq()
    let with = { (changes: JSONObject) in
      var params = Self.thursdays
      for (key, value) in changes.members { params[key] = value }
      return params
    }
    let refusals: [(JSONObject, String)] = [
      (with(["time": "25:00"]), "time"), (with(["time": "19:60"]), "time"), (with(["time": "7pm"]), "time"),
      (with(["weekday": "someday"]), "weekday"), (with(["capacity": 41]), "capacity"),
      (with(["capacity": 1]), "capacity"), (with(["opensBefore": 0]), "opensBefore"),
      (with(["opensBefore": 3600, "regularsFirst": 3600]), "regularsFirst"),
      (with(["regularsPlayed": 6]), "regularsPlayed"), (with(["utcOffset": "+25:00"]), "utcOffset"),
      (with(["utcOffset": "+15:00"]), "utcOffset"), (with(["reminders": [10]]), "reminders"),
      (with(["place": "a\u{1B}b"]), "place"), (with(["opening": 3600]), "opening"),
      (["time": "19:00", "capacity": 10, "opensBefore": 3600], "weekday"),
      (["weekday": "thu", "capacity": 10, "opensBefore": 3600], "time"),
      (["weekday": "thu", "time": "19:00", "opensBefore": 3600], "capacity"),
      (["weekday": "thu", "time": "19:00", "capacity": 10], "opensBefore"),
      (["weekday": "thu", "time": "19:75", "capacity": 10, "opensBefore": 3600], "time"),
      (["weekday": "thu", "time": "19:00", "capacity": 10, "opensBefore": 10], "opensBefore"),
      (["weekday": "thu", "time": "19:00", "utcOffset": "+99:00", "capacity": 10, "opensBefore": 3600], "utcOffset"),
    ]
    for (params, field) in refusals {
      #expect(try await fixture.error("plan.schedule", params) == .invalidParams(field), "\(params)")
    }
    let changes: [(JSONObject, String)] = [
      (["schedule": id], "weekday"), (["schedule": id, "time": "24:00"], "time"),
      (["schedule": id, "opensBefore": 60], "regularsFirst"), (["capacity": 8], "schedule"),
      (["schedule": id, "regularsPlayed": 2], "regularsFirst"),
    ]
    for (params, field) in changes {
      #expect(try await fixture.error("plan.reschedule", params) == .invalidParams(field), "\(params)")
    }
    #expect(
      try await fixture.error("plan.reschedule", ["schedule": 99, "capacity": 8]) == .notFound("schedule_not_found"))
    #expect(try await fixture.result("plan.schedules") == before)
    #expect(try await fixture.seq() == seq)
  }

  @Test func onlyControllersSetUpTheWeeklyGame() async throws {
    for peer in [MethodFixture.Peer.statusSocket, .localUser, .web] {
      let connection = try await fixture.connect(peer)
      #expect(try await fixture.error("plan.schedule", Self.thursdays, as: connection).code == -32003)
      #expect(try await fixture.result("plan.schedules", as: connection) == .object(["schedules": []]))
    }
  }
}
