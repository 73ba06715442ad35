import Foundation
import GatherModel
import GatherStore
import Testing

/// The store keeps its own invariants, whatever its caller does, and says why in the model's terms.
@Suite struct StoreRefusalTests {
  @Test func commitsAreSyncedInFull() throws {
    let fixture = try StoreFixture()
    #expect(try fixture.store.synchronousLevel() == 2)
  }

  @Test func anEmptyExistingFileIsMigrated() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("empty.sqlite")
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let store = try GatherStore.open(path: path)
    let player = try store.createPlayer(PlayerDetails(name: "Ana"))
    #expect(try GatherStore.open(path: path).load(at: .zero, wallNow: StoreFixture.kickOff).players == [player])
  }

  @Test func aPlayerOfTheActiveGatherCannotBeDeletedAndMissingPlayersAreNotFound() throws {
    let fixture = try StoreFixture()
    let players = try fixture.createPlayers(["Ana", "Bruno", "Carla"])
    var state = try fixture.store.load(at: .zero, wallNow: StoreFixture.kickOff)
    try fixture.startGather(&state, teamA: [players[0].id], teamB: [players[1].id])
    #expect(throws: GatherError.playerInActiveGather) { try fixture.store.deletePlayer(players[0].id) }
    #expect(throws: GatherError.playerNotFound) { try fixture.store.deletePlayer(999) }
    #expect(throws: GatherError.playerNotFound) {
      try fixture.store.updatePlayer(Player(id: 999, details: try PlayerDetails(name: "Nobody")))
    }
    try fixture.store.deletePlayer(players[2].id)
    let reloaded = try fixture.store.load(at: .zero, wallNow: StoreFixture.kickOff)
    #expect(reloaded.players.map(\.name) == ["Ana", "Bruno"])
    #expect(reloaded.active?.lineup.players == [players[0].id, players[1].id])
  }

  @Test func aSecondActiveGatherIsRefusedAsAlreadyActive() throws {
    let fixture = try StoreFixture()
    let players = try fixture.createPlayers(["Ana", "Bruno"])
    let lineup = try Lineup(teamA: [players[0].id], teamB: [players[1].id])
    let clock = try MatchClock().snapshot(at: .zero, wallNow: StoreFixture.kickOff)
    _ = try fixture.store.startGather(lineup: lineup, clock: clock, startedAt: StoreFixture.kickOff) { _ in "x" }
    #expect(throws: GatherError.gatherAlreadyActive) {
      try fixture.store.startGather(lineup: lineup, clock: clock, startedAt: StoreFixture.kickOff) { _ in "x" }
    }
  }

  @Test func writesToAGatherThatIsNotActiveAreRefused() throws {
    let fixture = try StoreFixture()
    let players = try fixture.createPlayers(["Ana", "Bruno"])
    let ended = try fixture.playGather(
      teamA: [players[0].id], teamB: [players[1].id], goals: [.teamA], endedAt: StoreFixture.kickOff)
    let clock = try MatchClock().snapshot(at: .zero, wallNow: StoreFixture.kickOff)
    #expect(throws: GatherError.noActiveGather) { try fixture.store.saveClock(clock, gatherID: ended) }
    #expect(throws: GatherError.noActiveGather) {
      try fixture.store.assign(.init(player: players[0].id, team: .teamB), name: "Ana", gatherID: ended)
    }
    #expect(throws: GatherError.noActiveGather) {
      try fixture.store.undoLastScoreEvent(gatherID: ended, score: .zero)
    }
    #expect(try fixture.store.gather(id: ended).members.map(\.team) == [.teamA, .teamB])
    #expect(try fixture.store.gather(id: ended).scoreText == "1-0")
  }

  @Test func undoNeverRemovesACorrection() throws {
    let fixture = try StoreFixture()
    let players = try fixture.createPlayers(["Ana", "Bruno"])
    var state = try fixture.store.load(at: .zero, wallNow: StoreFixture.kickOff)
    try fixture.startGather(&state, teamA: [players[0].id], teamB: [players[1].id])
    let gather = try state.requireActive()
    let correction = gather.log.isEmpty ? try Score(teamA: 3, teamB: 3) : .zero
    var copy = gather
    try fixture.store.recordScoreEvent(
      copy.correctScore(to: correction, at: .zero, wallNow: StoreFixture.kickOff), gatherID: gather.id)
    #expect(throws: GatherError.invalidTransition) {
      try fixture.store.undoLastScoreEvent(gatherID: gather.id, score: .zero)
    }
    let reloaded = try #require(try fixture.store.load(at: .zero, wallNow: StoreFixture.kickOff).active)
    #expect(reloaded.score == correction)
    #expect(reloaded.log.map(\.kind) == [.correction])
  }

  @Test func aPlayersGathersPageWithBefore() throws {
    let fixture = try StoreFixture()
    let players = try fixture.createPlayers(["Ana", "Bruno"])
    let ids = try (0..<3).map { _ in
      try fixture.playGather(teamA: [players[0].id], teamB: [players[1].id], goals: [], endedAt: StoreFixture.kickOff)
    }
    let first = try fixture.store.gathers(ofPlayer: players[1].id, limit: 2)
    #expect(first.map(\.id) == [ids[2], ids[1]])
    #expect(try fixture.store.gathers(ofPlayer: players[1].id, limit: 2, before: ids[1]).map(\.id) == [ids[0]])
  }

  @Test func historyKeepsTheNameAPlayerHadWhenTheGatherEnded() throws {
    let fixture = try StoreFixture()
    let players = try fixture.createPlayers(["Ana", "Bruno"])
    var state = try fixture.store.load(at: .zero, wallNow: StoreFixture.kickOff)
    try fixture.startGather(&state, teamA: [players[0].id], teamB: [players[1].id])
    let renamed = try state.updating(players[0].id, with: PlayerChanges(name: "Ana Lima"))
    try fixture.store.updatePlayer(renamed)
    state.save(renamed)
    let active = try state.requireActive()
    try fixture.store.endGather(active.result(endedAt: StoreFixture.kickOff) { [state] in state.name(of: $0) })
    let later = try state.updating(players[0].id, with: PlayerChanges(name: "Ana L."))
    try fixture.store.updatePlayer(later)
    #expect(try fixture.store.gather(id: active.id).members.map(\.name) == ["Ana Lima", "Bruno"])
  }
}
