import CSQLite

/// One prepared statement of a connection, finalized when it goes away.
final class SQLiteStatement {
  private let handle: OpaquePointer
  private let connection: OpaquePointer
  /// The statement's SQL, for errors.
  let sql: String

  /// Compiles `sql`, which must hold one statement.
  init(_ sql: String, connection: OpaquePointer) throws {
    var handle: OpaquePointer?
    let code = sqlite3_prepare_v2(connection, sql, -1, &handle, nil)
    guard code == SQLITE_OK, let handle else {
      sqlite3_finalize(handle)
      throw SQLiteError(code: code, connection: connection, sql: sql)
    }
    self.handle = handle
    self.connection = connection
    self.sql = sql
  }

  deinit { sqlite3_finalize(handle) }

  /// How many `?` parameters the statement has.
  var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

  /// Binds `arguments` to the statement's parameters, in order; there must be one per parameter.
  func bind(_ arguments: [SQLiteValue]) throws {
    guard arguments.count == parameterCount else {
      throw SQLiteError(
        code: SQLITE_RANGE, message: "\(arguments.count) arguments for \(parameterCount) parameters", sql: sql)
    }
    for (offset, argument) in arguments.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32 =
        switch argument {
        case .null: sqlite3_bind_null(handle, index)
        case .integer(let value): sqlite3_bind_int64(handle, index, value)
        case .real(let value): sqlite3_bind_double(handle, index, value)
        case .text(let value): sqlite3_bind_text(handle, index, value, -1, csqlite_transient())
        }
      guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: connection, sql: sql) }
    }
  }

  /// Runs the statement to its end and returns the rows it produced.
  func rows() throws -> [SQLiteRow] {
    var rows: [SQLiteRow] = []
    let columns = (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
    while try step() { rows.append(SQLiteRow(columns: columns, values: columns.indices.map(value(at:)))) }
    return rows
  }

  /// Runs the statement to its end, discarding any rows.
  func run() throws { while try step() {} }

  /// Runs the statement again with new `arguments`, handing each row to `body` as ``forEachRow(_:)`` does: a
  /// statement prepared once for many lookups.
  func forEachRow(_ arguments: [SQLiteValue], _ body: (SQLiteStatement) throws -> Void) throws {
    sqlite3_reset(handle)
    try bind(arguments)
    try forEachRow(body)
  }

  /// Runs the statement to its end, handing each row to `body`, which reads it by column index
  /// (``int64(_:)``, ``double(_:)``, ``text(_:)``): for long results, where building a ``SQLiteRow`` per row would
  /// cost more than the query.
  func forEachRow(_ body: (SQLiteStatement) throws -> Void) throws {
    while try step() { try body(self) }
  }

  /// The current row's integer in `column` (counted from 0), or nil for NULL.
  func int64(_ column: Int32) -> Int64? {
    sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, column)
  }

  /// The current row's number in `column`, or nil for NULL.
  func double(_ column: Int32) -> Double? {
    sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : sqlite3_column_double(handle, column)
  }

  /// The current row's text in `column`, or nil for NULL.
  func text(_ column: Int32) -> String? {
    sqlite3_column_type(handle, column) == SQLITE_NULL
      ? nil : sqlite3_column_text(handle, column).map { String(cString: $0) }
  }

  /// Runs the statement again with new `arguments`, discarding any rows: a statement prepared once for many
  /// rows (``SQLiteConnection/prepare(_:)``) saves compiling its SQL each time.
  func run(_ arguments: [SQLiteValue]) throws {
    sqlite3_reset(handle)
    try bind(arguments)
    try run()
  }

  /// Advances to the next row: true if there is one, false once the statement is done.
  private func step() throws -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code: throw SQLiteError(code: code, connection: connection, sql: sql)
    }
  }

  private func value(at column: Int) -> SQLiteValue {
    let index = Int32(column)
    switch sqlite3_column_type(handle, index) {
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
    case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
    case SQLITE_NULL: return .null
    default: return .text(sqlite3_column_text(handle, index).map { String(cString: $0) } ?? "")
    }
  }
}
