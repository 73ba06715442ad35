#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The strings every JSON-RPC message holds: its member names and its version.
extension JSONParser {
  /// The string literal with exactly these bytes, when they spell one of a request's envelope strings
  /// (`jsonrpc`, `2.0`, `id`, `method`, `params`) or a reply's (`result`, `error`); nil for any other text.
  /// A literal costs no decoding and no validation, and equals the decoded string in every way.
  func commonString(_ range: Range<Int>) -> String? {
    func spells(_ literal: StaticString) -> Bool {
      memcmp(bytes.baseAddress! + range.lowerBound, literal.utf8Start, range.count) == 0
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
}
