/// A small, fast generator with a fixed algorithm (SplitMix64), so a seed gives the same teams on every
/// machine and every release.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number that looks random but depends only on `value` and `seed`: the first output of a generator seeded
  /// with both. Sorting by it shuffles equals in an order each seed picks.
  static func mix(_ value: UInt64, _ seed: UInt64) -> UInt64 {
    var generator = SeededGenerator(seed: (value &* 0x9E37_79B9_7F4A_7C15) ^ seed)
    return generator.next()
  }

  /// A number from 0 to `bound - 1`; `bound` must be positive.
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// The elements in a random order, by Fisher–Yates with this generator.
  mutating func shuffled<T>(_ elements: [T]) -> [T] {
    var result = elements
    var index = result.count - 1
    while index > 0 {
      result.swapAt(index, below(index + 1))
      index -= 1
    }
    return result
  }
}
