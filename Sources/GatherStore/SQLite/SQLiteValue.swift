/// A value as SQLite stores it in a column or takes it as a statement's argument.
enum SQLiteValue: Sendable, Hashable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
}

/// A Swift type that is stored as an SQLite value and read back from one.
protocol SQLiteValueConvertible {
  /// The value to bind to a statement's parameter.
  var sqliteValue: SQLiteValue { get }
  /// Reads the value from a column; throws if the column holds something else.
  init(sqliteValue: SQLiteValue) throws
}

extension SQLiteValue {
  func mismatch(_ type: Any.Type) -> StoreError { StoreError("The database holds \(self) where \(type) belongs.") }
}

extension Int64: SQLiteValueConvertible {
  var sqliteValue: SQLiteValue { .integer(self) }
  init(sqliteValue: SQLiteValue) throws {
    guard case .integer(let value) = sqliteValue else { throw sqliteValue.mismatch(Int64.self) }
    self = value
  }
}

extension Int: SQLiteValueConvertible {
  var sqliteValue: SQLiteValue { .integer(Int64(self)) }
  init(sqliteValue: SQLiteValue) throws {
    guard let value = Int(exactly: try Int64(sqliteValue: sqliteValue)) else { throw sqliteValue.mismatch(Int.self) }
    self = value
  }
}

extension Bool: SQLiteValueConvertible {
  var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) }
  init(sqliteValue: SQLiteValue) throws { self = try Int64(sqliteValue: sqliteValue) != 0 }
}

extension Double: SQLiteValueConvertible {
  var sqliteValue: SQLiteValue { .real(self) }
  init(sqliteValue: SQLiteValue) throws {
    switch sqliteValue {
    case .real(let value): self = value
    case .integer(let value): self = Double(value)
    default: throw sqliteValue.mismatch(Double.self)
    }
  }
}

extension String: SQLiteValueConvertible {
  var sqliteValue: SQLiteValue { .text(self) }
  init(sqliteValue: SQLiteValue) throws {
    guard case .text(let value) = sqliteValue else { throw sqliteValue.mismatch(String.self) }
    self = value
  }
}

extension Optional: SQLiteValueConvertible where Wrapped: SQLiteValueConvertible {
  var sqliteValue: SQLiteValue { map(\.sqliteValue) ?? .null }
  init(sqliteValue: SQLiteValue) throws {
    self = sqliteValue == .null ? nil : try Wrapped(sqliteValue: sqliteValue)
  }
}
