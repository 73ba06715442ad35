import Glibc
import Logging

/// The kinds of value gatherd's settings take, each read strictly and refused with what is allowed.
extension SettingValue {
  /// A whole number within `range`, in decimal digits only; `unit` names what it counts ("bytes"), if anything.
  func wholeNumber(in range: ClosedRange<Int>, of unit: String? = nil) throws(SettingsError) -> Int {
    let of = unit.map { " of \($0)" } ?? ""
    guard !text.isEmpty, text.utf8.count <= 20, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
      let number = Int(text), range.contains(number)
    else {
      throw refuse("not a whole number\(of) from \(range.lowerBound) to \(range.upperBound)")
    }
    return number
  }

  /// A file's permission bits, in octal: `0660`, `660`, `0600`; at most 0777.
  func fileMode() throws(SettingsError) -> mode_t {
    guard (1...4).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x37).contains($0) }),
      let mode = mode_t(text, radix: 8), mode <= 0o777
    else {
      throw refuse("not an octal file mode from 0000 to 0777, such as 0660")
    }
    return mode
  }

  /// on or off; also yes or no, true or false, 1 or 0.
  func onOff() throws(SettingsError) -> Bool {
    switch text.lowercased() {
    case "on", "yes", "true", "1": return true
    case "off", "no", "false", "0": return false
    default: throw refuse("give on or off")
    }
  }

  /// A log level, in any case.
  func logLevel() throws(SettingsError) -> Logger.Level {
    guard let level = Logger.Level(rawValue: text.lowercased()) else {
      throw refuse("not a log level; give trace, debug, info, notice, warning, error or critical")
    }
    return level
  }
}

extension SettingValue {
  /// A duration of whole seconds, minutes, hours and days, largest first: `6h`, `90m`, `1d12h`, `30s`; `0` alone is
  /// none. It must lie within `range`.
  func duration(in range: ClosedRange<Duration>) throws(SettingsError) -> Duration {
    let units: [(Character, Int64)] = [("d", 86400), ("h", 3600), ("m", 60), ("s", 1)]
    var seconds: Int64 = 0
    var digits = ""
    var next = 0
    let valid: Bool = {
      if text == "0" { return true }
      guard !text.isEmpty, text.count <= 24 else { return false }
      for character in text {
        if character.isASCII, character.isNumber {
          digits.append(character)
        } else if let unit = units[next...].firstIndex(where: { $0.0 == character }), let number = Int64(digits) {
          seconds += number * units[unit].1
          digits = ""
          next = unit + 1
        } else {
          return false
        }
      }
      return digits.isEmpty
    }()
    let bound = { (duration: Duration) in Self.durationText(duration.components.seconds) }
    guard valid, range.contains(.seconds(seconds)) else {
      throw refuse(
        "not a duration from \(bound(range.lowerBound)) to \(bound(range.upperBound)), such as 6h, 90m or 1d12h")
    }
    return .seconds(seconds)
  }

  /// "30d", "1m", "0": a whole number of seconds in the largest unit that holds it.
  static func durationText(_ seconds: Int64) -> String {
    for (unit, size) in [("d", Int64(86400)), ("h", 3600), ("m", 60)] where seconds > 0 && seconds % size == 0 {
      return "\(seconds / size)\(unit)"
    }
    return seconds == 0 ? "0" : "\(seconds)s"
  }
}
