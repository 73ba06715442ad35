/// ISO 8601 as gatherd reads it, before the calendar has a say.
extension ISO8601 {
  /// A date, or a date and time with its zone, as written: the numbers in their places, none of them checked
  /// against the calendar yet (``instant()`` does that).
  struct Written: Equatable {
    /// Where the time was written: in UTC (`Z`) or at an offset.
    enum Zone: Equatable {
      /// `Z`.
      case utc
      /// `±hh:mm`, `±hhmm` or `±hh`, in seconds east of UTC.
      case offset(Int)
    }

    var year: Int
    var month: Int
    var day: Int
    var hour = 0
    var minute = 0
    var second = 0
    /// Milliseconds; digits of the fraction past the third are dropped.
    var millisecond = 0
    /// nil for a date alone (no time).
    var zone: Zone?

    /// The zone's offset in seconds east of UTC; 0 for `Z` and for a date alone.
    var utcOffset: Int {
      if case .offset(let seconds) = zone { seconds } else { 0 }
    }

    /// Reads `YYYY-MM-DD`, alone or followed by `Thh:mm`, optionally `:ss` and `.fraction` (1 to 9 digits), and
    /// a zone: `Z`, `±hh:mm`, `±hhmm` or `±hh` (hours to 23, minutes to 59). nil for anything else, a time
    /// without a zone included.
    init?(_ text: String) {
      var reader = Reader(bytes: Array(text.utf8))
      guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"),
        let day = reader.number(2)
      else { return nil }
      (self.year, self.month, self.day) = (year, month, day)
      if reader.atEnd { return }
      guard reader.skip("T"), let hour = reader.number(2), reader.skip(":"), let minute = reader.number(2)
      else { return nil }
      (self.hour, self.minute) = (hour, minute)
      if reader.skip(":") {
        guard let second = reader.number(2) else { return nil }
        self.second = second
        if reader.skip(".") {
          guard let fraction = reader.fraction() else { return nil }
          millisecond = fraction
        }
      }
      guard let zone = reader.zone(), reader.atEnd else { return nil }
      self.zone = zone
    }
  }

  /// Reads ASCII digits and separators from the start of some bytes.
  private struct Reader {
    let bytes: [UInt8]
    var position = 0

    var atEnd: Bool { position == bytes.count }

    /// Moves past `character` if it comes next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
      guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
      position += 1
      return true
    }

    /// Exactly `count` digits, as a number.
    mutating func number(_ count: Int) -> Int? {
      guard position + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[position..<position + count] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      position += count
      return value
    }

    /// A fraction of a second's digits (1 to 9) as whole milliseconds, rounded down.
    mutating func fraction() -> Int? {
      var digits: [Int] = []
      while digits.count < 10, let digit = number(1) { digits.append(digit) }
      guard (1...9).contains(digits.count) else { return nil }
      return (digits + [0, 0]).prefix(3).reduce(0) { $0 * 10 + $1 }
    }

    /// `Z`, `±hh:mm`, `±hhmm` or `±hh`.
    mutating func zone() -> Written.Zone? {
      if skip("Z") { return .utc }
      let sign: Int
      if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
      guard let hours = number(2) else { return nil }
      var minutes = 0
      if skip(":") {
        guard let written = number(2) else { return nil }
        minutes = written
      } else if !atEnd {
        guard let written = number(2) else { return nil }
        minutes = written
      }
      guard hours <= 23, minutes <= 59 else { return nil }
      return .offset(sign * (hours * 3600 + minutes * 60))
    }
  }
}
