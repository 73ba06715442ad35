/// Limits wrong control-token guesses per client address: each address may get `allowance` wrong in a row;
/// each wrong guess then waits `refill` before it stops counting. Past the allowance, a guess is refused
/// without being checked until enough time has passed, so a client gets at most about five guesses a minute.
/// A right token forgets the address's wrong ones. Time comes from the injected clock.
///
/// Memory is bounded: at most `capacity` addresses are tracked (an address whose wrong guesses have all run
/// out is dropped first); past that, new addresses share one entry, ``overflowKey``.
struct GuessLimiter<C: Clock> where C.Duration == Duration {
  /// How many wrong guesses in a row an address may make.
  static var allowance: Int { 5 }
  /// How long a wrong guess counts against its address.
  static var refill: Duration { .seconds(12) }
  /// The entry that addresses share once `capacity` addresses are tracked.
  static var overflowKey: String { "other addresses" }

  private struct Entry {
    /// Wrong guesses still counting, as of `at` (fractions run out gradually).
    var level: Double
    var at: C.Instant
  }

  /// The clock guesses are timed on.
  let clock: C
  /// The most addresses tracked at once.
  let capacity: Int
  private var entries: [String: Entry] = [:]

  /// A limiter that tracks up to `capacity` addresses.
  init(clock: C, capacity: Int = 1024) {
    self.clock = clock
    self.capacity = capacity
  }

  /// How many addresses are tracked.
  var trackedCount: Int { entries.count }

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
    entries[key] = Entry(level: currentLevel(key) + 1, at: clock.now)
  }

  /// `address` gave the right token: its wrong guesses are forgotten.
  mutating func right(_ address: String) { entries[address] = nil }

  private func currentLevel(_ key: String) -> Double {
    guard let entry = entries[key] else { return 0 }
    let elapsed = entry.at.duration(to: clock.now) / Self.refill
    return max(0, entry.level - elapsed)
  }

  /// The entry for `address`: its own, or the shared one when too many are tracked.
  private mutating func key(for address: String) -> String {
    guard entries[address] == nil, entries.count >= capacity else { return address }
    for (key, _) in entries where currentLevel(key) == 0 { entries[key] = nil }
    return entries.count < capacity ? address : Self.overflowKey
  }
}
