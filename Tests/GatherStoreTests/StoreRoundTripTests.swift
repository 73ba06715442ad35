import Foundation
import GatherModel
import GatherStore
import Testing

/// What the daemon saves comes back, from a real SQLite file, in a new process's terms.
@Suite struct StoreRoundTripTests {
  @Test func anEmptyFileIsMigratedToTheSchemaInWALMode() throws {
    let fixture = try StoreFixture()
    #expect(FileManager.default.fileExists(atPath: fixture.path))
    #expect(try fixture.store.journalMode() == "wal")
    let state = try fixture.store.load(at: .zero, wallNow: StoreFixture.kickOff)
    #expect(state.players.isEmpty)
    #expect(state.active == nil)
    // Opening it again runs no migration twice.
    _ = try GatherStore.open(path: fixture.path)
  }

  @Test func playersRoundTripWithEveryField() throws {
    let fixture = try StoreFixture()
    let ana = try fixture.store.createPlayer(
      PlayerDetails(name: "Ana", age: 27, position: .striker, skill: .amateur, favouriteTeam: "Arsenal"))
    let bruno = try fixture.store.createPlayer(PlayerDetails(name: "Bruno"))
    #expect(bruno.id > ana.id)
    var changed = ana
    changed.details = try PlayerChanges(age: .some(nil), skill: .professional).applied(to: ana.details)
    try fixture.store.updatePlayer(changed)

    let reopened = try GatherStore.open(path: fixture.path)
    let players = try reopened.load(at: .zero, wallNow: StoreFixture.kickOff).players
    #expect(players == [changed, bruno])
    #expect(players[0].details.position == .striker)
    #expect(players[0].details.age == nil)
    #expect(players[0].details.favouriteTeam == "Arsenal")

    try reopened.deletePlayer(bruno.id)
    #expect(try reopened.load(at: .zero, wallNow: StoreFixture.kickOff).players == [changed])
  }

  @Test func theActiveGatherComesBackWithTeamsScoreLogAndClock() throws {
    let fixture = try StoreFixture()
    let players = try fixture.createPlayers(["Ana", "Bruno", "Carla", "Dani", "Eli"])
    var state = try fixture.store.load(at: .zero, wallNow: StoreFixture.kickOff)
    try fixture.startGather(&state, teamA: [players[0].id], teamB: [players[1].id], bench: [players[2].id])
    let store = fixture.store
    try state.changeActive { gather in
      try gather.assign(players[2], to: .teamB)
      try store.assign(.init(player: players[2].id, team: .teamB), name: "Carla", gatherID: gather.id)
      try gather.assign(players[3], to: .teamA)
      try store.assign(.init(player: players[3].id, team: .teamA), name: "Dani", gatherID: gather.id)
      _ = try gather.clock.start(at: .seconds(1))
      try store.saveClock(gather.clock.snapshot(at: .seconds(1), wallNow: StoreFixture.kickOff), gatherID: gather.id)
      let goal = try gather.scoreGoal(for: .teamB, by: players[2], at: .seconds(61), wallNow: StoreFixture.kickOff)
      try store.recordScoreEvent(goal, gatherID: gather.id)
      let correction = gather.correctScore(
        to: try Score(teamA: 2, teamB: 1), at: .seconds(62), wallNow: StoreFixture.kickOff)
      try store.recordScoreEvent(correction, gatherID: gather.id)
    }
    let saved = try state.requireActive()

    let reopened = try GatherStore.open(path: fixture.path)
    let restored = try #require(try reopened.load(at: .seconds(1), wallNow: StoreFixture.kickOff).active)
    #expect(restored.id == saved.id)
    #expect(restored.startedAt == saved.startedAt)
    #expect(restored.lineup == saved.lineup)
    #expect(restored.lineup.players(in: .teamA) == [players[0].id, players[3].id])
    #expect(restored.score == (try Score(teamA: 2, teamB: 1)))
    #expect(restored.log == saved.log)
    #expect(restored.log.first?.scorerName == "Carla")
    #expect(restored.log.first?.matchTimeMs == 60_000)
    #expect(restored.clock == saved.clock)
  }

  @Test func undoingAGoalIsSaved() throws {
    let fixture = try StoreFixture()
    let players = try fixture.createPlayers(["Ana", "Bruno"])
    var state = try fixture.store.load(at: .zero, wallNow: StoreFixture.kickOff)
    try fixture.startGather(&state, teamA: [players[0].id], teamB: [players[1].id])
    let store = fixture.store
    try state.changeActive { gather in
      for team in [Team.teamA, .teamB] {
        try store.recordScoreEvent(
          try gather.scoreGoal(for: team, at: .zero, wallNow: StoreFixture.kickOff), gatherID: gather.id)
      }
      _ = try gather.undoLastGoal()
      try store.undoLastScoreEvent(gatherID: gather.id, score: gather.score)
    }
    let restored = try #require(
      try GatherStore.open(path: fixture.path).load(at: .zero, wallNow: StoreFixture.kickOff).active)
    #expect(restored.score == (try Score(teamA: 1, teamB: 0)))
    #expect(restored.log.map(\.team) == [.teamA])
  }

  @Test func theDatabaseItselfAllowsOneActiveGatherOnly() throws {
    let fixture = try StoreFixture()
    let players = try fixture.createPlayers(["Ana", "Bruno"])
    let lineup = try Lineup(teamA: [players[0].id], teamB: [players[1].id])
    let clock = try MatchClock().snapshot(at: .zero, wallNow: StoreFixture.kickOff)
    _ = try fixture.store.startGather(lineup: lineup, clock: clock, startedAt: StoreFixture.kickOff) { _ in "x" }
    #expect(throws: (any Error).self) {
      try fixture.store.startGather(lineup: lineup, clock: clock, startedAt: StoreFixture.kickOff) { _ in "x" }
    }
  }

  @Test func aCancelledGatherLeavesNoTraceAndItsIdIsNeverReused() throws {
    let fixture = try StoreFixture()
    let players = try fixture.createPlayers(["Ana", "Bruno"])
    var state = try fixture.store.load(at: .zero, wallNow: StoreFixture.kickOff)
    try fixture.startGather(&state, teamA: [players[0].id], teamB: [players[1].id])
    let cancelled = try state.requireActive().id
    try fixture.store.cancelGather(id: cancelled)
    state.closeActive()
    #expect(try fixture.store.load(at: .zero, wallNow: StoreFixture.kickOff).active == nil)
    #expect(try fixture.store.gathers().isEmpty)
    #expect(throws: GatherError.gatherNotFound) { try fixture.store.gather(id: cancelled) }
    #expect(throws: GatherError.noActiveGather) { try fixture.store.cancelGather(id: cancelled) }
    try fixture.startGather(&state, teamA: [players[0].id], teamB: [players[1].id])
    #expect(try state.requireActive().id > cancelled)
  }
}
