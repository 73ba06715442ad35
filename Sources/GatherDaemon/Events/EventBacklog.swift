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
    // In place, through the default subscript: the held events are never copied.
    if event.topic == .tick {
      held[subscription, default: Held()].tick = event
    } else if held[subscription, default: Held()].events.count < Self.capacity {
      held[subscription, default: Held()].events.append(event)
    } else {
      held[subscription] = nil
      return false
    }
    return true
  }

  /// Forgets what is held for a subscription that ended.
  mutating func drop(_ subscription: Int64) { held[subscription] = nil }

  /// Takes everything held, in seq order, each with its subscription, but for the subscriptions in `kept`.
  mutating func take(keeping kept: Set<Int64> = []) -> [(subscription: Int64, event: EncodedEvent)] {
    var batch: [(subscription: Int64, event: EncodedEvent)] = []
    let all = held
    held = [:]
    for (id, entry) in all {
      if kept.contains(id) {
        held[id] = entry
        continue
      }
      batch += entry.events.map { (id, $0) }
      if let tick = entry.tick { batch.append((id, tick)) }
    }
    batch.sort { $0.event.seq < $1.event.seq }
    return batch
  }
}
