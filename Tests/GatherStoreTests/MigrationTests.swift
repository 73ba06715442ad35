import FoundationEssentials
import GatherModel
import Testing

@testable import GatherStore

/// A database written by the release before periods and stats opens, keeps all its history, and works on.
@Suite struct MigrationTests {
  static let startedAt: Int64 = 1_800_000_000_000

  /// A database file with the first shipped schema only, holding what that release wrote: a roster, an ended
  /// gather with goals, and an active gather whose clock runs.
  static func makeFirstReleaseDatabase(at path: String) throws {
    let database = try SQLiteDatabase(path: path)
    defer { database.close() }
    try GatherStore.migrator.migrate(database, upTo: "v1")
    try database.write { db in
      try db.execute(
        """
        INSERT INTO player (id, name, position, skill) VALUES (1, 'Ana', 'striker', 'amateur'),
          (2, 'Bruno', 'goalkeeper', NULL), (3, 'Carla', NULL, 'professional');
        INSERT INTO gather (id, status, startedAt, endedAt, scoreA, scoreB, winner, clockState, clockDurationMs,
          clockRemainingMs, clockEndsAt)
          VALUES (1, 'ended', \(startedAt), \(startedAt + 600_000), 2, 0, 'teamA', 'finished', 600000, 0, NULL),
                 (2, 'active', \(startedAt + 86_400_000), NULL, 0, 1, NULL, 'paused', 600000, 432000, NULL);
        INSERT INTO gatherPlayer (gatherId, playerId, playerName, team) VALUES
          (1, 1, 'Ana', 'teamA'), (1, 2, 'Bruno', 'teamB'), (1, 3, 'Carla', 'bench'),
          (2, 1, 'Ana', 'teamA'), (2, 3, 'Carla', 'teamB');
        INSERT INTO scoreEvent (gatherId, kind, team, scorerId, scorerName, matchTimeMs, scoreA, scoreB, recordedAt)
          VALUES (1, 'goal', 'teamA', 1, 'Ana', 61000, 1, 0, \(startedAt + 61_000)),
                 (1, 'goal', 'teamA', 1, 'Ana', 432000, 2, 0, \(startedAt + 432_000)),
                 (2, 'goal', 'teamB', 3, 'Carla', 168000, 0, 1, \(startedAt + 86_568_000));
        """)
    }
  }

  @Test func aDatabaseFromBeforePeriodsAndStatsOpensWithAllItsHistory() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("gather.sqlite")
    try Self.makeFirstReleaseDatabase(at: path)
    let store = try GatherStore.open(path: path)

    let record = try store.gather(id: 1)
    #expect(record.scoreText == "2-0" && record.winner == .teamA)
    #expect(record.members.map(\.name) == ["Ana", "Bruno", "Carla"])
    #expect(record.log.map(\.matchTimeMs) == [61000, 432_000])
    #expect(record.log.allSatisfy { $0.period == 1 && $0.periods == 1 })
    #expect(try store.gathers().map(\.id) == [1])

    let stats = try store.playerStats()
    #expect(stats.map(\.name) == ["Ana", "Bruno"])
    #expect(stats.first?.goals == 2 && stats.first?.wins == 1)

    let state = try store.load(at: .zero, wallNow: Date(timeIntervalSince1970: 1_800_100_000))
    let active = try state.requireActive()
    #expect(active.id == 2 && active.score.text == "0-1")
    #expect(active.clock.state == .paused && active.clock.display(at: .zero) == "07:12")
    #expect(active.clock.periods == 1 && active.clock.period == 1 && active.clock.addedSeconds == 0)
  }

  @Test func aMigratedDatabaseSavesAndRestoresPeriods() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("gather.sqlite")
    try Self.makeFirstReleaseDatabase(at: path)
    let store = try GatherStore.open(path: path)
    let wallNow = Date(timeIntervalSince1970: 1_800_100_000)
    var state = try store.load(at: .zero, wallNow: wallNow)
    try state.changeActive { gather in
      _ = gather.clock.reset(at: .zero)
      _ = try gather.clock.format(periods: 2, seconds: 60, breakSeconds: 30, at: .zero)
      _ = try gather.clock.start(at: .zero)
      _ = try gather.clock.addTime(seconds: 15, at: .seconds(10))
      try store.saveClock(gather.clock.snapshot(at: .seconds(10), wallNow: wallNow), gatherID: gather.id)
    }
    let restored = try GatherStore.open(path: path).load(at: .zero, wallNow: wallNow.addingTimeInterval(85))
    let clock = try restored.requireActive().clock
    #expect(clock.state == .halfTimeBreak && clock.periods == 2 && clock.period == 1 && clock.addedSeconds == 15)
    #expect(clock.remaining(at: .zero) == .seconds(10))
  }
}

/// A database from before plans could expire and schedules existed: its plans and their answers keep every row,
/// and a plan may then expire.
@Suite struct PlanExpiryMigrationTests {
  @Test func plansMadeBeforeExpiryKeepEverythingAndMayExpire() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("gather.sqlite")
    let database = try SQLiteDatabase(path: path)
    try GatherStore.migrator.migrate(database, upTo: "plan.checkIn")
    try database.write { db in
      try db.execute(
        """
        INSERT INTO player (id, name) VALUES (1, 'Ana');
        INSERT INTO plan (id, status, startsAt, utcOffset, capacity, place, signUpCode, createdAt)
          VALUES (4, 'open', 1800000000000, 3600, 10, 'Astro 2', 'code-4', 1799000000000),
                 (9, 'cancelled', 1800100000000, 0, 8, NULL, 'code-9', 1799000000000);
        INSERT INTO planSignUp (planId, playerId, playerName, answer, answeredAt, turn, joinedAt)
          VALUES (4, 1, 'Ana', 'in', 1799000001000, 1, 1799000001000);
        DELETE FROM plan WHERE id = 9;
        """)
    }
    database.close()
    let store = try GatherStore.open(path: path)
    let plan = try #require(try store.plan(4))
    #expect(plan.details.place == "Astro 2" && plan.details.utcOffset == 3600 && plan.signUpCode == "code-4")
    #expect(plan.queue.map(\.player) == [1])
    #expect(plan.terms == PlanTerms())
    try store.expirePlan(4, at: Date(timeIntervalSince1970: 1_800_100_000))
    #expect(try store.plan(4)?.status == .expired)
    // Ids go on after the highest ever used, as before.
    let next = try store.createPlan(
      PlanDetails(
        startsAt: Date(timeIntervalSince1970: 1_900_000_000), capacity: 4,
        now: Date(timeIntervalSince1970: 1_800_000_000)),
      signUpCode: "new", createdAt: Date(timeIntervalSince1970: 1_800_000_000))
    #expect(next.id == 10)
    // The index on open plans is made again.
    let indexes = try store.database.read { db in
      try db.fetchAll("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'plan'").map {
        try $0.first(as: String.self)
      }
    }
    #expect(Set(indexes).isSuperset(of: ["plan_open", "plan_on_scheduleId"]))
  }
}
