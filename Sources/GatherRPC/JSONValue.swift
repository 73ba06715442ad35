/// A JSON value as it travels on the wire. Objects keep their members in order, so replies read the way
/// they were written.
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case int(Int64)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  /// The JSON type's name, for error messages: "null", "boolean", "number", "string", "array" or "object".
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .int, .double: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  /// The string, if this is one.
  public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
  /// The object, if this is one.
  public var objectValue: JSONObject? { if case .object(let value) = self { value } else { nil } }
  /// The elements, if this is an array.
  public var arrayValue: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
  /// The integer, if this is a number without a fractional part.
  public var intValue: Int64? {
    switch self {
    case .int(let value): value
    case .double(let value) where value.rounded() == value && abs(value) < 9e15: Int64(value)
    default: nil
    }
  }

  /// The member named `key`, if this is an object that has it.
  public subscript(key: String) -> JSONValue? { objectValue?[key] }
}

/// A JSON object: members in insertion order, looked up by name.
public struct JSONObject: Sendable, Hashable, ExpressibleByDictionaryLiteral {
  /// One member. Kept as a struct, not a tuple: an array of it is destroyed through the struct's own value
  /// witness, where a tuple's elements go through the runtime's generic one, element by element.
  struct Member: Sendable {
    var key: String
    var value: JSONValue
  }

  /// The members, in order, as the parser, the writer and the dispatcher read them.
  private(set) var storage: [Member] {
    didSet { encoded = nil }
  }
  /// The members, in order.
  public var members: [(key: String, value: JSONValue)] { storage.map { (key: $0.key, value: $0.value) } }
  /// The object's JSON text, when it was worked out once for an object sent many times; any change drops it.
  private(set) var encoded: [UInt8]?

  /// An object with these members, in order.
  public init(_ members: [(key: String, value: JSONValue)] = []) {
    storage = members.map { Member(key: $0.key, value: $0.value) }
  }

  /// An object with these members, in order.
  init(storage: [Member]) { self.storage = storage }

  /// An object written as a literal, in order.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    storage = elements.map { Member(key: $0.0, value: $0.1) }
  }

  /// The member named `key`; setting replaces it in place or appends it.
  public subscript(key: String) -> JSONValue? {
    get { storage.first { $0.key == key }?.value }
    set {
      let index = storage.firstIndex { $0.key == key }
      switch (index, newValue) {
      case (let index?, let value?): storage[index].value = value
      case (let index?, nil): storage.remove(at: index)
      case (nil, let value?): storage.append(Member(key: key, value: value))
      case (nil, nil): break
      }
    }
  }

  /// The member names, in order.
  public var keys: [String] { storage.map(\.key) }

  /// The same object, with its JSON text worked out now, so that writing it again is a copy: for a reply that
  /// many clients read unchanged.
  public func encodedOnce() -> JSONObject {
    var copy = self
    copy.encoded = JSONWriter.bytes(.object(self))
    return copy
  }

  /// Whether two objects have the same members, in any order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.storage.count == rhs.storage.count && lhs.storage.allSatisfy { rhs[$0.key] == $0.value }
  }

  /// Hashes the members' names and values, in any order.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.count)
    for member in storage.sorted(by: { $0.key < $1.key }) {
      hasher.combine(member.key)
      hasher.combine(member.value)
    }
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByArrayLiteral, ExpressibleByNilLiteral
{
  /// A string literal.
  public init(stringLiteral value: String) { self = .string(value) }
  /// An integer literal.
  public init(integerLiteral value: Int64) { self = .int(value) }
  /// A boolean literal.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// An array literal.
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  /// The null literal.
  public init(nilLiteral: ()) { self = .null }
}
