import GatherRPC
import Testing

/// Every date param takes real dates only: an impossible day, a leap second or a year outside 2000–2999 is
/// -32602 naming the param and saying what is wrong, and changes nothing.
@Suite(.timeLimit(.minutes(1))) struct DateParamsMethodTests {
  let fixture: MethodFixture

  init() async throws {
    fixture = try await MethodFixture()
  }

  /// The starts people could write that name no real time gatherd takes, and why not.
  static let impossibleStarts: [(String, String)] = [
    ("2031-02-29T19:00+01:00", "2031 is not a leap year: February has 28 days."),
    ("2031-04-31T19:00+01:00", "There is no 31 April."),
    ("2031-02-31T19:00+01:00", "There is no 31 February."),
    ("2031-06-30T23:59:60+01:00", "Seconds go up to 59."),
    ("9999-12-31T23:59-12:00", "Years go from 2000 to 2999."),
    ("2999-12-31T23:59-12:00", "That is 3000-01-01T11:59:00.000Z in UTC, and years go from 2000 to 2999 in UTC too."),
  ]

  /// The whole error of a request that must fail.
  func errorObject(_ method: String, _ params: JSONObject) async throws -> JSONValue {
    let reply = await fixture.call(method, params)
    return try #require(reply["error"], "\(method) succeeded: \(reply)")
  }

  @Test func planCreateRefusesAnImpossibleStartAndMakesNothing() async throws {
    let seq = try await fixture.seq()
    for (start, why) in Self.impossibleStarts {
      let error = try await errorObject("plan.create", ["startsAt": .string(start), "capacity": 10])
      #expect(Refusal(error) == .invalidParams("startsAt"), "\(start)")
      #expect(error["message"] == .string("Parameter \"startsAt\": \(why)"), "\(start)")
    }
    #expect(try await fixture.result("plans.list") == .object(["plans": []]))
    #expect(try await fixture.seq() == seq, "nothing was published")
  }

  @Test func planUpdateRefusesAnImpossibleStartAndKeepsThePlan() async throws {
    let plan = try await fixture.result("plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": 10])
    let seq = try await fixture.seq()
    for (start, why) in Self.impossibleStarts {
      let error = try await errorObject("plan.update", ["plan": plan["id"]!, "startsAt": .string(start)])
      #expect(Refusal(error) == .invalidParams("startsAt"), "\(start)")
      #expect(error["message"] == .string("Parameter \"startsAt\": \(why)"), "\(start)")
    }
    #expect(try await fixture.result("plan.get", ["plan": plan["id"]!]) == plan)
    #expect(try await fixture.seq() == seq, "nothing was published")
  }

  @Test func aStartWrittenBadlyStillSaysHowToWriteIt() async throws {
    let error = try await errorObject("plan.create", ["startsAt": "2031-03-01T19:00", "capacity": 10])
    #expect(Refusal(error) == .invalidParams("startsAt"))
    #expect(error["message"]?.stringValue?.contains("with a time zone, such as 2026-12-03T19:00+01:00") == true)
  }

  @Test func statsSinceAndUntilRefuseImpossibleDatesNamingTheParam() async throws {
    let refusals: [(JSONObject, String, String)] = [
      (["since": "2027-02-29"], "since", "2027 is not a leap year: February has 28 days."),
      (["until": "2027-04-31T00:00Z"], "until", "There is no 31 April."),
      (["since": "2027-01-01T23:59:60Z"], "since", "Seconds go up to 59."),
      (["since": "1999-12-31"], "since", "Years go from 2000 to 2999."),
      (["until": "3000-01-01"], "until", "Years go from 2000 to 2999."),
    ]
    for (params, field, why) in refusals {
      let error = try await errorObject("stats.players", params)
      #expect(Refusal(error) == .invalidParams(field), "\(params)")
      #expect(error["message"] == .string("Parameter \"\(field)\": \(why)"), "\(params)")
    }
    #expect(
      try await fixture.result("stats.players", ["since": "2000-01-01", "until": "2999-12-31T23:59:59.999Z"])
        == .object(["order": "rating", "players": []]))
  }
}
