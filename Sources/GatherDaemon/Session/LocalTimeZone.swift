import FoundationEssentials
import GatherModel
import Glibc

/// The server's own time zone, as the C library keeps it (`TZ`, else `/etc/localtime`): its name where it has
/// one, and the offset from UTC in force at any moment or wall-clock time. The page's plan form writes its times
/// in it, so that a phone set to another zone still plans at the pitch's time.
enum LocalTimeZone {
  /// The zone's name ("Europe/Lisbon"): `TZ` when it holds one, else the zone file `/etc/localtime` links to; nil
  /// when neither names one (a POSIX rule in `TZ`, a copied file).
  static func name() -> String? {
    if let variable = getenv("TZ") {
      var text = String(cString: variable)
      if text.hasPrefix(":") { text.removeFirst() }
      if text.hasPrefix("/") { return zoneName(inPath: text) }
      // A name such as Europe/Lisbon, not a rule such as CET-1CEST,M3.5.0,M10.5.0/3.
      let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/_-+")
      return (text.contains("/") || text == "UTC") && text.allSatisfy(allowed.contains) ? text : nil
    }
    var buffer = [CChar](repeating: 0, count: 512)
    let count = readlink("/etc/localtime", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return zoneName(inPath: String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

  /// "Europe/Lisbon" from ".../zoneinfo/Europe/Lisbon"; nil for a path outside a zoneinfo folder.
  private static func zoneName(inPath path: String) -> String? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard let folder = parts.lastIndex(of: "zoneinfo"), folder + 1 < parts.count else { return nil }
    return parts[(folder + 1)...].joined(separator: "/")
  }

  /// The offset from UTC in force at `seconds` since 1970, in seconds east of UTC.
  static func offset(at seconds: Int64) -> Int {
    var time = time_t(seconds)
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return 0 }
    return Int(parts.tm_gmtoff)
  }

  /// The zone as the model reads zones: the offset in force at each instant, with its clock changes.
  static let rule = ZoneRule { offset(at: $0) }

  /// The moment a wall-clock time names here, given as seconds since 1970 as if the wall clock were UTC, and the
  /// offset in force then. A time that a clock change skips or repeats takes one of the two offsets around it.
  static func instant(wallSeconds wall: Int64) -> (date: Date, utcOffset: Int) {
    rule.instant(wallSeconds: wall)
  }
}
