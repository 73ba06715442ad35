/// Decides which refused web requests are logged: the first from a client address is logged at once; the
/// ones after it within a minute are only counted, and the count is logged when that minute ends (a new
/// minute of counting starts then, as long as the refusals go on). So a flood from one address writes one
/// line a minute. Time comes from the injected clock.
///
/// Memory is bounded: at most `capacity` addresses are tracked; past that, new addresses share one entry,
/// ``overflowKey``, logged and counted like an address.
struct RefusalLog<C: Clock> where C.Duration == Duration {
  /// How long refusals are counted before the count is logged.
  static var window: Duration { .seconds(60) }
  /// The entry that addresses share once `capacity` addresses are tracked.
  static var overflowKey: String { "other addresses" }

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

  /// The clock windows are measured on.
  let clock: C
  /// The most addresses tracked at once.
  let capacity: Int
  private var entries: [String: Entry] = [:]

  /// A log that tracks up to `capacity` addresses.
  init(clock: C, capacity: Int = 1024) {
    self.clock = clock
    self.capacity = capacity
  }

  /// How many addresses are tracked.
  var trackedCount: Int { entries.count }

  /// One refusal for `address`.
  mutating func refused(by address: String) -> Verdict {
    let now = clock.now
    let key = entries[address] != nil || entries.count < capacity ? address : Self.overflowKey
    guard var entry = entries[key] else {
      entries[key] = Entry(windowStart: now, counted: 0)
      return .log(earlier: 0)
    }
    if entry.windowStart.duration(to: now) < Self.window {
      entry.counted += 1
      entries[key] = entry
      return .count
    }
    // The minute ended and nobody asked for its count yet: it goes with this line.
    entries[key] = Entry(windowStart: now, counted: 0)
    return .log(earlier: entry.counted)
  }

  /// Ends every minute that is over: returns the addresses whose minute counted refusals, with their counts.
  /// Those go on counting in a new minute; an address whose minute counted none is forgotten, so its next
  /// refusal is logged at once.
  mutating func endWindows() -> [(address: String, count: Int)] {
    let now = clock.now
    var ended: [(address: String, count: Int)] = []
    for (address, entry) in entries where entry.windowStart.duration(to: now) >= Self.window {
      if entry.counted > 0 {
        ended.append((address, entry.counted))
        entries[address] = Entry(windowStart: now, counted: 0)
      } else {
        entries[address] = nil
      }
    }
    return ended.sorted { $0.address < $1.address }
  }

  /// When the earliest minute ends; nil when no address is tracked.
  var nextWindowEnd: C.Instant? {
    entries.values.map(\.windowStart).min()?.advanced(by: Self.window)
  }
}
