import GatherRPC
import Testing

/// timer.set, start, pause, resume, toggle, reset and status: the match clock as a client drives it, on the
/// test clock, with its ticks and its finish.
@Suite(.timeLimit(.minutes(1))) struct TimerMethodTests {
  let fixture: MethodFixture

  init() async throws {
    fixture = try await MethodFixture()
    let ids = try await fixture.addPlayers("Ana", "Bruno")
    _ = try await fixture.result("gather.start", ["teamA": [.int(ids[0])], "teamB": [.int(ids[1])]])
  }

  func status() async throws -> JSONValue { try await fixture.result("timer.status") }

  @Test func aNewGathersClockIsStoppedAtTenMinutes() async throws {
    let timer = try await status()
    #expect(timer["state"] == "stopped" && timer["duration"] == 600 && timer["remaining"] == 600)
    #expect(timer["remainingMs"] == 600_000 && timer["display"] == "10:00" && timer["endsAt"] == .null)
    #expect(timer["period"] == 1 && timer["periods"] == 1 && timer["addedSeconds"] == 0 && timer["added"] == .null)
  }

  @Test func setChangesTheLengthAndIsPublished() async throws {
    let watcher = try await fixture.watch(["timer"])
    let timer = try await fixture.result("timer.set", ["minutes": 7, "seconds": 30])
    #expect(timer["state"] == "stopped" && timer["duration"] == 450 && timer["display"] == "07:30")
    #expect(try await status() == timer)
    let event = try #require(await watcher.nextEvent())
    #expect(event["params"]?["change"] == "set" && event["params"]?["timer"] == timer)
    #expect(try await fixture.result("timer.set", ["seconds": 90])["display"] == "01:30")
  }

  @Test func aBadLengthNamesItsParamAndChangesNothing() async throws {
    let refusals: [(JSONObject, String)] = [
      ([:], "seconds"), (["seconds": 0], "seconds"), (["seconds": 6000], "seconds"),
      (["minutes": 1, "seconds": 60], "seconds"), (["minutes": 100], "minutes"), (["minutes": "ten"], "minutes"),
      (["seconds": 60, "hours": 1], "hours"),
    ]
    for (params, field) in refusals {
      #expect(try await fixture.error("timer.set", params) == .invalidParams(field), "\(params)")
    }
    #expect(try await status()["duration"] == 600)
  }

  @Test func startRunsTheClockToAFixedEndAndTicksEachSecond() async throws {
    let watcher = try await fixture.watch(["timer", "tick"])
    let started = try await fixture.result("timer.start")
    #expect(started["state"] == "running" && started["endsAt"] == "2027-01-15T08:10:00.000Z")
    #expect(await watcher.nextChange() == "timer:started")
    await fixture.advance(by: .milliseconds(1001))
    let tick = try #require(await watcher.nextEvent())
    #expect(tick["method"] == "tick" && tick["params"]?["display"] == "09:59" && tick["params"]?["remaining"] == 599)
    #expect(tick["params"]?["endsAt"] == started["endsAt"], "the end stays put while the clock runs")
    let timer = try await status()
    #expect(timer["remainingMs"] == 598_999 && timer["endsAt"] == started["endsAt"])
  }

  @Test func aPausedClockStandsStillUntilResumed() async throws {
    _ = try await fixture.result("timer.start")
    await fixture.advance(by: .seconds(2))
    let paused = try await fixture.result("timer.pause")
    #expect(paused["state"] == "paused" && paused["remaining"] == 598 && paused["endsAt"] == .null)
    await fixture.advance(by: .seconds(30))
    #expect(try await status()["remainingMs"] == 598_000, "no time passed while paused")
    let resumed = try await fixture.result("timer.resume")
    #expect(resumed["state"] == "running" && resumed["remainingMs"] == 598_000)
    #expect(resumed["endsAt"] == "2027-01-15T08:10:30.000Z", "the end moved by the pause")
  }

  @Test func toggleStartsPausesAndResumes() async throws {
    let watcher = try await fixture.watch(["timer"])
    #expect(try await fixture.result("timer.toggle")["state"] == "running")
    #expect(try await fixture.result("timer.toggle")["state"] == "paused")
    #expect(try await fixture.result("timer.toggle")["state"] == "running")
    for change in ["started", "paused", "resumed"] { #expect(await watcher.nextChange() == "timer:\(change)") }
  }

  @Test func commandsOutOfTurnAreRefusedAndChangeNothing() async throws {
    #expect(try await fixture.error("timer.pause") == .wrongState("invalid_transition"))
    #expect(try await fixture.error("timer.resume") == .wrongState("invalid_transition"))
    _ = try await fixture.result("timer.start")
    let seq = try await fixture.seq()
    #expect(try await fixture.error("timer.start") == .wrongState("invalid_transition"))
    #expect(try await fixture.error("timer.set", ["minutes": 5]) == .wrongState("invalid_transition"))
    #expect(try await fixture.error("timer.resume") == .wrongState("invalid_transition"))
    let timer = try await status()
    #expect(timer["state"] == "running" && timer["duration"] == 600)
    #expect(try await fixture.seq() == seq, "refusals publish nothing")
  }

  @Test func theClockFinishesAtZeroAndOnlyResetRestartsIt() async throws {
    _ = try await fixture.result("timer.set", ["seconds": 2])
    let watcher = try await fixture.watch(["timer", "tick"])
    _ = try await fixture.result("timer.start")
    #expect(await watcher.nextChange() == "timer:started")
    await fixture.advance(by: .milliseconds(1001))
    #expect(await watcher.nextChange() == "tick:00:01")
    await fixture.advance(by: .milliseconds(1001))
    let last = try #require(await watcher.nextEvent())
    #expect(last["params"]?["display"] == "00:00" && last["params"]?["state"] == "finished")
    let finished = try #require(await watcher.nextEvent())
    #expect(finished["params"]?["change"] == "finished" && finished["params"]?["timer"]?["state"] == "finished")
    #expect(try await status()["state"] == "finished")
    #expect(try await fixture.error("timer.toggle") == .wrongState("invalid_transition"))
    let reset = try await fixture.result("timer.reset")
    #expect(reset["state"] == "stopped" && reset["display"] == "00:02")
    #expect(await watcher.nextChange() == "timer:reset")
  }

  @Test func withoutAGatherThereIsNoClock() async throws {
    _ = try await fixture.result("gather.cancel")
    #expect(try await fixture.error("timer.status") == .wrongState("no_active_gather"))
    for method in ["timer.start", "timer.pause", "timer.resume", "timer.toggle", "timer.reset", "timer.endPeriod"] {
      #expect(try await fixture.error(method) == .wrongState("no_active_gather"), "\(method)")
    }
    #expect(try await fixture.error("timer.set", ["minutes": 5]) == .wrongState("no_active_gather"))
  }

  @Test func readersSeeTheClockButCannotTouchIt() async throws {
    for peer in [MethodFixture.Peer.statusSocket, .localUser, .web] {
      let reader = try await fixture.connect(peer)
      for method in ["timer.start", "timer.toggle", "timer.reset", "timer.endPeriod"] {
        #expect(try await fixture.error(method, as: reader) == .forbidden, "\(peer) \(method)")
      }
      #expect(try await fixture.result("timer.status", as: reader)["state"] == "stopped")
    }
    let web = try await fixture.webClient()
    #expect(try await fixture.result("timer.start", as: web)["state"] == "running", "the token lets a web client in")
  }
}
