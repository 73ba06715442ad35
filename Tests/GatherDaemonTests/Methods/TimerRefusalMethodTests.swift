import GatherRPC
import Testing

/// The match clock's commands refused: out of turn for the state the clock is in, with a length it cannot take,
/// with params they do not take, or once the gather is over. A refused command leaves the clock as it was and
/// publishes nothing.
@Suite(.timeLimit(.minutes(1))) struct TimerRefusalMethodTests {
  let fixture: MethodFixture

  init() async throws {
    fixture = try await MethodFixture()
    let ids = try await fixture.addPlayers("Ana", "Bruno")
    _ = try await fixture.result("gather.start", ["teamA": [.int(ids[0])], "teamB": [.int(ids[1])]])
  }

  func status() async throws -> JSONValue { try await fixture.result("timer.status") }

  /// Sends each call and expects its refusal; then that the clock reads as before and nothing was published.
  func expectRefused(
    _ calls: [(String, JSONObject?, Refusal)], sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let (before, seq) = (try await status(), try await fixture.seq())
    for (method, params, refusal) in calls {
      let error = try await fixture.error(method, params, sourceLocation: sourceLocation)
      #expect(error == refusal, "\(method) \(params ?? [:])", sourceLocation: sourceLocation)
    }
    #expect(try await status() == before, "the clock is as it was", sourceLocation: sourceLocation)
    #expect(try await fixture.seq() == seq, "refusals publish nothing", sourceLocation: sourceLocation)
  }

  @Test func aPausedClockRefusesPauseAndStart() async throws {
    _ = try await fixture.result("timer.start")
    await fixture.advance(by: .seconds(2))
    #expect(try await fixture.result("timer.pause")["state"] == "paused")
    let outOfTurn = Refusal.wrongState("invalid_transition")
    try await expectRefused([("timer.pause", nil, outOfTurn), ("timer.start", nil, outOfTurn)])
  }

  @Test func aFinishedClockRefusesAllButResetAndSet() async throws {
    _ = try await fixture.result("timer.set", ["seconds": 1])
    let watcher = try await fixture.watch(["timer"])
    _ = try await fixture.result("timer.start")
    #expect(await watcher.nextChange() == "timer:started")
    await fixture.advance(by: .milliseconds(1001))
    #expect(await watcher.nextChange() == "timer:finished")
    let outOfTurn = Refusal.wrongState("invalid_transition")
    try await expectRefused(
      ["timer.start", "timer.pause", "timer.resume", "timer.toggle"].map { ($0, nil, outOfTurn) })
    let reset = try await fixture.result("timer.reset")
    #expect(reset["state"] == "stopped" && reset["remainingMs"] == 1000 && reset["display"] == "00:01")
    #expect(try await fixture.result("timer.set", ["seconds": 30])["duration"] == 30)
  }

  @Test func aLengthOutOfRangeOrNotAWholeNumberNamesItsParam() async throws {
    _ = try await fixture.result("timer.set", ["seconds": 300])
    let lengths: [(JSONObject, String)] = [
      (["seconds": -5], "seconds"), (["seconds": "60"], "seconds"), (["seconds": .double(1.5)], "seconds"),
      (["seconds": nil], "seconds"), (["minutes": 100, "seconds": 0], "minutes"),
      (["minutes": 0, "seconds": 0], "seconds"), (["minutes": "1", "seconds": 0], "minutes"),
    ]
    try await expectRefused(lengths.map { ("timer.set", $0.0, .invalidParams($0.1)) })
  }

  @Test func commandsWithoutParamsRefuseAnyAndLeaveTheClockAlone() async throws {
    let methods = ["timer.start", "timer.pause", "timer.resume", "timer.toggle", "timer.reset", "timer.status"]
    try await expectRefused(methods.map { ($0, ["now": true], .invalidParams("now")) })
    #expect(try await status()["state"] == "stopped")
  }

  @Test func onceTheGatherEndsItsClockIsGoneWithIt() async throws {
    _ = try await fixture.result("timer.start")
    _ = try await fixture.result("gather.end")
    let none = Refusal.wrongState("no_active_gather")
    for method in ["timer.status", "timer.pause", "timer.resume", "gather.end"] {
      #expect(try await fixture.error(method) == none, "\(method)")
    }
  }
}
