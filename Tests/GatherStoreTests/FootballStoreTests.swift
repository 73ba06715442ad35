import Foundation
import GatherModel
import Testing

@testable import GatherStore

/// Team names and match minutes on a real database file: kept at start, renamed mid-match, read
/// back by a new process and by history; and databases from before get the defaults.
@Suite struct FootballStoreTests {
  static let kickOff = StoreFixture.kickOff

  @Test func namesAndMinutesSurviveARestartAndGoToHistory() throws {
    let fixture = try StoreFixture()
    let store = fixture.store
    let players = try fixture.createPlayers(["Ana", "Bruno"])
    var state = try store.load(at: .zero, wallNow: Self.kickOff)
    let lineup = try state.lineupForNewGather(teamA: [players[0].id], teamB: [players[1].id])
    var clock = try MatchClock(periods: 2, seconds: 1500, breakSeconds: 300)
    let names = try TeamNames(teamA: "Bibs", teamB: nil)
    let id = try store.startGather(
      lineup: lineup, clock: clock.snapshot(at: .zero, wallNow: Self.kickOff), startedAt: Self.kickOff, names: names
    ) { [state] in state.name(of: $0) }
    try state.begin(ActiveGather(id: id, startedAt: Self.kickOff, lineup: lineup, clock: clock, names: names))

    // The second half, 2:07 in: the 28th minute.
    _ = try clock.start(at: .zero)
    _ = clock.advance(to: .seconds(1500 + 300))
    _ = try clock.start(at: .seconds(1800))
    try state.changeActive { gather in
      gather.clock = clock
      let goal = try gather.scoreGoal(for: .teamA, by: players[0], at: .seconds(1927), wallNow: Self.kickOff)
      try store.recordScoreEvent(goal, gatherID: gather.id)
      try gather.rename(teamA: nil, teamB: "Colours")
      try store.renameTeams(gather.names, gatherID: gather.id)
    }

    // A new process reads the same file.
    let reopened = try GatherStore.open(path: fixture.path)
    let active = try reopened.load(at: .zero, wallNow: Self.kickOff).requireActive()
    #expect(active.names == (try TeamNames(teamA: "Bibs", teamB: "Colours")))
    #expect(active.log.map(\.minute.description) == ["28'"])
    #expect(active.log.first?.periodLengthMs == 1_500_000)

    try reopened.endGather(active.result(endedAt: Self.kickOff.addingTimeInterval(3600)) { _ in "Ana" })
    let record = try reopened.gather(id: id)
    #expect(record.names.teamA == "Bibs" && record.names.teamB == "Colours")
    #expect(record.log.map(\.minute.description) == ["28'"])
    #expect(try reopened.gathers().first?.names.teamB == "Colours")
  }

  @Test func renamingWithoutAnActiveGatherChangesNothing() throws {
    let fixture = try StoreFixture()
    let players = try fixture.createPlayers(["Ana", "Bruno"])
    let endedID = try fixture.playGather(
      teamA: [players[0].id], teamB: [players[1].id], goals: [.teamA], endedAt: Self.kickOff)
    #expect(throws: GatherError.noActiveGather) {
      try fixture.store.renameTeams(try TeamNames(teamA: "Bibs", teamB: nil), gatherID: endedID)
    }
    #expect(try fixture.store.gather(id: endedID).names == .standard)
  }

  @Test func historyFromBeforeGetsTheDefaultNamesAndItsGathersPeriodLength() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("gather.sqlite")
    // A database migrated up to the players' positions: periods, but no team names and no period length on goals.
    let database = try SQLiteDatabase(path: path)
    try GatherStore.migrator.migrate(database, upTo: "gatherPlayer.playerPosition")
    let start = Int64(1_800_000_000_000)
    try database.write { db in
      try db.execute(
        """
        INSERT INTO player (id, name) VALUES (1, 'Ana'), (2, 'Bruno');
        INSERT INTO gather (id, status, startedAt, endedAt, scoreA, scoreB, winner, clockState, clockDurationMs,
          clockRemainingMs, clockEndsAt, clockPeriods, clockBreakMs, clockPeriod, clockAddedMs)
          VALUES (1, 'ended', \(start), \(start + 3_600_000), 2, 0, 'teamA', 'finished', 1500000, 0, NULL, 2, 300000,
            2, 0);
        INSERT INTO gatherPlayer (gatherId, playerId, playerName, team) VALUES (1, 1, 'Ana', 'teamA'),
          (1, 2, 'Bruno', 'teamB');
        INSERT INTO scoreEvent (gatherId, kind, team, scorerId, scorerName, matchTimeMs, scoreA, scoreB, recordedAt,
          period, periods)
          VALUES (1, 'goal', 'teamA', 1, 'Ana', 61000, 1, 0, \(start + 61_000), 1, 2),
                 (1, 'goal', 'teamA', 1, 'Ana', 127000, 2, 0, \(start + 1_927_000), 2, 2);
        """)
    }
    database.close()

    let store = try GatherStore.open(path: path)
    let record = try store.gather(id: 1)
    #expect(record.names == .standard)
    #expect(record.log.map(\.periodLengthMs) == [1_500_000, 1_500_000])
    #expect(record.log.map(\.minute.description) == ["2'", "28'"])
  }
}
