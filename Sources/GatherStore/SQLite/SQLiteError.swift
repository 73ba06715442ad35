import CSQLite

/// An error SQLite reported: its (extended) result code, its message, and the statement that failed.
struct SQLiteError: Error, Sendable, CustomStringConvertible {
  /// The extended result code, e.g. SQLITE_IOERR_FSYNC; its low byte is the primary code.
  let extendedResultCode: Int32
  /// What SQLite said, e.g. "database or disk is full".
  let message: String
  /// The SQL that failed, if a statement did.
  let sql: String?

  /// An error of `code`, with SQLite's own words for it unless `message` is given.
  init(code: Int32, message: String? = nil, sql: String? = nil) {
    extendedResultCode = code
    self.message = message ?? String(cString: sqlite3_errstr(code))
    self.sql = sql
  }

  /// The last error of a connection, as SQLite reports it after a call failed with `code`.
  init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
    let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
    // The connection's code is the failed call's, unless that call reported nothing of its own.
    let resolved = (extended & 0xFF) == (code & 0xFF) ? extended : code
    let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
    self.init(code: resolved, message: message, sql: sql)
  }

  /// The primary result code, e.g. SQLITE_IOERR for SQLITE_IOERR_FSYNC.
  var resultCode: Int32 { extendedResultCode & 0xFF }

  /// SQLite's message, with the code and the statement.
  var description: String {
    "SQLite error \(extendedResultCode): \(message)" + (sql.map { " - while executing `\($0)`" } ?? "")
  }
}
