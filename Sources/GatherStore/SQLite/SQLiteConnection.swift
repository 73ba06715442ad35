import CSQLite

/// One connection to an SQLite database, with foreign keys on, every commit synced to disk
/// (`synchronous = FULL`) and a busy timeout of 5 s.
///
/// A connection is used by one thread at a time: ``SQLiteDatabase`` hands it out under a lock. It is opened in
/// SQLite's serialized mode besides, so it is `@unchecked Sendable` to move between the threads that take turns.
final class SQLiteConnection: @unchecked Sendable {
  private var handle: OpaquePointer?
  /// The database file, or ":memory:".
  let path: String

  /// Opens the database at `path`, creating it unless `readOnly`.
  init(path: String, readOnly: Bool = false) throws {
    let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    var handle: OpaquePointer?
    let code = sqlite3_open_v2(path, &handle, access | SQLITE_OPEN_FULLMUTEX, nil)
    guard code == SQLITE_OK, let handle else {
      let error = SQLiteError(code: code, connection: handle)
      sqlite3_close_v2(handle)
      throw error
    }
    self.handle = handle
    self.path = path
    sqlite3_extended_result_codes(handle, 1)
    sqlite3_busy_timeout(handle, 5_000)
    do {
      try execute("PRAGMA foreign_keys = ON")
      try execute("PRAGMA synchronous = FULL")
    } catch {
      close()
      throw error
    }
  }

  deinit { close() }

  /// Closes the connection; any later use throws.
  func close() {
    sqlite3_close_v2(handle)
    handle = nil
  }

  /// Runs `sql` with `arguments`. Without arguments `sql` may hold several statements.
  func execute(_ sql: String, _ arguments: [any SQLiteValueConvertible] = []) throws {
    let handle = try open()
    if arguments.isEmpty {
      let code = sqlite3_exec(handle, sql, nil, nil, nil)
      guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle, sql: sql) }
    } else {
      try statement(sql, arguments).run()
    }
  }

  /// The rows `sql` selects with `arguments`.
  func fetchAll(_ sql: String, _ arguments: [any SQLiteValueConvertible] = []) throws -> [SQLiteRow] {
    try statement(sql, arguments).rows()
  }

  /// The first row `sql` selects with `arguments`, if any.
  func fetchOne(_ sql: String, _ arguments: [any SQLiteValueConvertible] = []) throws -> SQLiteRow? {
    try fetchAll(sql, arguments).first
  }

  /// The first column of the first row `sql` selects, as `T`; nil if there is no row.
  func fetchValue<T: SQLiteValueConvertible>(
    _ sql: String, _ arguments: [any SQLiteValueConvertible] = [], as type: T.Type = T.self
  ) throws -> T? {
    try fetchOne(sql, arguments).map { try $0.first(as: T.self) }
  }

  /// Runs `sql` with `arguments` and hands each row to `body`, which reads its columns by index.
  func forEachRow(
    _ sql: String, _ arguments: [any SQLiteValueConvertible] = [], _ body: (SQLiteStatement) throws -> Void
  ) throws {
    try statement(sql, arguments).forEachRow(body)
  }

  /// `sql` compiled once, to run many times with ``SQLiteStatement/run(_:)``.
  func prepare(_ sql: String) throws -> SQLiteStatement {
    try SQLiteStatement(sql, connection: try open())
  }

  /// How many rows the last INSERT, UPDATE or DELETE changed.
  var changesCount: Int { handle.map { Int(sqlite3_changes($0)) } ?? 0 }

  /// The rowid of the last row inserted.
  var lastInsertedRowID: Int64 { handle.map { sqlite3_last_insert_rowid($0) } ?? 0 }

  /// Whether a transaction is open.
  var isInTransaction: Bool { handle.map { sqlite3_get_autocommit($0) == 0 } ?? false }

  /// Runs `body` in one transaction (`BEGIN IMMEDIATE` for writes, `BEGIN DEFERRED` for a read's snapshot),
  /// committed when `body` returns; rolled back if `body` or the commit throws.
  func inTransaction<T>(immediate: Bool, _ body: (SQLiteConnection) throws -> T) throws -> T {
    try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
    do {
      let result = try body(self)
      try execute("COMMIT")
      return result
    } catch {
      // SQLite may have rolled back already (on SQLITE_FULL, for one); then there is nothing left to undo.
      if isInTransaction { try? execute("ROLLBACK") }
      throw error
    }
  }

  private func statement(_ sql: String, _ arguments: [any SQLiteValueConvertible]) throws -> SQLiteStatement {
    let statement = try SQLiteStatement(sql, connection: try open())
    try statement.bind(arguments.map(\.sqliteValue))
    return statement
  }

  /// The open connection's handle, for SQLite's own APIs beyond statements (``copy(into:)``); throws once closed.
  func open() throws -> OpaquePointer {
    guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "the connection is closed") }
    return handle
  }
}
