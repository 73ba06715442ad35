import FoundationEssentials
import Glibc

/// Wall-clock times as clients read them: ISO 8601 in UTC with milliseconds, e.g. `2026-11-22T10:15:03.120Z`.
enum ISO8601 {
  /// The nearest millisecond, as the store keeps times: a time read as `.1` seconds, a binary fraction a hair
  /// under 0.1, is written back as `.100`.
  static func string(_ date: Date) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
    var seconds = time_t(milliseconds.floorDiv(1000))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    return "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1))-\(pad(Int(parts.tm_mday)))T"
      + "\(pad(Int(parts.tm_hour))):\(pad(Int(parts.tm_min))):\(pad(Int(parts.tm_sec))).\(pad(Int(milliseconds.floorMod(1000)), 3))Z"
  }

  private static func pad(_ value: Int, _ width: Int = 2) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}

extension Int64 {
  fileprivate func floorDiv(_ divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }

  fileprivate func floorMod(_ divisor: Int64) -> Int64 { self - floorDiv(divisor) * divisor }
}
