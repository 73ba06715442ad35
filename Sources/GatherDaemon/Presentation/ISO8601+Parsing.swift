import FoundationEssentials
import Glibc

/// Reading the times clients send (`stats.players`' `since` and `until`).
extension ISO8601 {
  /// A UTC date ("2026-11-01", midnight) or date and time ("2026-11-01T18:30:00Z", seconds and
  /// milliseconds optional); nil for anything else.
  static func date(_ text: String) -> Date? {
    let digits = text.split(omittingEmptySubsequences: false) { "-T:.Z".contains($0) }
    let numbers = digits.map { Int($0) }
    guard text.count >= 10, numbers.prefix(3).allSatisfy({ $0 != nil }) else { return nil }
    let isDateOnly = text.count == 10
    guard isDateOnly || (text.hasSuffix("Z") && text.dropFirst(10).first == "T" && (5...7).contains(digits.count))
    else { return nil }
    let parts = numbers.map { $0 ?? 0 }
    var fields = tm()
    fields.tm_year = Int32(parts[0] - 1900)
    fields.tm_mon = Int32(parts[1] - 1)
    fields.tm_mday = Int32(parts[2])
    if !isDateOnly {
      fields.tm_hour = Int32(parts[3])
      fields.tm_min = Int32(parts[4])
      fields.tm_sec = Int32(digits.count > 5 ? parts[5] : 0)
    }
    guard (1...12).contains(parts[1]), (1...31).contains(parts[2]), fields.tm_hour < 24, fields.tm_min < 60,
      fields.tm_sec < 61
    else { return nil }
    let seconds = timegm(&fields)
    let fraction = digits.count == 7 ? Double("0." + digits[6]) ?? 0 : 0
    return Date(timeIntervalSince1970: Double(seconds) + fraction)
  }
}
