/// The database held something the model cannot accept: a sign of a damaged or foreign file.
public struct StoreError: Error, CustomStringConvertible {
  /// What was wrong.
  public let description: String

  init(_ description: String) { self.description = description }
}

/// Reads a stored enumeration value, or explains which value the model does not know.
func decode<T: RawRepresentable<String>>(_ type: T.Type, _ raw: String) throws -> T {
  guard let value = T(rawValue: raw) else { throw StoreError("The database holds an unknown \(T.self) \"\(raw)\".") }
  return value
}
