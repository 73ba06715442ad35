/// One row of a query's result: its values by column name.
struct SQLiteRow: Sendable {
  /// The result's column names, in order.
  let columns: [String]
  /// The row's values, in the columns' order.
  let values: [SQLiteValue]

  /// The value of column `name`, as `T`; throws if there is no such column or it holds something else.
  subscript<T: SQLiteValueConvertible>(_ name: String) -> T {
    get throws {
      guard let index = columns.firstIndex(of: name) else { throw StoreError("A row has no column \"\(name)\".") }
      return try T(sqliteValue: values[index])
    }
  }

  /// The value of the first column, as `T`.
  func first<T: SQLiteValueConvertible>(as type: T.Type = T.self) throws -> T {
    guard let value = values.first else { throw StoreError("A row has no column.") }
    return try T(sqliteValue: value)
  }
}
