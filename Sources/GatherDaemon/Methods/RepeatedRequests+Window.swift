import GatherRPC

extension RepeatedRequests {
  /// A change kept: what it was, and its reply (nil when too large to keep).
  struct Kept: Sendable {
    let method: String
    let fingerprint: [UInt8]
    let reply: JSONValue?
    let at: Duration
    let bytes: Int
  }

  /// One scope's kept changes, oldest first.
  struct Window: Sendable {
    private var kept: [String: Kept] = [:]
    private var order: [String] = []
    private var bytes = 0
    /// When the scope last kept a change.
    private(set) var lastUsed: Duration

    init(lastUsed: Duration) { self.lastUsed = lastUsed }

    /// The change kept under `key`, unless it has aged out.
    func kept(_ key: String, now: Duration) -> Kept? {
      guard let kept = kept[key], now - kept.at < RepeatedRequests.maximumAge else { return nil }
      return kept
    }

    /// Keeps `change` under `key`, then forgets the oldest past `budget` or past the age limit.
    mutating func keep(_ change: Kept, as key: String, now: Duration, budget: Budget) {
      if let old = kept.removeValue(forKey: key) {
        bytes -= old.bytes
        order.removeAll { $0 == key }
      }
      kept[key] = change
      order.append(key)
      bytes += change.bytes
      lastUsed = now
      while let oldest = order.first,
        order.count > budget.replies || bytes > budget.bytes
          || (kept[oldest].map { now - $0.at >= RepeatedRequests.maximumAge } ?? true)
      {
        order.removeFirst()
        bytes -= kept.removeValue(forKey: oldest)?.bytes ?? 0
      }
    }
  }
}
