import FoundationEssentials

/// iCalendar text as RFC 5545 writes it: content lines ended by CRLF and folded so that none is longer than 75
/// octets (a longer one goes on in lines that start with a space, never splitting a UTF-8 character), TEXT values
/// escaped (backslash, semicolon, comma, line breaks), and times in UTC ("20261203T180000Z").
struct ICalendarText {
  /// The text so far, in UTF-8.
  private(set) var bytes: [UInt8] = []

  /// Adds the content line `NAME:VALUE`, folded; `value` is written as it is (escape TEXT with ``text(_:)``).
  mutating func line(_ name: String, _ value: String) {
    var width = 0
    for scalar in (name + ":" + value).unicodeScalars {
      let encoded = Array(String(scalar).utf8)
      if width + encoded.count > 75 {
        bytes += [0x0D, 0x0A, 0x20]
        width = 1
      }
      bytes += encoded
      width += encoded.count
    }
    bytes += [0x0D, 0x0A]
  }

  /// A TEXT value: backslashes, semicolons and commas escaped, each line break (CRLF, LF or CR) as `\n`.
  static func text(_ value: String) -> String {
    var result = ""
    var afterCarriageReturn = false
    for scalar in value.unicodeScalars {
      defer { afterCarriageReturn = scalar == "\r" }
      switch scalar {
      case "\\": result += "\\\\"
      case ";": result += "\\;"
      case ",": result += "\\,"
      case "\r": result += "\\n"
      case "\n": if !afterCarriageReturn { result += "\\n" }
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A DATE-TIME in UTC: "20261203T180000Z".
  static func time(_ date: Date) -> String {
    let iso = ISO8601.string(date)  // 2026-12-03T18:00:00.000Z
    return iso.prefix(19).filter { $0 != "-" && $0 != ":" } + "Z"
  }
}
