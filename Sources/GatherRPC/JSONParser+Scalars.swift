/// Strings and numbers.
extension JSONParser {
  mutating func parseString() throws(SyntaxError) -> String {
    index += 1
    let start = index
    // Fast path: no escapes.
    var end = index
    while end < bytes.count {
      let byte = bytes[end]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      end += 1
    }
    index = end
    if current == UInt8(ascii: "\"") {
      defer { index += 1 }
      if let common = commonString(start..<index) { return common }
      return try decodeUTF8(start..<index)
    }
    var scalars = [UInt8](bytes[start..<index])
    while true {
      guard let byte = current else { throw error("unterminated string") }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return try decodeUTF8(scalars)
      case UInt8(ascii: "\\"):
        index += 1
        try appendEscape(to: &scalars)
      case ..<0x20: throw error("control character in a string")
      default:
        scalars.append(byte)
        index += 1
      }
    }
  }

  private mutating func appendEscape(to output: inout [UInt8]) throws(SyntaxError) {
    guard let byte = current else { throw error("unterminated string") }
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
    case UInt8(ascii: "b"): output.append(0x08)
    case UInt8(ascii: "f"): output.append(0x0C)
    case UInt8(ascii: "n"): output.append(0x0A)
    case UInt8(ascii: "r"): output.append(0x0D)
    case UInt8(ascii: "t"): output.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try hex4()
      if (0xD800..<0xDC00).contains(scalar) {
        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
          throw error("unpaired surrogate in a \\u escape")
        }
        index += 2
        let low = try hex4()
        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in a \\u escape") }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00..<0xE000).contains(scalar) {
        throw error("unpaired surrogate in a \\u escape")
      }
      guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
      output.append(contentsOf: Array(String(Character(unicode)).utf8))
    default: throw error("invalid escape in a string")
    }
  }

  private mutating func hex4() throws(SyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("unterminated \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("invalid hex digit in a \\u escape")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  /// The string literal with exactly these bytes, when they spell one of a request's envelope strings
  /// (`jsonrpc`, `2.0`, `id`, `method`, `params`) or a reply's (`result`, `error`); nil for any other text.
  /// A literal costs no decoding and no validation, and equals the decoded string in every way. Each case
  /// compares a literal of exactly the range's length.
  private func commonString(_ range: Range<Int>) -> String? {
    func spells(_ literal: StaticString) -> Bool {
      let text = literal.utf8Start
      var offset = 0
      while offset < range.count {
        guard bytes[range.lowerBound &+ offset] == text[offset] else { return false }
        offset &+= 1
      }
      return true
    }
    switch range.count {
    case 2: return spells("id") ? "id" : nil
    case 3: return spells("2.0") ? "2.0" : nil
    case 5: return spells("error") ? "error" : nil
    case 6:
      switch bytes[range.lowerBound] {
      case UInt8(ascii: "m"): return spells("method") ? "method" : nil
      case UInt8(ascii: "p"): return spells("params") ? "params" : nil
      case UInt8(ascii: "r"): return spells("result") ? "result" : nil
      default: return nil
      }
    case 7: return spells("jsonrpc") ? "jsonrpc" : nil
    default: return nil
    }
  }

  private func decodeUTF8(_ range: Range<Int>) throws(SyntaxError) -> String {
    let slice = UnsafeRawBufferPointer(rebasing: bytes[range])
    // ASCII, by far the most common, is valid UTF-8 as it stands.
    if slice.allSatisfy({ $0 < 0x80 }) { return String(decoding: slice, as: UTF8.self) }
    guard let string = String(validating: slice, as: UTF8.self) else {
      throw error("a string is not valid UTF-8")
    }
    return string
  }

  private func decodeUTF8(_ scalars: [UInt8]) throws(SyntaxError) -> String {
    guard let string = String(validating: scalars, as: UTF8.self) else { throw error("a string is not valid UTF-8") }
    return string
  }

  /// An integer of at most 18 characters (sign included), which always fits in Int64, read without a String.
  private func smallInteger(_ range: Range<Int>) -> Int64 {
    var digits = range
    let negative = bytes[range.lowerBound] == UInt8(ascii: "-")
    if negative { digits = range.dropFirst() }
    var value: Int64 = 0
    for index in digits { value = value * 10 + Int64(bytes[index] &- UInt8(ascii: "0")) }
    return negative ? -value : value
  }

  mutating func parseNumber() throws(SyntaxError) -> JSONValue {
    let start = index
    var isInteger = true
    if current == UInt8(ascii: "-") { index += 1 }
    guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
      throw error("a number needs digits")
    }
    if first == UInt8(ascii: "0") { index += 1 } else { skipDigits() }
    if current == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard skipDigits() > 0 else { throw error("a number needs digits after '.'") }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard skipDigits() > 0 else { throw error("a number needs digits in its exponent") }
    }
    if isInteger, index - start <= 18 { return .int(smallInteger(start..<index)) }
    let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    if isInteger, let value = Int64(text) { return .int(value) }
    guard let value = Double(text), value.isFinite else { throw error("a number is out of range") }
    return .double(value)
  }

  @discardableResult
  private mutating func skipDigits() -> Int {
    let start = index
    while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
    return index - start
  }
}
