/// A method's by-name params, read field by field with typed accessors. Each accessor names the field in its
/// error, and ``finish()`` refuses any field the method did not read, so a typo never passes silently.
public struct Params: Sendable {
  private let object: JSONObject
  private var read: Set<String> = []

  /// Params as sent: an object, an empty array, or none. Positional params are refused.
  public init(_ params: JSONValue?) throws(RPCError) {
    switch params {
    case nil, .array([])?: object = [:]
    case .object(let object)?: self.object = object
    default:
      throw .invalidParams(field: "params", "gatherd takes params by name, as an object such as {\"id\": 1}.")
    }
  }

  /// Every field as sent, read or not.
  public var fields: JSONObject { object }

  /// Whether the field was sent at all (even as null).
  public mutating func contains(_ field: String) -> Bool {
    read.insert(field)
    return object[field] != nil
  }

  /// Refuses the fields no accessor asked for.
  public func finish() throws(RPCError) {
    if let unknown = object.keys.first(where: { !read.contains($0) }) {
      throw .invalidParams(field: unknown, "This method has no parameter named \"\(unknown)\".")
    }
  }

  /// The raw value of a field; nil when absent.
  public mutating func value(_ field: String) -> JSONValue? {
    read.insert(field)
    return object[field]
  }

  /// A required integer field, within `range`.
  public mutating func int(_ field: String, in range: ClosedRange<Int64>? = nil) throws(RPCError) -> Int64 {
    guard let value = try optionalInt(field, in: range) else { throw missing(field, "an integer") }
    return value
  }

  /// An optional integer field (absent or null gives nil), within `range`.
  public mutating func optionalInt(_ field: String, in range: ClosedRange<Int64>? = nil) throws(RPCError) -> Int64? {
    guard let value = value(field), value != .null else { return nil }
    guard let number = value.intValue else { throw wrongType(field, "an integer", value) }
    if let range, !range.contains(number) {
      throw .invalidParams(
        field: field, "Parameter \"\(field)\" must be from \(range.lowerBound) to \(range.upperBound).")
    }
    return number
  }

  /// A required string field.
  public mutating func string(_ field: String) throws(RPCError) -> String {
    guard let value = try optionalString(field) else { throw missing(field, "a string") }
    return value
  }

  /// An optional string field (absent or null gives nil).
  public mutating func optionalString(_ field: String) throws(RPCError) -> String? {
    guard let value = value(field), value != .null else { return nil }
    guard let text = value.stringValue else { throw wrongType(field, "a string", value) }
    return text
  }

  /// An optional boolean field (absent or null gives nil).
  public mutating func optionalBool(_ field: String) throws(RPCError) -> Bool? {
    guard let value = value(field), value != .null else { return nil }
    guard case .bool(let flag) = value else { throw wrongType(field, "true or false", value) }
    return flag
  }

  /// A field that may be absent (nil), null to clear (`.some(nil)`), or set, read with `parse`.
  public mutating func clearable<T>(
    _ field: String, _ parse: (inout Params) throws(RPCError) -> T?
  ) throws(RPCError) -> T?? {
    guard let value = value(field) else { return nil }
    if value == .null { return .some(nil) }
    return .some(try parse(&self))
  }

  /// An optional array of integers (absent gives nil).
  public mutating func optionalIntArray(_ field: String) throws(RPCError) -> [Int64]? {
    guard let value = value(field), value != .null else { return nil }
    guard let elements = value.arrayValue else { throw wrongType(field, "an array of integers", value) }
    var numbers: [Int64] = []
    for element in elements {
      guard let number = element.intValue else { throw wrongType(field, "an array of integers", element) }
      numbers.append(number)
    }
    return numbers
  }

  /// An optional array of strings (absent gives nil).
  public mutating func optionalStringArray(_ field: String) throws(RPCError) -> [String]? {
    guard let value = value(field), value != .null else { return nil }
    guard let elements = value.arrayValue else { throw wrongType(field, "an array of strings", value) }
    var strings: [String] = []
    for element in elements {
      guard let string = element.stringValue else { throw wrongType(field, "an array of strings", element) }
      strings.append(string)
    }
    return strings
  }

  /// A required field whose string must be one of `choices`, parsed by `parse`.
  public mutating func choice<T>(
    _ field: String, _ choices: [String], _ parse: (String) -> T?
  ) throws(RPCError) -> T {
    guard let value = try optionalChoice(field, choices, parse) else { throw missing(field, "a string") }
    return value
  }

  /// An optional field whose string must be one of `choices`, parsed by `parse`.
  public mutating func optionalChoice<T>(
    _ field: String, _ choices: [String], _ parse: (String) -> T?
  ) throws(RPCError) -> T? {
    guard let text = try optionalString(field) else { return nil }
    guard let value = parse(text) else {
      throw .invalidParams(
        field: field, "Parameter \"\(field)\" must be one of \(choices.joined(separator: ", ")); got \"\(text)\".")
    }
    return value
  }

  private func missing(_ field: String, _ type: String) -> RPCError {
    .invalidParams(field: field, "Parameter \"\(field)\" is required and must be \(type).")
  }

  private func wrongType(_ field: String, _ type: String, _ value: JSONValue) -> RPCError {
    .invalidParams(field: field, "Parameter \"\(field)\" must be \(type), not \(value.typeName).")
  }
}
