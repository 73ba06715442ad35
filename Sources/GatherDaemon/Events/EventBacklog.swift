/// The events one connection could not write yet because its peer reads slowly, bounded so that a subscriber
/// that stops reading costs a fixed amount of memory: held ticks coalesce (the newest wins), and when the other
/// events held for one subscription exceed ``capacity``, or those held for the whole connection exceed
/// `connectionCapacity`, that subscription overflows.
struct EventBacklog {
  /// The most events other than ticks that one subscription may have waiting.
  static let capacity = 1024

  /// The most events other than ticks that the connection's subscriptions may have waiting together (a web
  /// connection's are capped like one subscription's; a Unix socket's are not capped in all).
  let connectionCapacity: Int
  /// How many events other than ticks are held.
  private var heldCount = 0

  /// A backlog whose subscriptions together hold at most `connectionCapacity` events other than ticks.
  init(connectionCapacity: Int = .max) { self.connectionCapacity = connectionCapacity }

  private struct Held {
    var tick: PublishedEvent?
    var events: [PublishedEvent] = []
  }

  private var held: [Int64: Held] = [:]

  /// Whether nothing is held.
  var isEmpty: Bool { held.isEmpty }

  /// Holds an event for a subscription. Returns false, holding nothing more for it, when the subscription has
  /// just overflowed.
  mutating func hold(_ event: PublishedEvent, for subscription: Int64) -> Bool {
    // In place, through the default subscript: the held events are never copied.
    if event.topic == .tick {
      held[subscription, default: Held()].tick = event
    } else if held[subscription, default: Held()].events.count < Self.capacity, heldCount < connectionCapacity {
      held[subscription, default: Held()].events.append(event)
      heldCount += 1
    } else {
      heldCount -= held[subscription]?.events.count ?? 0
      held[subscription] = nil
      return false
    }
    return true
  }

  /// Forgets what is held for a subscription that ended.
  mutating func drop(_ subscription: Int64) {
    heldCount -= held[subscription]?.events.count ?? 0
    held[subscription] = nil
  }

  /// Takes everything held, in seq order, each with its subscription, but for the subscriptions in `kept`.
  mutating func take(keeping kept: Set<Int64> = []) -> [(subscription: Int64, event: PublishedEvent)] {
    var batch: [(subscription: Int64, event: PublishedEvent)] = []
    let all = held
    held = [:]
    heldCount = 0
    for (id, entry) in all {
      if kept.contains(id) {
        held[id] = entry
        heldCount += entry.events.count
        continue
      }
      batch += entry.events.map { (id, $0) }
      if let tick = entry.tick { batch.append((id, tick)) }
    }
    batch.sort { $0.event.seq < $1.event.seq }
    return batch
  }
}
