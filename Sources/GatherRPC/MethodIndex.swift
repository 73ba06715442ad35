/// Finds a method's position by its name, for the dispatcher: an open-addressed table of positions hashed with
/// FNV-1a over the name's UTF-8 bytes, which costs a few instructions a byte where a `Dictionary` keyed by
/// `String` runs SipHash and its finalisation on every request. The table is at least twice as large as the
/// number of names, so a search always ends at an empty slot; names that collide only make it probe further.
struct MethodIndex: Sendable {
  /// Each slot holds a position in `names`, or -1 when empty.
  private let slots: [Int]
  private let mask: Int
  /// The names, by position.
  private let names: [String]

  /// An index of `names`; each must be distinct.
  init(_ names: [String]) {
    var size = 16
    while size < names.count * 2 { size *= 2 }
    var slots = [Int](repeating: -1, count: size)
    for (position, name) in names.enumerated() {
      var slot = Self.hash(name) & (size - 1)
      while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
      slots[slot] = position
    }
    self.slots = slots
    mask = size - 1
    self.names = names
  }

  /// The position of `name`, or nil when no method has it.
  func position(of name: String) -> Int? {
    var slot = Self.hash(name) & mask
    while true {
      let position = slots[slot]
      if position < 0 { return nil }
      if names[position] == name { return position }
      slot = (slot + 1) & mask
    }
  }

  /// FNV-1a over the name's UTF-8 bytes.
  private static func hash(_ name: String) -> Int {
    func fnv(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
      return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
    if let hash = name.utf8.withContiguousStorageIfAvailable(fnv) { return hash }
    var name = name
    return name.withUTF8(fnv)
  }
}
