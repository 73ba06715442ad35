/// Zones read from the time zone database's files (TZif, RFC 8536), such as /usr/share/zoneinfo/Europe/Berlin: the
/// offsets in force between the file's transitions, from its version 2 (64-bit) data.
extension ZoneRule {
  /// The zone a TZif file of version 2 or later describes; nil when `bytes` are not one. Before the first
  /// transition the first offset holds, and after the last the last one: the files Debian installs list each
  /// transition up to 2037, and the rule that goes on after it (the file's footer) is not read.
  public static func tzif(_ bytes: [UInt8]) -> ZoneRule? {
    var reader = TZifReader(bytes: bytes)
    guard let first = reader.header(), first.version >= 2 else { return nil }
    // The version 1 data, with 32-bit times, comes first: skipped.
    reader.skip(first.dataLength(timeSize: 4))
    guard let header = reader.header(), let transitions = reader.transitions(header) else { return nil }
    return ZoneRule { instant in
      // The last transition at or before the instant.
      var low = 0
      var high = transitions.count
      while low < high {
        let middle = (low + high) / 2
        if transitions[middle].at <= instant { low = middle + 1 } else { high = middle }
      }
      return low == 0 ? transitions.first?.offset ?? 0 : transitions[low - 1].offset
    }
  }
}

/// Reads a TZif file's headers and its 64-bit transitions.
private struct TZifReader {
  /// One header's counts.
  struct Header {
    let version: Int
    let isUTCCount, isStandardCount, leapCount, timeCount, typeCount, characterCount: Int

    /// The length of the data block after this header, with times of `timeSize` bytes.
    func dataLength(timeSize: Int) -> Int {
      timeCount * timeSize + timeCount + typeCount * 6 + characterCount + leapCount * (timeSize + 4)
        + isStandardCount + isUTCCount
    }
  }

  let bytes: [UInt8]
  var position = 0

  /// The next header: "TZif", the version, 15 reserved bytes and six counts; nil when there is none.
  mutating func header() -> Header? {
    guard position + 44 <= bytes.count, Array(bytes[position..<position + 4]) == Array("TZif".utf8) else { return nil }
    let version = bytes[position + 4] == 0 ? 1 : Int(bytes[position + 4]) - 0x30
    position += 20
    let counts = (0..<6).map { _ in Int(integer(size: 4)) }
    guard counts.allSatisfy({ $0 >= 0 }) else { return nil }
    return Header(
      version: version, isUTCCount: counts[0], isStandardCount: counts[1], leapCount: counts[2],
      timeCount: counts[3], typeCount: counts[4], characterCount: counts[5])
  }

  mutating func skip(_ length: Int) { position += length }

  /// The transitions of the data block after `header`, with 64-bit times: each instant and the offset from then on,
  /// in order; nil when the block is cut short or names a type it does not have.
  mutating func transitions(_ header: Header) -> [(at: Int64, offset: Int)]? {
    guard header.typeCount > 0, position + header.dataLength(timeSize: 8) <= bytes.count else { return nil }
    let times = (0..<header.timeCount).map { _ in integer(size: 8) }
    let start = position
    let types = (0..<header.timeCount).map { Int(bytes[start + $0]) }
    position += header.timeCount
    var offsets: [Int] = []
    for _ in 0..<header.typeCount {
      offsets.append(Int(Int32(truncatingIfNeeded: integer(size: 4))))
      position += 2
    }
    guard types.allSatisfy({ $0 < offsets.count }) else { return nil }
    // Before the first transition, the first type that is not daylight time; the first type will do.
    return [(at: Int64.min, offset: offsets[0])]
      + zip(times, types).map { time, type in (at: time, offset: offsets[type]) }
  }

  /// A big-endian signed integer of `size` bytes.
  mutating func integer(size: Int) -> Int64 {
    var value: UInt64 = 0
    for byte in bytes[position..<position + size] { value = value << 8 | UInt64(byte) }
    position += size
    let shift = UInt64(64 - size * 8)
    return Int64(bitPattern: value << shift) >> Int64(shift)
  }
}
