/// Base64url without padding (RFC 4648 §5), as Web Push writes keys, salts and tokens.
public enum Base64URL {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// `bytes` in base64url, without `=` padding.
  public static func encode(_ bytes: some Sequence<UInt8>) -> String {
    let bytes = Array(bytes)
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count * 4 + 2) / 3)
    var index = 0
    while index + 3 <= bytes.count {
      let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
      for shift in [18, 12, 6, 0] { out.append(alphabet[Int(chunk >> UInt32(shift) & 63)]) }
      index += 3
    }
    let rest = bytes.count - index
    if rest > 0 {
      let chunk = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
      out.append(alphabet[Int(chunk >> 18 & 63)])
      out.append(alphabet[Int(chunk >> 12 & 63)])
      if rest == 2 { out.append(alphabet[Int(chunk >> 6 & 63)]) }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The bytes of `text` in base64url, with or without padding (standard base64's `+` and `/` taken too, as some
  /// browsers write them); nil for anything else.
  public static func decode(_ text: String) -> [UInt8]? {
    var values: [UInt8] = []
    for character in text.utf8 {
      switch character {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(character - UInt8(ascii: "A"))
      case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(character - UInt8(ascii: "a") + 26)
      case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(character - UInt8(ascii: "0") + 52)
      case UInt8(ascii: "-"), UInt8(ascii: "+"): values.append(62)
      case UInt8(ascii: "_"), UInt8(ascii: "/"): values.append(63)
      case UInt8(ascii: "="): continue
      default: return nil
      }
    }
    guard values.count % 4 != 1 else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(values.count * 3 / 4)
    var index = 0
    while index < values.count {
      let group = values[index..<min(index + 4, values.count)]
      var chunk: UInt32 = 0
      for (offset, value) in group.enumerated() { chunk |= UInt32(value) << UInt32(18 - 6 * offset) }
      out.append(UInt8(chunk >> 16 & 255))
      if group.count > 2 { out.append(UInt8(chunk >> 8 & 255)) }
      if group.count > 3 { out.append(UInt8(chunk & 255)) }
      index += 4
    }
    return out
  }
}
