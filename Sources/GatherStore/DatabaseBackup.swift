import CSQLite
import Glibc

/// Consistent copies of a gatherd database file, taken with SQLite's online backup API while gatherd may be
/// writing it: no stop, no lost write, no partial file.
///
/// The source is opened read-only, in a connection of its own, so this runs beside a running gatherd (in the
/// same process or another): in WAL mode a reader copies one committed snapshot while the writer goes on, and
/// every change gatherd acknowledged before the copy began is in it. The copy is a plain SQLite file in
/// rollback-journal mode, with nothing beside it, that SQLite opens anywhere, read-only too.
public enum DatabaseBackup {
  /// Copies the database at `source` to `destination`, a new file unless `replacing`, and returns the copy's
  /// size in bytes. The copy is written beside `destination` under a temporary name, synced and then renamed, so
  /// `destination` is never a partial file; on failure nothing is left behind.
  @discardableResult
  public static func copy(databaseAt source: String, to destination: String, replacing: Bool = false) throws -> Int64 {
    var sourceStatus = stat()
    guard stat(source, &sourceStatus) == 0 else {
      throw DatabaseFileError(.missing, "There is no database at \(source): \(String(cString: strerror(errno))).")
    }
    var destinationStatus = stat()
    if stat(destination, &destinationStatus) == 0 {
      guard replacing else { throw DatabaseFileError.exists(destination) }
      if destinationStatus.st_dev == sourceStatus.st_dev, destinationStatus.st_ino == sourceStatus.st_ino {
        throw DatabaseFileError(.sameFile, "\(destination) is the database itself; copy it somewhere else.")
      }
    }
    let staged = try StagedFile(for: destination)
    do {
      try copy(from: SQLiteConnection(path: source, readOnly: true), toFileAt: staged.temporaryPath)
      try staged.sync()
      try staged.commit(replacing: replacing)
    } catch {
      staged.discard()
      throw error
    }
    var copied = stat()
    return stat(destination, &copied) == 0 ? Int64(copied.st_size) : 0
  }

  /// Copies what `source` holds into the (new, empty) file at `path` and makes that a standalone file: the
  /// rollback journal, so no -wal or -shm file belongs to it.
  static func copy(from source: SQLiteConnection, toFileAt path: String) throws {
    defer { source.close() }
    let target = try SQLiteConnection(path: path)
    defer { target.close() }
    try source.copy(into: target)
    let mode = try target.fetchValue("PRAGMA journal_mode = DELETE", as: String.self)
    guard mode == "delete" else { throw StoreError("The copy \(path) kept the journal mode \(mode ?? "?").") }
  }
}
