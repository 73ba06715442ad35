import FoundationEssentials
import Glibc

/// A plan's start as people write it: a date and time with its time zone, read and written back.
extension ISO8601 {
  /// "2026-12-03T19:00+01:00", "2026-12-03T18:00:00Z" or "2026-12-03T19:00:00+0100": seconds optional; the zone
  /// `Z`, `±HH:MM`, `±HHMM` or `±HH`. The instant, and the zone's offset in seconds east of UTC; nil for anything
  /// else, a time without a zone included.
  static func zonedDate(_ text: String) -> (date: Date, utcOffset: Int)? {
    let characters = Array(text.utf8)
    guard characters.count >= 17, characters[10] == UInt8(ascii: "T") else { return nil }
    guard let zoneStart = characters.indices.dropFirst(11).first(where: { "Z+-".utf8.contains(characters[$0]) })
    else { return nil }
    guard let offset = utcOffset(characters[zoneStart...]) else { return nil }
    guard let local = date(String(decoding: characters[..<zoneStart], as: UTF8.self) + "Z") else { return nil }
    return (local.addingTimeInterval(-Double(offset)), offset)
  }

  /// The instant as the time it was in a zone `utcOffset` seconds east of UTC: "2026-12-03T19:00:00+01:00".
  static func zonedString(_ date: Date, utcOffset: Int) -> String {
    let local = string(date.addingTimeInterval(Double(utcOffset)))
    let sign = utcOffset < 0 ? "-" : "+"
    let minutes = abs(utcOffset) / 60
    return local.prefix(19) + sign + two(minutes / 60) + ":" + two(minutes % 60)
  }

  /// `Z`, `±HH:MM`, `±HHMM` or `±HH` as seconds east of UTC, or nil.
  private static func utcOffset(_ zone: ArraySlice<UInt8>) -> Int? {
    guard let sign = zone.first else { return nil }
    if sign == UInt8(ascii: "Z") { return zone.count == 1 ? 0 : nil }
    let digits = zone.dropFirst().filter { $0 != UInt8(ascii: ":") }
    let colons = zone.count - 1 - digits.count
    guard digits.allSatisfy({ (48...57).contains($0) }), [2, 4].contains(digits.count),
      colons == (zone.count == 6 ? 1 : 0)
    else { return nil }
    let values = digits.map { Int($0) - 48 }
    let hours = values[0] * 10 + values[1]
    let minutes = digits.count == 4 ? values[2] * 10 + values[3] : 0
    guard hours <= 23, minutes <= 59 else { return nil }
    return (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
  }

  private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
