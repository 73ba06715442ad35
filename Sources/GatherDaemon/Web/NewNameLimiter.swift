/// Limits the new players a client address adds by name through sign-up links: each address may add
/// ``allowance`` in a row, and each name added stops counting after ``refill`` (an hour for the whole allowance), so
/// a real group signing up from one phone or one network is never refused, while a leaked link cannot fill the
/// roster from one address. Time comes from the injected clock.
///
/// Memory is bounded by an ``AddressTable``: when it is full, an address whose names have all run out is dropped
/// first; past that, new addresses share one allowance.
struct NewNameLimiter<C: Clock> where C.Duration == Duration {
  /// How many names in a row an address may add.
  static var allowance: Int { 20 }
  /// How long one name counts against its address.
  static var refill: Duration { .seconds(180) }

  private struct Entry {
    /// Names still counting, as of `at` (fractions run out gradually).
    var level: Double
    var at: C.Instant
  }

  private var table: AddressTable<Entry, C>

  /// A limiter that tracks up to `capacity` addresses.
  init(clock: C, capacity: Int = 1024) {
    table = AddressTable(clock: clock, capacity: capacity)
  }

  /// Counts one new name from `address`: nil when it may add it, otherwise how long until it may (and nothing is
  /// counted).
  mutating func take(_ address: String) -> Duration? {
    let now = table.now
    let key = table.key(for: address, droppingSpent: { Self.level(of: $0, at: now) == 0 })
    let level = table[key].map { Self.level(of: $0, at: now) } ?? 0
    guard level <= Double(Self.allowance - 1) else { return Self.refill * (level - Double(Self.allowance - 1)) }
    table[key] = Entry(level: level + 1, at: now)
    return nil
  }

  /// Gives back one name counted from `address`: the request it was counted for was refused, or added nobody.
  mutating func giveBack(_ address: String) {
    let now = table.now
    let key = table.key(for: address, droppingSpent: { Self.level(of: $0, at: now) == 0 })
    guard let entry = table[key] else { return }
    table[key] = Entry(level: max(0, Self.level(of: entry, at: now) - 1), at: now)
  }

  /// The names of `entry` still counting at `now`.
  private static func level(of entry: Entry, at now: C.Instant) -> Double {
    max(0, entry.level - entry.at.duration(to: now) / refill)
  }
}
