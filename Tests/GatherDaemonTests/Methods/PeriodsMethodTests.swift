import GatherRPC
import Testing

/// timer.format, timer.addTime and timer.endPeriod: halves, the break between them and added time, as the
/// match day's client uses them.
@Suite(.timeLimit(.minutes(1))) struct PeriodsMethodTests {
  let fixture: MethodFixture

  init() async throws {
    fixture = try await MethodFixture()
    let ids = try await fixture.addPlayers("Ana", "Bruno")
    _ = try await fixture.result("gather.start", ["teamA": [.int(ids[0])], "teamB": [.int(ids[1])]])
  }

  /// Two halves of `length` seconds with a break of `breakLength`.
  func twoHalves(of length: Int64, breakLength: Int64) async throws -> JSONValue {
    try await fixture.result(
      "timer.format", ["periods": 2, "periodLength": .int(length), "breakLength": .int(breakLength)])
  }

  @Test func aFormatSetsHalvesAndTheBreakAndIsPublished() async throws {
    let watcher = try await fixture.watch(["timer"])
    let timer = try await twoHalves(of: 2700, breakLength: 900)
    #expect(timer["periods"] == 2 && timer["duration"] == 2700 && timer["breakLength"] == 900)
    #expect(timer["periodName"] == "1st half" && timer["display"] == "45:00" && timer["state"] == "stopped")
    #expect(await watcher.nextChange() == "timer:format")
    let quarters = try await fixture.result("timer.format", ["periods": 4])
    #expect(quarters["periodName"] == "1st quarter" && quarters["duration"] == 2700, "the length stays")
  }

  @Test func aBadFormatNamesItsParamAndChangesNothing() async throws {
    let refusals: [(JSONObject, String)] = [
      ([:], "periods"), (["periods": 0], "periods"), (["periods": 5], "periods"), (["periodLength": 0], "periodLength"),
      (["periodLength": 6000], "periodLength"), (["breakLength": 1801], "breakLength"),
      (["breakLength": -1], "breakLength"),
      (["periods": 2, "halves": 2], "halves"),
    ]
    for (params, field) in refusals {
      #expect(try await fixture.error("timer.format", params) == .invalidParams(field), "\(params)")
    }
    let timer = try await fixture.result("timer.status")
    #expect(timer["periods"] == 1 && timer["duration"] == 600 && timer["breakLength"] == 0)
  }

  @Test func theFormatIsFixedAtKickOffUntilReset() async throws {
    _ = try await fixture.result("timer.start")
    #expect(try await fixture.error("timer.format", ["periods": 2]) == .wrongState("invalid_transition"))
    #expect(try await fixture.result("timer.status")["periods"] == 1)
    _ = try await fixture.result("timer.reset")
    #expect(try await fixture.result("timer.format", ["periods": 2])["periods"] == 2)
  }

  @Test func addedTimeShowsBesideTheRegularTime() async throws {
    #expect(try await fixture.error("timer.addTime", ["seconds": 60]) == .wrongState("invalid_transition"))
    _ = try await fixture.result("timer.start")
    let watcher = try await fixture.watch(["timer"])
    let timer = try await fixture.result("timer.addTime", ["seconds": 90])
    #expect(timer["addedSeconds"] == 90 && timer["added"] == "+1:30" && timer["remaining"] == 690)
    #expect(timer["display"] == "10:00", "the display keeps the regular time")
    #expect(timer["endsAt"] == "2027-01-15T08:11:30.000Z")
    #expect(await watcher.nextChange() == "timer:addedTime")
  }

  @Test func addedTimeOutOfRangeNamesSeconds() async throws {
    _ = try await fixture.result("timer.start")
    for seconds: Int64 in [0, -5, 901] {
      #expect(try await fixture.error("timer.addTime", ["seconds": .int(seconds)]) == .invalidParams("seconds"))
    }
    #expect(try await fixture.error("timer.addTime") == .invalidParams("seconds"))
    #expect(try await fixture.result("timer.status")["addedSeconds"] == 0)
  }

  @Test func endingAHalfEarlyGoesToTheBreak() async throws {
    _ = try await twoHalves(of: 1500, breakLength: 600)
    _ = try await fixture.result("timer.start")
    let watcher = try await fixture.watch(["timer", "tick"])
    let timer = try await fixture.result("timer.endPeriod")
    #expect(timer["state"] == "break" && timer["period"] == 1 && timer["display"] == "10:00")
    let tick = try #require(await watcher.nextEvent())
    #expect(tick["params"]?["display"] == "00:00" && tick["params"]?["state"] == "break")
    let ended = try #require(await watcher.nextEvent())
    #expect(ended["params"]?["change"] == "periodEnded" && ended["params"]?["period"] == 1)
  }

  @Test func theBreakRunsOutAndTheSecondHalfWaitsForStart() async throws {
    _ = try await twoHalves(of: 60, breakLength: 1)
    _ = try await fixture.result("timer.start")
    let watcher = try await fixture.watch(["timer"])
    _ = try await fixture.result("timer.endPeriod")
    #expect(await watcher.nextChange() == "timer:periodEnded")
    await fixture.advance(by: .milliseconds(1001))
    let breakEnded = try #require(await watcher.nextEvent())
    #expect(breakEnded["params"]?["change"] == "breakEnded" && breakEnded["params"]?["period"] == 2)
    let waiting = try await fixture.result("timer.status")
    #expect(waiting["state"] == "stopped" && waiting["period"] == 2 && waiting["periodName"] == "2nd half")
    #expect(try await fixture.result("timer.start")["state"] == "running")
  }

  @Test func endingTheLastPeriodFinishesTheMatch() async throws {
    _ = try await fixture.result("timer.start")
    await fixture.advance(by: .seconds(61))
    let timer = try await fixture.result("timer.endPeriod")
    #expect(timer["state"] == "finished" && timer["remaining"] == 0)
    let goal = try await fixture.result("score.goal", ["team": "teamA"])
    #expect(goal["goal"]?["minute"] == "10'", "a goal noted after the whistle is in the period's last minute")
  }

  @Test func endPeriodIsRefusedWhenNoPeriodIsUnderWay() async throws {
    _ = try await twoHalves(of: 60, breakLength: 300)
    #expect(try await fixture.error("timer.endPeriod") == .wrongState("invalid_transition"), "before kick-off")
    _ = try await fixture.result("timer.start")
    _ = try await fixture.result("timer.endPeriod")
    let seq = try await fixture.seq()
    #expect(try await fixture.error("timer.endPeriod") == .wrongState("invalid_transition"), "in the break")
    #expect(try await fixture.result("timer.status")["state"] == "break")
    #expect(try await fixture.seq() == seq)
  }

  @Test func aPausedMatchKeepsItsFormatAndRefusesAddedTimeOutOfRange() async throws {
    _ = try await fixture.result("timer.start")
    let paused = try await fixture.result("timer.pause")
    let seq = try await fixture.seq()
    #expect(try await fixture.error("timer.format", ["periods": 2]) == .wrongState("invalid_transition"))
    for seconds: Int64 in [0, 901] {
      #expect(try await fixture.error("timer.addTime", ["seconds": .int(seconds)]) == .invalidParams("seconds"))
    }
    #expect(try await fixture.result("timer.status") == paused)
    #expect(try await fixture.seq() == seq, "refusals publish nothing")
  }

  @Test func endPeriodIsRefusedBeforeTheSecondHalfKicksOffAndAtFullTime() async throws {
    _ = try await fixture.result("timer.format", ["periods": 2, "periodLength": 600])
    _ = try await fixture.result("timer.start")
    _ = try await fixture.result("timer.addTime", ["seconds": 60])
    let waiting = try await fixture.result("timer.endPeriod")
    #expect(waiting["state"] == "stopped" && waiting["period"] == 2 && waiting["display"] == "10:00", "no break")
    var seq = try await fixture.seq()
    #expect(try await fixture.error("timer.endPeriod") == .wrongState("invalid_transition"), "before kick-off")
    #expect(try await fixture.result("timer.status") == waiting)
    #expect(try await fixture.seq() == seq, "a refusal publishes nothing")
    _ = try await fixture.result("timer.start")
    _ = try await fixture.result("timer.pause")
    let fullTime = try await fixture.result("timer.endPeriod")
    #expect(fullTime["state"] == "finished" && fullTime["display"] == "00:00", "paused in the last period")
    seq = try await fixture.seq()
    #expect(try await fixture.error("timer.endPeriod") == .wrongState("invalid_transition"), "at full time")
    #expect(try await fixture.result("timer.status") == fullTime)
    #expect(try await fixture.seq() == seq, "a refusal publishes nothing")
  }

  @Test func onlyControllersChangeTheFormat() async throws {
    let reader = try await fixture.connect(.web)
    #expect(try await fixture.error("timer.format", ["periods": 2], as: reader) == .forbidden)
    #expect(try await fixture.error("timer.addTime", ["seconds": 60], as: reader) == .forbidden)
    #expect(try await fixture.result("timer.status", as: reader)["periods"] == 1)
  }
}
