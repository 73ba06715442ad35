import Foundation
import GatherModel
import GatherStore
import Testing

/// Ended gathers: listed newest first and paged, read back whole, and by player; deleted players stay readable.
@Suite struct HistoryTests {
  @Test func endingRecordsScoreWinnerTimesLineupAndLog() throws {
    let fixture = try StoreFixture()
    let players = try fixture.createPlayers(["Ana", "Bruno", "Carla"])
    let ended = StoreFixture.kickOff.addingTimeInterval(3600)
    let id = try fixture.playGather(
      teamA: [players[0].id, players[2].id], teamB: [players[1].id], goals: [.teamB, .teamA, .teamB],
      endedAt: ended)
    let record = try fixture.store.gather(id: id)
    #expect(record.scoreText == "1-2")
    #expect(record.winner == .teamB)
    #expect(record.startedAt == ended.addingTimeInterval(-600))
    #expect(record.endedAt == ended)
    #expect(record.members.map(\.name) == ["Ana", "Carla", "Bruno"])
    #expect(record.members.map(\.team) == [.teamA, .teamA, .teamB])
    #expect(record.log.map(\.team) == [.teamB, .teamA, .teamB])
    #expect(try fixture.store.load(at: .zero, wallNow: ended).active == nil)
  }

  @Test func theListIsNewestFirstAndPagesWithBefore() throws {
    let fixture = try StoreFixture()
    let players = try fixture.createPlayers(["Ana", "Bruno"])
    var ids: [Int64] = []
    for day in 0..<5 {
      ids.append(
        try fixture.playGather(
          teamA: [players[0].id], teamB: [players[1].id], goals: Array(repeating: .teamA, count: day),
          endedAt: StoreFixture.kickOff.addingTimeInterval(Double(day) * 86_400)))
    }
    let first = try fixture.store.gathers(limit: 2)
    #expect(first.map(\.id) == [ids[4], ids[3]])
    #expect(first[0].scoreText == "4-0")
    #expect(first[0].winner == .teamA)
    let second = try fixture.store.gathers(limit: 2, before: first.last?.id)
    #expect(second.map(\.id) == [ids[2], ids[1]])
    let last = try fixture.store.gathers(limit: 2, before: second.last?.id)
    #expect(last.map(\.id) == [ids[0]])
    #expect(last[0].winner == Winner.none)
    #expect(throws: GatherError.validation("limit", "")) { try fixture.store.gathers(limit: 0) }
    #expect(throws: GatherError.validation("limit", "")) { try fixture.store.gathers(limit: 101) }
  }

  @Test func theActiveGatherIsNotHistoryYet() throws {
    let fixture = try StoreFixture()
    let players = try fixture.createPlayers(["Ana", "Bruno"])
    var state = try fixture.store.load(at: .zero, wallNow: StoreFixture.kickOff)
    try fixture.startGather(&state, teamA: [players[0].id], teamB: [players[1].id])
    #expect(try fixture.store.gathers().isEmpty)
    #expect(throws: GatherError.gatherNotFound) { try fixture.store.gather(id: state.requireActive().id) }
  }

  @Test func aPlayersGathersAreThoseTheyPlayedIn() throws {
    let fixture = try StoreFixture()
    let players = try fixture.createPlayers(["Ana", "Bruno", "Carla"])
    let first = try fixture.playGather(
      teamA: [players[0].id], teamB: [players[1].id], goals: [], endedAt: StoreFixture.kickOff)
    let second = try fixture.playGather(
      teamA: [players[0].id], teamB: [players[2].id], goals: [], endedAt: StoreFixture.kickOff)
    #expect(try fixture.store.gathers(ofPlayer: players[0].id).map(\.id) == [second, first])
    #expect(try fixture.store.gathers(ofPlayer: players[2].id).map(\.id) == [second])
    #expect(throws: GatherError.playerNotFound) { try fixture.store.gathers(ofPlayer: 999) }
  }

  @Test func deletingAPlayerKeepsTheirGathersReadable() throws {
    let fixture = try StoreFixture()
    let players = try fixture.createPlayers(["Ana", "Bruno"])
    var state = try fixture.store.load(at: .zero, wallNow: StoreFixture.kickOff)
    try fixture.startGather(&state, teamA: [players[0].id], teamB: [players[1].id])
    let store = fixture.store
    try state.changeActive { gather in
      let goal = try gather.scoreGoal(for: .teamB, by: players[1], at: .zero, wallNow: StoreFixture.kickOff)
      try store.recordScoreEvent(goal, gatherID: gather.id)
    }
    let active = try state.requireActive()
    try store.endGather(active.result(endedAt: StoreFixture.kickOff) { [state] in state.name(of: $0) })

    try store.deletePlayer(players[1].id)
    let record = try store.gather(id: active.id)
    #expect(record.members.map(\.name) == ["Ana", "Bruno"])
    #expect(record.members.map(\.playerID) == [players[0].id, nil])
    #expect(record.log.first?.scorerName == "Bruno")
    #expect(record.log.first?.scorerID == nil)
    #expect(record.scoreText == "0-1")
  }
}
