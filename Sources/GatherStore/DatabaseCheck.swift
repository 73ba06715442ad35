import CSQLite
import Glibc

/// What a database file holds, checked before gatherd takes it for its own (`gatherd restore`): an SQLite file
/// that `PRAGMA integrity_check` passes, with gatherd's record of migrations (`grdb_migrations`), none of them
/// unknown to this gatherd.
public struct DatabaseCheck: Sendable {
  /// The file checked.
  public let path: String
  /// How many players its roster holds.
  public let players: Int
  /// How many gathers it holds, the active one included.
  public let gathers: Int
  /// How many plans it holds, whatever their status.
  public let plans: Int
  /// The migrations this gatherd will still apply when it opens the file (one made by an older gatherd), in order.
  public let pendingMigrations: [String]

  /// Checks the file at `path`; throws a ``DatabaseFileError`` that says what is wrong with it, naming it `name`
  /// (the file a user gave, when `path` is a copy of it).
  public static func check(_ path: String, as name: String? = nil) throws -> DatabaseCheck {
    let shown = name ?? path
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw DatabaseFileError(.missing, "There is no file \(shown): \(String(cString: strerror(errno))).")
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw DatabaseFileError(.notSQLite, "\(shown) is not a regular file, so not a database.")
    }
    do {
      let connection = try SQLiteConnection(path: path, readOnly: true)
      defer { connection.close() }
      return try check(connection, path: shown)
    } catch let error as SQLiteError {
      throw fault(error, in: shown) ?? error
    }
  }

  /// What an SQLite error says of the file `name`: not a database, or a damaged one; nil for other errors.
  static func fault(_ error: SQLiteError, in name: String) -> DatabaseFileError? {
    switch error.resultCode {
    case SQLITE_NOTADB: DatabaseFileError(.notSQLite, "\(name) is not an SQLite database (\(error.message)).")
    case SQLITE_CORRUPT: DatabaseFileError(.damaged, "\(name) is a damaged SQLite database: \(error.message).")
    default: nil
    }
  }

  private static func check(_ db: SQLiteConnection, path: String) throws -> DatabaseCheck {
    let faults = try db.fetchAll("PRAGMA integrity_check(10)").map { try $0.first(as: String.self) }
    guard faults == ["ok"] else {
      throw DatabaseFileError(
        .damaged, "\(path) is a damaged SQLite database; integrity_check found: \(faults.joined(separator: "; ")).")
    }
    let tables = Set(
      try db.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table'").map { try $0.first(as: String.self) })
    let applied =
      tables.contains("grdb_migrations")
      ? try db.fetchAll("SELECT identifier FROM grdb_migrations").map { try $0.first(as: String.self) } : []
    let known = GatherStore.migrator.migrations.map(\.identifier)
    guard let first = known.first, applied.contains(first) else {
      throw DatabaseFileError(
        .notGatherd, "\(path) is an SQLite database, but not gatherd's: it has no record of gatherd's schema.")
    }
    let unknown = applied.filter { !known.contains($0) }.sorted()
    guard unknown.isEmpty else {
      throw DatabaseFileError(
        .newer,
        "\(path) was made by a newer gatherd: its schema has \(unknown.joined(separator: ", ")), which this gatherd "
          + "does not know. Upgrade gatherd first, or restore an older copy.")
    }
    let count = { (table: String) throws -> Int in
      tables.contains(table) ? try db.fetchValue("SELECT COUNT(*) FROM \"\(table)\"") ?? 0 : 0
    }
    return DatabaseCheck(
      path: path, players: try count("player"), gathers: try count("gather"), plans: try count("plan"),
      pendingMigrations: known.filter { !applied.contains($0) })
  }
}
