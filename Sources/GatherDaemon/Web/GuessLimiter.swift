/// Limits wrong control-token guesses per client address: each address may get `allowance` wrong in a row;
/// each wrong guess then waits `refill` before it stops counting. Past the allowance, a guess is refused
/// without being checked until enough time has passed, so a client gets at most about five guesses a minute.
/// A right token forgets the address's wrong ones. Time comes from the injected clock.
///
/// Memory is bounded by an ``AddressTable`` of `capacity` addresses: when it is full, an address whose wrong
/// guesses have all run out is dropped first; past that, new addresses share one allowance.
struct GuessLimiter<C: Clock> where C.Duration == Duration {
  /// How many wrong guesses in a row an address may make.
  static var allowance: Int { 5 }
  /// How long a wrong guess counts against its address.
  static var refill: Duration { .seconds(12) }

  private struct Entry {
    /// Wrong guesses still counting, as of `at` (fractions run out gradually).
    var level: Double
    var at: C.Instant
  }

  private var table: AddressTable<Entry, C>

  /// A limiter that tracks up to `capacity` addresses.
  init(clock: C, capacity: Int = 1024) {
    table = AddressTable(clock: clock, capacity: capacity)
  }

  /// How many addresses are tracked (the shared entry counts as one).
  var trackedCount: Int { table.count }

  /// Nil if `address` may guess now; otherwise how long until it may.
  mutating func wait(for address: String) -> Duration? {
    // A guess is allowed while one more wrong one would stay within the allowance.
    let level = currentLevel(key(for: address))
    guard level > Double(Self.allowance - 1) else { return nil }
    return Self.refill * (level - Double(Self.allowance - 1))
  }

  /// `address` guessed wrong.
  mutating func wrong(_ address: String) {
    let key = key(for: address)
    table[key] = Entry(level: currentLevel(key) + 1, at: table.now)
  }

  /// `address` gave the right token: its wrong guesses are forgotten.
  mutating func right(_ address: String) { table[address] = nil }

  private func currentLevel(_ key: String) -> Double {
    table[key].map { Self.level(of: $0, at: table.now) } ?? 0
  }

  /// The wrong guesses of `entry` still counting at `now`.
  private static func level(of entry: Entry, at now: C.Instant) -> Double {
    max(0, entry.level - entry.at.duration(to: now) / refill)
  }

  /// The key of `address`'s entry; when the table is full, addresses whose guesses have all run out make room.
  private mutating func key(for address: String) -> String {
    let now = table.now
    return table.key(for: address, droppingSpent: { Self.level(of: $0, at: now) == 0 })
  }
}
