/// The events one connection could not write yet because its peer reads slowly, bounded so that a subscriber
/// that stops reading costs a fixed amount of memory: held ticks coalesce (the newest wins), and when the other
/// events held for one subscription exceed ``capacity`` that subscription overflows.
struct EventBacklog {
  /// The most events other than ticks that one subscription may have waiting.
  static let capacity = 1024

  private struct Held {
    var tick: EncodedEvent?
    var events: [EncodedEvent] = []
  }

  private var held: [Int64: Held] = [:]

  /// Whether nothing is held.
  var isEmpty: Bool { held.isEmpty }

  /// Holds an event for a subscription. Returns false, holding nothing more for it, when the subscription has
  /// just overflowed.
  mutating func hold(_ event: EncodedEvent, for subscription: Int64) -> Bool {
    var entry = held[subscription] ?? Held()
    if event.topic == .tick {
      entry.tick = event
    } else if entry.events.count < Self.capacity {
      entry.events.append(event)
    } else {
      held[subscription] = nil
      return false
    }
    held[subscription] = entry
    return true
  }

  /// Forgets what is held for a subscription that ended.
  mutating func drop(_ subscription: Int64) { held[subscription] = nil }

  /// Takes everything held, in seq order, each with its subscription, but for the subscriptions in `kept`.
  mutating func take(keeping kept: Set<Int64> = []) -> [(subscription: Int64, event: EncodedEvent)] {
    var batch: [(subscription: Int64, event: EncodedEvent)] = []
    for (id, entry) in held where !kept.contains(id) {
      batch += entry.events.map { (id, $0) }
      if let tick = entry.tick { batch.append((id, tick)) }
      held[id] = nil
    }
    batch.sort { $0.event.seq < $1.event.seq }
    return batch
  }
}
