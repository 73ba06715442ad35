/// One entry per web client address, in bounded memory: an address gets an entry of its own while the table
/// holds fewer than `capacity` entries; past that, new addresses share one entry, under ``overflowKey``, so the
/// table never holds more than `capacity + 1`. What an entry holds, and when it is over, is its user's
/// (``GuessLimiter``, ``RefusalLog``); the table gives them the time, from the injected clock.
struct AddressTable<Entry, C: Clock> where C.Duration == Duration {
  /// The key of the entry that addresses share once the table is full.
  static var overflowKey: String { "other addresses" }

  /// The clock the entries are timed on.
  let clock: C
  /// How many entries the table holds before new addresses share one (the shared one counts among them).
  let capacity: Int
  /// The entries, by key: a client address, or ``overflowKey``.
  private(set) var entries: [String: Entry] = [:]

  /// An empty table that gives up to `capacity` addresses an entry of their own.
  init(clock: C, capacity: Int = 1024) {
    self.clock = clock
    self.capacity = capacity
  }

  /// The clock's present moment.
  var now: C.Instant { clock.now }

  /// How many entries the table holds, the shared one included.
  var count: Int { entries.count }

  /// The entry under `key` (an address, or ``overflowKey``); nil removes it.
  subscript(key: String) -> Entry? {
    get { entries[key] }
    set { entries[key] = newValue }
  }

  /// The key of `address`'s entry: the address itself when it has an entry or the table has room for one.
  /// Otherwise the entries that `isSpent` says hold nothing any longer are dropped first, and the address gets
  /// its own entry if that made room, else it shares ``overflowKey``'s.
  mutating func key(for address: String, droppingSpent isSpent: (Entry) -> Bool = { _ in false }) -> String {
    guard entries[address] == nil, entries.count >= capacity else { return address }
    entries = entries.filter { !isSpent($0.value) }
    return entries.count < capacity ? address : Self.overflowKey
  }
}
