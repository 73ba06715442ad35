import Foundation
import GatherModel
import GatherStore
import Testing

extension StoreFixture {
  /// Plays and ends a gather with a bench and named scorers (nil for a goal without one); returns its id.
  @discardableResult
  func play(
    _ teamA: [Player], _ teamB: [Player], bench: [Player] = [], goals: [(Team, Player?)], day: Int,
    names: TeamNames = .standard
  ) throws -> Int64 {
    let endedAt = Self.kickOff.addingTimeInterval(Double(day) * 86_400 + 600)
    var state = try store.load(at: .zero, wallNow: endedAt)
    try startGather(
      &state, teamA: teamA.map(\.id), teamB: teamB.map(\.id), bench: bench.map(\.id),
      at: endedAt.addingTimeInterval(-600), names: names)
    for (team, scorer) in goals {
      try state.changeActive { gather in
        try store.recordScoreEvent(
          gather.scoreGoal(for: team, by: scorer, at: .zero, wallNow: endedAt), gatherID: gather.id)
      }
    }
    let active = try state.requireActive()
    try store.endGather(active.result(endedAt: endedAt) { [state] in state.name(of: $0) })
    return active.id
  }
}

/// Player stats over ended gathers, added up by the store.
@Suite struct StatsTests {
  let fixture: StoreFixture
  let ana: Player, bruno: Player, carla: Player, dani: Player, eli: Player

  init() throws {
    fixture = try StoreFixture()
    let players = try fixture.createPlayers(["Ana", "Bruno", "Carla", "Dani", "Eli"])
    (ana, bruno, carla, dani, eli) = (players[0], players[1], players[2], players[3], players[4])
    // Day 0: Ana+Bruno beat Carla+Dani 2-1 (Ana 2, Carla 1); Eli on the bench.
    try fixture.play(
      [ana, bruno], [carla, dani], bench: [eli], goals: [(.teamA, ana), (.teamB, carla), (.teamA, ana)], day: 0)
    // Day 1: Ana+Carla draw 1-1 with Bruno+Eli (Carla, then a goal without a scorer).
    try fixture.play([ana, carla], [bruno, eli], goals: [(.teamA, carla), (.teamB, nil)], day: 1)
    // Day 2: Ana+Dani lose 0-1 to Bruno+Carla (Bruno).
    try fixture.play([ana, dani], [bruno, carla], goals: [(.teamB, bruno)], day: 2)
  }

  /// Played, wins, draws, losses and goals.
  func counts(_ stats: PlayerStats) -> [Int] { [stats.played, stats.wins, stats.draws, stats.losses, stats.goals] }

  func row(_ stats: [PlayerStats], _ player: Player) -> PlayerStats? { stats.first { $0.playerID == player.id } }

  @Test func eachPlayerHasPlayedWonDrawnLostAndScored() throws {
    let stats = try fixture.store.playerStats()
    let anaStats = try #require(row(stats, ana))
    #expect(counts(anaStats) == [3, 1, 1, 1, 2])
    #expect(abs(anaStats.winRate - 1.0 / 3) < 1e-9 && abs(anaStats.goalsPerGather - 2.0 / 3) < 1e-9)
    let brunoStats = try #require(row(stats, bruno))
    #expect(counts(brunoStats) == [3, 2, 1, 0, 1])
    let eliStats = try #require(row(stats, eli))
    #expect(counts(eliStats) == [1, 0, 1, 0, 0], "the bench did not count")
  }

  @Test func theTableIsSortedByTheNamedOrder() throws {
    #expect(try fixture.store.playerStats(order: .wins).map(\.name).prefix(3) == ["Bruno", "Ana", "Carla"])
    #expect(try fixture.store.playerStats(order: .goals).map(\.name).prefix(2) == ["Ana", "Carla"])
    #expect(try fixture.store.playerStats(order: .winRate).map(\.name).first == "Bruno")
    #expect(try fixture.store.playerStats(order: .played).map(\.name).suffix(2) == ["Dani", "Eli"])
  }

  @Test func aPeriodAndAMinimumNarrowTheTable() throws {
    let day1 = StoreFixture.kickOff.addingTimeInterval(86_400)
    let later = try fixture.store.playerStats(period: .init(since: day1))
    #expect(row(later, ana)?.played == 2 && row(later, ana)?.goals == 0)
    let early = try fixture.store.playerStats(period: .init(until: day1))
    #expect(early.map(\.name).sorted() == ["Ana", "Bruno", "Carla", "Dani"])
    #expect(try fixture.store.playerStats(minGathers: 3).map(\.name).sorted() == ["Ana", "Bruno", "Carla"])
    let everyone = try fixture.store.playerStats(
      period: .init(since: day1.addingTimeInterval(86_400 * 5)), minGathers: 0)
    #expect(everyone.count == 5 && everyone.allSatisfy { $0.played == 0 })
  }

  @Test func onlyEndedGathersCount() throws {
    var state = try fixture.store.load(at: .zero, wallNow: StoreFixture.kickOff)
    try fixture.startGather(&state, teamA: [ana.id], teamB: [eli.id])
    try state.changeActive { gather in
      try fixture.store.recordScoreEvent(
        gather.scoreGoal(for: .teamA, by: ana, at: .zero, wallNow: StoreFixture.kickOff), gatherID: gather.id)
    }
    let anaStats = try #require(row(try fixture.store.playerStats(), ana))
    #expect(anaStats.played == 3 && anaStats.goals == 2)
  }

  @Test func theStatsOfSomePlayersAreTheirsAlone() throws {
    let some = try fixture.store.playerStats(of: [bruno.id, eli.id, 99])
    #expect(Set(some.keys) == [bruno.id, eli.id])
    #expect(some[bruno.id].map(counts) == [3, 2, 1, 0, 1])
    #expect(some[eli.id].map(counts) == [1, 0, 1, 0, 0])
  }

  @Test func aReportHasRecentResultsAndTheTeammatesWonWithMost() throws {
    let report = try fixture.store.playerReport(bruno.id)
    #expect(report.stats.wins == 2)
    #expect(report.recent.map(\.outcome) == [.win, .draw, .win])
    #expect(report.recent.map(\.goals) == [1, 0, 0])
    #expect(report.recent.first?.team == .teamB && report.recent.first?.score.text == "0-1")
    #expect(report.teammates.map(\.name) == ["Ana", "Carla"])
    #expect(report.teammates.map(\.wins) == [1, 1])
    #expect(throws: GatherError.playerNotFound) { try fixture.store.playerReport(99) }
  }

  @Test func deletedPlayersDropOutButTheirGoalsStayInHistory() throws {
    try fixture.store.deletePlayer(dani.id)
    let stats = try fixture.store.playerStats()
    #expect(row(stats, dani) == nil)
    #expect(row(stats, ana)?.played == 3)
  }
}
