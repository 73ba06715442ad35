import Foundation
import GRDB
import GatherModel

/// The one owner of the gatherd database: players, the active gather, and history.
///
/// Every write is a named method that runs in one transaction and has committed when it returns, so a change
/// that is acknowledged afterwards survives `kill -9`. Nothing outside this type sees SQL.
public struct GatherStore: Sendable {
  let writer: any DatabaseWriter

  /// Wraps a database connection and brings its schema up to date.
  public init(_ writer: any DatabaseWriter) throws {
    self.writer = writer
    try Self.migrator.migrate(writer)
  }

  /// Opens, or creates, the database file at `path` in WAL mode with full synchronous commits.
  /// The directory must exist.
  public static func open(path: String) throws -> GatherStore {
    let pool = try DatabasePool(path: path, configuration: configuration())
    // GRDB switches a pool's writer to synchronous=NORMAL when it enables WAL; an acknowledged change must
    // survive power loss too, so every commit is synced.
    try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
    return try GatherStore(pool)
  }

  /// A private in-memory database, for tests and dry runs.
  public static func inMemory() throws -> GatherStore {
    try GatherStore(DatabaseQueue(configuration: configuration()))
  }

  /// The connection settings: foreign keys on, and every commit synced to disk before it returns.
  static func configuration() -> Configuration {
    var config = Configuration()
    config.foreignKeysEnabled = true
    config.busyMode = .timeout(5)
    config.prepareDatabase { db in
      try db.execute(sql: "PRAGMA synchronous = FULL")
    }
    return config
  }

  /// The SQLite journal mode in use: "wal" for files, "memory" for in-memory databases.
  public func journalMode() throws -> String {
    try writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
  }

  /// Closes the database's connections at a clean exit.
  public func close() throws {
    try (writer as? DatabasePool)?.close()
    try (writer as? DatabaseQueue)?.close()
  }

  /// The writer's synchronous level: 2 (FULL) means every commit is on disk before it returns.
  public func synchronousLevel() throws -> Int {
    try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
  }

  /// Loads the roster and the active gather, restoring its clock at monotonic moment `now`,
  /// which is wall-clock time `wallNow`.
  public func load(at now: Duration, wallNow: Date) throws -> FootballGather {
    try writer.read { db in
      let roster = try PlayerRow.order(Column("id")).fetchAll(db).map { try $0.player() }
      guard let row = try GatherRow.filter(Column("status") == GatherRow.Status.active.rawValue).fetchOne(db),
        let id = row.id
      else { return FootballGather(roster: roster) }
      let gather = try ActiveGather(
        id: id, startedAt: row.startedAt.date, lineup: Lineup(assignments: assignments(of: id, db)),
        score: row.score(), log: scoreEvents(of: id, db),
        clock: MatchClock(restoring: row.clockSnapshot(), at: now, wallNow: wallNow))
      return FootballGather(roster: roster, active: gather)
    }
  }

  func assignments(of gatherID: Int64, _ db: Database) throws -> [Lineup.Assignment] {
    try GatherPlayerRow.filter(Column("gatherId") == gatherID).order(Column("id")).fetchAll(db).compactMap { row in
      try row.playerId.map { Lineup.Assignment(player: $0, team: try row.teamValue()) }
    }
  }

  func scoreEvents(of gatherID: Int64, _ db: Database) throws -> [ScoreEvent] {
    try ScoreEventRow.filter(Column("gatherId") == gatherID).order(Column("id")).fetchAll(db).map {
      try $0.scoreEvent()
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
