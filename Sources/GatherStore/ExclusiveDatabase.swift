import CSQLite
import Glibc

/// The database file held by one connection alone (SQLite's exclusive locking mode), which only succeeds
/// while no other connection has it open: in WAL mode every open connection holds a lock that this one's
/// exclusive lock conflicts with. Until it is closed, nothing else can open the database.
struct ExclusiveDatabase {
  private let connection: SQLiteConnection
  /// The database file.
  let path: String

  /// Opens the existing database at `path` and takes it; throws ``DatabaseFileError/Problem/inUse`` when
  /// another connection has it open.
  init(path: String) throws {
    self.path = path
    connection = try SQLiteConnection(path: path)
    do {
      try connection.execute("PRAGMA busy_timeout = 200")
      try connection.execute("PRAGMA locking_mode = EXCLUSIVE")
      // The first transaction takes the lock, and exclusive locking mode keeps it after the commit.
      try connection.execute("BEGIN EXCLUSIVE")
      try connection.execute("COMMIT")
    } catch let error as SQLiteError where error.resultCode == SQLITE_BUSY || error.resultCode == SQLITE_LOCKED {
      connection.close()
      throw DatabaseFileError(
        .inUse, "The database \(path) is open in another process, a running gatherd most likely; nothing was changed.")
    } catch {
      connection.close()
      throw error
    }
  }

  /// Writes everything the WAL holds into the database file and leaves WAL mode, which deletes the WAL: the
  /// file alone is then the whole database, to keep or move.
  func makeWhole() throws {
    try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    let mode = try connection.fetchValue("PRAGMA journal_mode = DELETE", as: String.self)
    guard mode == "delete" else { throw StoreError("The database \(path) kept the journal mode \(mode ?? "?").") }
  }

  /// Lets the database go.
  func close() { connection.close() }
}
