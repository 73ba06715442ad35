/// Decides which refused web requests are logged: the first from a client address is logged at once; the
/// ones after it within a minute are only counted, and the count is logged when that minute ends (a new
/// minute of counting starts then, as long as the refusals go on). So a flood from one address writes one
/// line a minute. Time comes from the injected clock.
///
/// Memory is bounded by an ``AddressTable`` of `capacity` addresses; past that, new addresses share one entry,
/// ``AddressTable/overflowKey``, logged and counted like an address.
struct RefusalLog<C: Clock> where C.Duration == Duration {
  /// How long refusals are counted before the count is logged.
  static var window: Duration { .seconds(60) }

  /// What to do with one refusal.
  enum Verdict: Equatable {
    /// Log it; `earlier` refusals from that address were counted in a minute whose count was not logged yet.
    case log(earlier: Int)
    /// Only count it.
    case count
  }

  private struct Entry {
    var windowStart: C.Instant
    var counted: Int
  }

  private var table: AddressTable<Entry, C>

  /// A log that tracks up to `capacity` addresses.
  init(clock: C, capacity: Int = 1024) {
    table = AddressTable(clock: clock, capacity: capacity)
  }

  /// How many addresses are tracked (the shared entry counts as one).
  var trackedCount: Int { table.count }

  /// One refusal for `address`.
  mutating func refused(by address: String) -> Verdict {
    let now = table.now
    let key = table.key(for: address)
    guard var entry = table[key] else {
      table[key] = Entry(windowStart: now, counted: 0)
      return .log(earlier: 0)
    }
    if entry.windowStart.duration(to: now) < Self.window {
      entry.counted += 1
      table[key] = entry
      return .count
    }
    // The minute ended and nobody asked for its count yet: it goes with this line.
    table[key] = Entry(windowStart: now, counted: 0)
    return .log(earlier: entry.counted)
  }

  /// Ends every minute that is over: returns the addresses whose minute counted refusals, with their counts.
  /// Those go on counting in a new minute; an address whose minute counted none is forgotten, so its next
  /// refusal is logged at once.
  mutating func endWindows() -> [(address: String, count: Int)] {
    let now = table.now
    var ended: [(address: String, count: Int)] = []
    for (address, entry) in table.entries where entry.windowStart.duration(to: now) >= Self.window {
      if entry.counted > 0 {
        ended.append((address, entry.counted))
        table[address] = Entry(windowStart: now, counted: 0)
      } else {
        table[address] = nil
      }
    }
    return ended.sorted { $0.address < $1.address }
  }

  /// When the earliest minute ends; nil when no address is tracked.
  var nextWindowEnd: C.Instant? {
    table.entries.values.map(\.windowStart).min()?.advanced(by: Self.window)
  }
}
