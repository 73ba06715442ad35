import CSQLite

extension SQLiteConnection {
  /// How long ``copy(into:)`` retries while the source is locked (a WAL recovery, a checkpoint), in milliseconds.
  static let backupPatience: Int32 = 10_000

  /// Copies this connection's whole main database over `destination`'s with SQLite's online backup API
  /// (`sqlite3_backup_init`, `_step`, `_finish`), in one step: the copy is one read transaction's snapshot of
  /// this database, so a writer in another connection or process goes on meanwhile (in WAL mode it is never
  /// held up), and every commit it made is either wholly in the copy or not at all.
  func copy(into destination: SQLiteConnection) throws {
    let source = try open()
    let target = try destination.open()
    guard let backup = sqlite3_backup_init(target, "main", source, "main") else {
      throw SQLiteError(code: sqlite3_errcode(target), connection: target)
    }
    var code = sqlite3_backup_step(backup, -1)
    var waited: Int32 = 0
    // Busy or locked: another connection holds what the step needs for a moment; the step starts over.
    while code == SQLITE_BUSY || code == SQLITE_LOCKED, waited < Self.backupPatience {
      sqlite3_sleep(50)
      waited += 50
      code = sqlite3_backup_step(backup, -1)
    }
    let finished = sqlite3_backup_finish(backup)
    guard code == SQLITE_DONE else { throw SQLiteError(code: code, connection: target) }
    guard finished == SQLITE_OK else { throw SQLiteError(code: finished, connection: target) }
  }
}
