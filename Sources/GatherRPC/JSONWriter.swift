/// Writes JSON values as compact UTF-8 text, with no line breaks, so that each message is one line.
public enum JSONWriter {
  /// The value as compact JSON bytes.
  public static func bytes(_ value: JSONValue) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(128)
    write(value, into: &output)
    return output
  }

  /// The value as a compact JSON string.
  public static func string(_ value: JSONValue) -> String { String(decoding: bytes(value), as: UTF8.self) }

  /// Appends the value's JSON text to `output`.
  public static func write(_ value: JSONValue, into output: inout [UInt8]) {
    switch value {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .int(let number): writeInteger(number, into: &output)
    case .double(let number):
      if !number.isFinite {
        output.append(contentsOf: "null".utf8)
      } else if number.rounded() == number, abs(number) < 1e15 {
        writeInteger(Int64(number), into: &output)
      } else {
        output.append(contentsOf: "\(number)".utf8)
      }
    case .string(let text): writeString(text, into: &output)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { output.append(UInt8(ascii: ",")) }
        write(element, into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      if let encoded = object.encoded { return output.append(contentsOf: encoded) }
      writeMembers(object.storage, into: &output)
    }
  }

  /// Appends an object's members between braces. The head every JSON-RPC line gatherd sends begins with,
  /// `{"jsonrpc":"2.0"`, is appended as one literal.
  private static func writeMembers(_ members: [JSONObject.Member], into output: inout [UInt8]) {
    var rest = members[...]
    var separated = false
    if let first = members.first, first.key == "jsonrpc", case .string("2.0") = first.value {
      let head: StaticString = #"{"jsonrpc":"2.0""#
      output.append(contentsOf: UnsafeBufferPointer(start: head.utf8Start, count: head.utf8CodeUnitCount))
      rest = members.dropFirst()
      separated = true
    } else {
      output.append(UInt8(ascii: "{"))
    }
    for member in rest {
      if separated { output.append(UInt8(ascii: ",")) }
      separated = true
      writeString(member.key, into: &output)
      output.append(UInt8(ascii: ":"))
      write(member.value, into: &output)
    }
    output.append(UInt8(ascii: "}"))
  }

  /// Appends an integer's decimal digits, without making a `String` of them: they are worked out from the
  /// last on the stack, and appended in one copy.
  static func writeInteger(_ number: Int64, into output: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longestInteger) { buffer in
      output.append(contentsOf: decimal(number, endingAt: buffer))
    }
  }

  /// The most bytes ``decimal(_:endingAt:)`` writes: Int64.min's 19 digits and its sign.
  public static let longestInteger = 20

  /// Writes `number` in decimal at the end of `buffer` (at least ``longestInteger`` bytes) and returns the
  /// part written.
  public static func decimal(_ number: Int64, endingAt buffer: UnsafeMutableBufferPointer<UInt8>)
    -> UnsafeBufferPointer<UInt8>
  {
    var rest = number.magnitude
    var start = buffer.count
    repeat {
      start -= 1
      buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    } while rest > 0
    if number < 0 {
      start -= 1
      buffer[start] = UInt8(ascii: "-")
    }
    return UnsafeBufferPointer(rebasing: buffer[start...])
  }

  /// Appends a JSON string literal, escaping quotes, backslashes and control characters; runs of bytes that
  /// need no escape are copied at once. A native string's bytes are read where they lie.
  public static func writeString(_ text: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    let written: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in appendEscaping(bytes, into: &output) }
    if written == nil {
      var text = text
      text.withUTF8 { bytes in appendEscaping(bytes, into: &output) }
    }
    output.append(UInt8(ascii: "\""))
  }

  /// Appends UTF-8 bytes as a string literal's content, escaped.
  private static func appendEscaping(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    var start = 0
    for index in bytes.indices where bytes[index] < 0x20 || bytes[index] == 0x22 || bytes[index] == 0x5C {
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
      appendEscape(bytes[index], into: &output)
      start = index + 1
    }
    if start == 0 {
      output.append(contentsOf: bytes)
    } else if start < bytes.count {
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }
  }

  private static func appendEscape(_ byte: UInt8, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\\"))
    switch byte {
    case 0x0A: output.append(UInt8(ascii: "n"))
    case 0x0D: output.append(UInt8(ascii: "r"))
    case 0x09: output.append(UInt8(ascii: "t"))
    case 0x22, 0x5C: output.append(byte)
    default:
      let hex = Array("0123456789abcdef".utf8)
      output.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)]])
      output.append(hex[Int(byte & 0xF)])
    }
  }
}
