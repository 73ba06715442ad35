/// Reads one JSON text from UTF-8 bytes. Strict (RFC 8259), and nesting is limited so that hostile input
/// cannot exhaust the stack.
public struct JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  public static let maxDepth = 128

  /// Why a text is not JSON.
  public struct SyntaxError: Error, Sendable, Hashable {
    /// What was wrong, for people.
    public let message: String
    /// The byte offset where it was noticed.
    public let offset: Int
  }

  let bytes: UnsafeRawBufferPointer
  var index = 0
  private var depth = 0

  private init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  /// Parses a complete JSON text; white space may surround it, nothing else may follow it.
  public static func parse(_ bytes: UnsafeRawBufferPointer) throws(SyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    let value = try parser.parseValue()
    parser.skipWhitespace()
    guard parser.index == bytes.count else { throw parser.error("unexpected data after the JSON value") }
    return value
  }

  /// Parses a complete JSON text from an array of bytes.
  public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
    do {
      return try bytes.withUnsafeBytes { buffer in try parse(buffer) }
    } catch let error as SyntaxError { throw error } catch { throw SyntaxError(message: "\(error)", offset: 0) }
  }

  func error(_ message: String) -> SyntaxError { SyntaxError(message: message, offset: index) }

  var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
  }

  private mutating func expect(_ literal: StaticString, _ value: JSONValue) throws(SyntaxError) -> JSONValue {
    let count = literal.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw error("unexpected end of input") }
    for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] {
      throw error("unexpected character")
    }
    index += count
    return value
  }

  private mutating func parseValue() throws(SyntaxError) -> JSONValue {
    skipWhitespace()
    guard let byte = current else { throw error("unexpected end of input") }
    switch byte {
    case UInt8(ascii: "{"):
      return try nested { (parser: inout JSONParser) throws(SyntaxError) in try parser.parseObject() }
    case UInt8(ascii: "["):
      return try nested { (parser: inout JSONParser) throws(SyntaxError) in try parser.parseArray() }
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try expect("true", .bool(true))
    case UInt8(ascii: "f"): return try expect("false", .bool(false))
    case UInt8(ascii: "n"): return try expect("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("unexpected character")
    }
  }

  private mutating func nested(
    _ body: (inout JSONParser) throws(SyntaxError) -> JSONValue
  ) throws(SyntaxError) -> JSONValue {
    depth += 1
    guard depth <= Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
    defer { depth -= 1 }
    return try body(&self)
  }

  private mutating func parseObject() throws(SyntaxError) -> JSONValue {
    index += 1
    var members: [JSONObject.Member] = []
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      index += 1
      return .object(JSONObject(storage: members))
    }
    // Most objects here are small (a request's envelope, its params): one allocation holds them.
    members.reserveCapacity(4)
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
      let key = try parseString()
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
      index += 1
      members.append(JSONObject.Member(key: key, value: try parseValue()))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return .object(JSONObject(storage: members))
      default: throw error("expected ',' or '}' in an object")
      }
    }
  }

  private mutating func parseArray() throws(SyntaxError) -> JSONValue {
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      elements.append(try parseValue())
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return .array(elements)
      default: throw error("expected ',' or ']' in an array")
      }
    }
  }
}
