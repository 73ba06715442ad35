import FoundationEssentials
import GatherModel

/// The one owner of the gatherd database: players, the active gather, and history.
///
/// Every write is a named method that runs in one transaction and has committed when it returns, so a change
/// that is acknowledged afterwards survives `kill -9`. Nothing outside this type sees SQL.
public struct GatherStore: Sendable {
  let database: SQLiteDatabase

  /// Takes the database and brings its schema up to date.
  init(_ database: SQLiteDatabase) throws {
    self.database = database
    try Self.migrator.migrate(database)
  }

  /// Opens, or creates, the database file at `path` in WAL mode with full synchronous commits.
  /// The directory must exist.
  public static func open(path: String) throws -> GatherStore {
    try GatherStore(SQLiteDatabase(path: path))
  }

  /// A private in-memory database, for tests and dry runs.
  public static func inMemory() throws -> GatherStore {
    try GatherStore(SQLiteDatabase())
  }

  /// The SQLite journal mode in use: "wal" for files, "memory" for in-memory databases.
  public func journalMode() throws -> String {
    try database.read { db in try db.fetchValue("PRAGMA journal_mode") ?? "" }
  }

  /// Closes the database's connections at a clean exit.
  public func close() throws {
    database.close()
  }

  /// The writer's synchronous level: 2 (FULL) means every commit is on disk before it returns.
  public func synchronousLevel() throws -> Int {
    try database.writeWithoutTransaction { db in try db.fetchValue("PRAGMA synchronous") ?? -1 }
  }

  /// Loads the roster, the active gather (restoring its clock at monotonic moment `now`, which is wall-clock time
  /// `wallNow`) and the paired devices.
  public func load(at now: Duration, wallNow: Date) throws -> FootballGather {
    var state = try database.read { db in
      let roster = try db.fetchAll("SELECT * FROM player ORDER BY id").map { try PlayerRow(row: $0).player() }
      let ratings = try Self.rosterRatings(db)
      let plans = try Self.openPlans(db)
      let rated = try Self.ratedGathers(db)
      let draws = try Self.drawHistory(db)
      let closedPlans = try Self.closedPlans(db)
      let votes = try Self.votes(db)
      let lastOutcome = try Self.lastOutcome(db)
      let week = try Self.week(db)
      guard let stored = try db.fetchOne("SELECT * FROM gather WHERE status = 'active'"),
        case let row = try GatherRow(row: stored), let id = row.id
      else {
        return FootballGather(
          roster: roster, ratings: ratings, plans: plans, ratedGathers: rated, draws: draws, closedPlans: closedPlans,
          votes: votes.open, closedVoteCodes: votes.closedCodes, schedules: week.schedules,
          recentLineups: week.recentLineups, calendarCode: week.calendarCode, lastManOfTheMatch: lastOutcome)
      }
      let lineupRows = try lineupRows(of: id, db)
      var gather = try ActiveGather(
        id: id, startedAt: row.startedAt.date, lineup: Lineup(assignments: assignments(lineupRows)),
        score: row.score(), log: scoreEvents(of: id, db),
        clock: MatchClock(restoring: row.clockSnapshot(), at: now, wallNow: wallNow),
        kickOffRatings: Dictionary(
          lineupRows.compactMap { row in row.playerId.flatMap { id in row.kickOff.map { (id, $0) } } },
          uniquingKeysWith: { first, _ in first }), kickOffDraws: draws, names: row.names, planID: row.planId)
      gather.setFee(try Self.fee(in: stored))
      return FootballGather(
        roster: roster, active: gather, ratings: ratings, plans: plans, ratedGathers: rated, draws: draws,
        closedPlans: closedPlans, votes: votes.open, closedVoteCodes: votes.closedCodes, schedules: week.schedules,
        recentLineups: week.recentLineups, calendarCode: week.calendarCode, lastManOfTheMatch: lastOutcome)
    }
    state.devices = try database.read { db in try Self.controllerDevices(db) }
    return state
  }

  func assignments(_ rows: [GatherPlayerRow]) throws -> [Lineup.Assignment] {
    try rows.compactMap { row in
      try row.playerId.map { Lineup.Assignment(player: $0, team: try row.teamValue()) }
    }
  }

  func lineupRows(of gatherID: Int64, _ db: SQLiteConnection) throws -> [GatherPlayerRow] {
    try db.fetchAll("SELECT * FROM gatherPlayer WHERE gatherId = ? ORDER BY id", [gatherID]).map(
      GatherPlayerRow.init(row:))
  }

  func scoreEvents(of gatherID: Int64, _ db: SQLiteConnection) throws -> [ScoreEvent] {
    try db.fetchAll("SELECT * FROM scoreEvent WHERE gatherId = ? ORDER BY id", [gatherID]).map {
      try ScoreEventRow(row: $0).scoreEvent()
    }
  }
}

extension Int64 {
  /// Milliseconds since 1970 as a date.
  var date: Date { Date(timeIntervalSince1970: Double(self) / 1000) }
}

extension Date {
  /// The date as whole milliseconds since 1970, as the database keeps it.
  var unixMilliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
}
