import Foundation
import GatherModel
import GatherStore
import Testing

/// A daemon killed with -9 never closes its database. What it acknowledged must be on disk anyway, and a
/// restarted daemon picks the gather and its clock up where they were.
@Suite struct CrashRecoveryTests {
  /// Copies the database files as they are on disk now, while the store is still open: what a new
  /// process finds after the old one was killed.
  static func crashImage(of fixture: StoreFixture) throws -> String {
    let image = fixture.directory.path("after-crash.sqlite")
    for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: fixture.path + suffix) {
      try FileManager.default.copyItem(atPath: fixture.path + suffix, toPath: image + suffix)
    }
    return image
  }

  /// Starts a 10:00 gather whose clock started at wall time `kickOff`, with one goal, and keeps the store open.
  static func gatherWithClock(
    _ fixture: StoreFixture, change: (inout MatchClock) throws -> Void
  ) throws -> ActiveGather {
    let players = try fixture.createPlayers(["Ana", "Bruno"])
    var state = try fixture.store.load(at: .zero, wallNow: StoreFixture.kickOff)
    try fixture.startGather(&state, teamA: [players[0].id], teamB: [players[1].id])
    let store = fixture.store
    try state.changeActive { gather in
      try change(&gather.clock)
      try store.saveClock(
        gather.clock.snapshot(at: .seconds(100), wallNow: StoreFixture.kickOff.addingTimeInterval(100)),
        gatherID: gather.id)
      let goal = try gather.scoreGoal(for: .teamA, by: players[0], at: .seconds(100), wallNow: StoreFixture.kickOff)
      try store.recordScoreEvent(goal, gatherID: gather.id)
    }
    return try state.requireActive()
  }

  @Test func everythingAcknowledgedSurvivesWithoutAClose() throws {
    let fixture = try StoreFixture()
    let saved = try Self.gatherWithClock(fixture) { _ = try $0.start(at: .zero) }
    let image = try Self.crashImage(of: fixture)
    let restarted = try GatherStore.open(path: image)
    let state = try restarted.load(at: .zero, wallNow: StoreFixture.kickOff.addingTimeInterval(100))
    #expect(state.players.map(\.name) == ["Ana", "Bruno"])
    let active = try #require(state.active)
    #expect(active.id == saved.id)
    #expect(active.score == saved.score)
    #expect(active.log == saved.log)
  }

  @Test func aRunningClockRestartsWithTheDowntimeCounted() throws {
    let fixture = try StoreFixture()
    // Started at kickOff, saved at 100 s: 8:20 left, ending at kickOff + 600 s.
    _ = try Self.gatherWithClock(fixture) { _ = try $0.start(at: .zero) }
    let restarted = try GatherStore.open(path: try Self.crashImage(of: fixture))
    // The new process comes up 30 s later, at wall time kickOff + 130 s.
    let active = try #require(
      try restarted.load(at: .zero, wallNow: StoreFixture.kickOff.addingTimeInterval(130)).active)
    #expect(active.clock.state == .running)
    #expect(active.clock.remaining(at: .zero) == .seconds(470))
    #expect(active.clock.display(at: .zero) == "07:50")
  }

  @Test func aPausedClockRestartsPausedWithTheSameTimeLeft() throws {
    let fixture = try StoreFixture()
    _ = try Self.gatherWithClock(fixture) {
      _ = try $0.start(at: .zero)
      _ = try $0.pause(at: .milliseconds(99_600))  // 8:20.4 left
    }
    let restarted = try GatherStore.open(path: try Self.crashImage(of: fixture))
    let active = try #require(
      try restarted.load(at: .zero, wallNow: StoreFixture.kickOff.addingTimeInterval(9999)).active)
    #expect(active.clock.state == .paused)
    #expect(active.clock.remaining(at: .zero) == .milliseconds(500_400))
  }

  @Test func aClockWhoseDeadlinePassedDuringTheDowntimeComesBackFinished() throws {
    let fixture = try StoreFixture()
    _ = try Self.gatherWithClock(fixture) { _ = try $0.start(at: .zero) }
    let restarted = try GatherStore.open(path: try Self.crashImage(of: fixture))
    let active = try #require(
      try restarted.load(at: .zero, wallNow: StoreFixture.kickOff.addingTimeInterval(601)).active)
    #expect(active.clock.state == .finished)
    #expect(active.score == (try Score(teamA: 1, teamB: 0)))
  }
}
