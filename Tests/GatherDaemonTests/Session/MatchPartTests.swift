import Clocks
import Foundation
import GatherModel
import GatherRPC
import GatherStore
import Testing

@testable import GatherDaemon

/// timer.endPeriod in every clock state, and team names, as a subscriber and the database file see them. A
/// refused command must publish nothing and leave the file as it was.
@Suite(.timeLimit(.minutes(1))) struct MatchPartTests {
  let directory: Directory
  let fixture: SessionFixture
  var session: SessionFixture.Session { fixture.session }
  static let wallNow = Date(timeIntervalSince1970: 1_800_000_000)

  /// A fresh directory for the database file, removed with the suite's instance.
  final class Directory: Sendable {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("gatherd-test-\(UUID().uuidString)").path
    init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }
  }

  init() async throws {
    directory = try Directory()
    fixture = try await SessionFixture(store: GatherStore.open(path: directory.path + "/gather.sqlite"))
    try await fixture.subscribe()
  }

  /// The active gather's clock as the file holds it, as a restarted daemon would find it: "state period mm:ss".
  func storedClock() throws -> String {
    let store = try GatherStore.open(path: directory.path + "/gather.sqlite")
    defer { try? store.close() }
    guard let clock = try store.load(at: .zero, wallNow: Self.wallNow).active?.clock else { return "no gather" }
    return "\(clock.state.rawValue) \(clock.period) \(clock.display(at: .zero))"
  }

  /// The next batch of events as "topic:change" or "tick:display state".
  func next() async throws -> [String] {
    try await fixture.nextEvents().map { event in
      if let change = event.params["change"]?.stringValue { return "\(event.method):\(change)" }
      return "tick:\(event.params["display"]?.stringValue ?? "") \(event.params["state"]?.stringValue ?? "")"
    }
  }

  /// Batches of events until one holds `marker` (ticks may come in batches of their own).
  func collect(until marker: String) async throws -> [String] {
    var seen: [String] = []
    while !seen.contains(marker) { seen += try await next() }
    return seen
  }

  /// Asks for `timer.endPeriod` where it is refused: nothing is published, the file keeps the clock.
  func expectRefused(_ reason: GatherError) async throws {
    let before = try storedClock()
    let view = try? session.view.timerStatus()
    await #expect(throws: reason) { try await session.perform { try $0.timer(.endPeriod) } }
    #expect(try storedClock() == before)
    #expect((try? session.view.timerStatus()) == view)
    // The next event is the next change's: the refusal published nothing.
    _ = try await session.perform { try $0.createPlayer(PlayerDetails(name: "Probe")) }
    #expect(try await next() == ["players:created"])
  }

  @Test func endingTheHalfRunningOrPausedIsTheWhistleAndTheOtherStatesRefuse() async throws {
    _ = try await session.perform {
      try $0.startGather(teamA: [1], teamB: [2], bench: [], seconds: 1500, periods: 2, breakSeconds: 300)
    }
    #expect(try await next() == ["gather:started"])
    try await expectRefused(.invalidTransition)  // before kick-off
    _ = try await session.perform { try $0.timer(.start) }
    #expect(try await next() == ["timer:started"])
    await fixture.clock.advance(by: .seconds(600))

    // Running: half time now, exactly as if the 25 minutes had run out.
    let status = try await session.perform { try $0.timer(.endPeriod) }
    #expect(status.state == .halfTimeBreak && status.displaySeconds == 300 && status.period == 1)
    #expect(try await collect(until: "timer:periodEnded").suffix(2) == ["tick:00:00 break", "timer:periodEnded"])
    #expect(try storedClock() == "break 1 05:00")
    try await expectRefused(.invalidTransition)  // in the break

    // The second half starts at its regular start: 2:07 into it is 28'.
    _ = try await session.perform { try $0.timer(.start) }
    #expect(try await next() == ["timer:started"])
    await fixture.clock.advance(by: .seconds(127))
    let goal = try await session.perform { try $0.goal(for: .teamA, by: 1) }
    #expect(goal.entry.minute.description == "28'" && goal.entry.period == 2 && goal.entry.matchTimeMs == 127_000)

    // Paused in the last period: the final whistle.
    _ = try await session.perform { try $0.timer(.pause) }
    let finished = try await session.perform { try $0.timer(.endPeriod) }
    #expect(finished.state == .finished && finished.displaySeconds == 0)
    #expect(try await collect(until: "timer:finished").suffix(2) == ["tick:00:00 finished", "timer:finished"])
    #expect(try storedClock() == "finished 2 00:00")
    try await expectRefused(.invalidTransition)  // at full time

    _ = try await session.perform { try $0.cancelGather() }
    _ = try await next()
    try await expectRefused(.noActiveGather)  // no gather
  }

  @Test func aHalfEndedWithoutABreakWaitsStoppedForTheNext() async throws {
    _ = try await session.perform {
      try $0.startGather(teamA: [1], teamB: [2], bench: [], seconds: 600, periods: 2, breakSeconds: 0)
    }
    _ = try await session.perform { try $0.timer(.start) }
    _ = try await next()
    _ = try await next()
    _ = try await session.perform { try $0.timer(.endPeriod) }
    #expect(try await next() == ["tick:00:00 stopped", "timer:periodEnded"])
    #expect(try storedClock() == "stopped 2 10:00")
    try await expectRefused(.invalidTransition)  // waiting for the second half
  }

  @Test func namesGoThroughStartRenameEventsAndHistory() async throws {
    let started = try await session.perform {
      try $0.startGather(teamA: [1], teamB: [2], bench: [], seconds: 600, names: ("Bibs", nil))
    }
    #expect(started.gather.names.teamA == "Bibs" && started.gather.names.teamB == "Team B")
    #expect(try await fixture.nextEvents().first?.params["gather"]?["names"]?["teamA"] == "Bibs")
    await #expect(throws: GatherError.validation("teamB", "")) {
      try await session.perform { try $0.renameTeams(teamA: nil, teamB: "BIBS", fields: ("teamA", "teamB")) }
    }
    _ = try await session.perform { try $0.renameTeams(teamA: nil, teamB: "Colours", fields: ("names", "names")) }
    let renamed = try await fixture.nextEvents()
    #expect(renamed.map(\.method) == ["gather"] && renamed.first?.params["change"] == "renamed")
    #expect(renamed.first?.params["gather"]?["names"] == .object(["teamA": "Bibs", "teamB": "Colours"]))
    #expect(session.view.statusLine().hasPrefix("Bibs 0-0 Colours"))
    let id = try #require(session.view.currentGather?.gather.id)
    let ended = try await session.perform { try $0.endGather() }
    #expect(ended.record.names.teamA == "Bibs" && ended.record.names.teamB == "Colours")
    #expect(try session.reader.record(id).record.names.teamB == "Colours")
  }
}
