import NIOCore
import Synchronization

/// Where a connection's events go: it writes them, or holds them while its peer is slow.
protocol EventSink: AnyObject {
  /// Writes (or holds) one event for one of the connection's subscriptions.
  func send(_ event: EncodedEvent, subscription: Int64)
  /// Flushes what ``send(_:subscription:)`` wrote since the last flush.
  func flushEvents()
}

/// The open subscriptions, by topic, confined to the event loop that serves the connections: delivering a
/// batch takes no lock, and each connection is flushed once per batch.
final class SubscriberTable: @unchecked Sendable {
  private struct Entry {
    let sink: any EventSink
    /// The seq of the snapshot the subscription started from: older events are already in it.
    let after: Int64
    let topics: Set<Topic>
  }

  /// The loop every method here must be called on.
  let loop: any EventLoop
  private var byTopic: [Topic: [Int64: Entry]] = [:]
  private var entries: [Int64: Entry] = [:]
  private let open = Atomic<Int>(0)

  init(loop: any EventLoop) { self.loop = loop }

  /// How many subscriptions are open; readable from any thread.
  var count: Int { open.load(ordering: .relaxed) }

  /// Adds a subscription that receives the events after seq `after`.
  func add(_ id: Int64, topics: Set<Topic>, after: Int64, sink: any EventSink) {
    loop.preconditionInEventLoop()
    let entry = Entry(sink: sink, after: after, topics: topics)
    entries[id] = entry
    for topic in topics { byTopic[topic, default: [:]][id] = entry }
    open.add(1, ordering: .relaxed)
  }

  /// Removes a subscription if it belongs to `sink`; returns whether it did.
  @discardableResult
  func remove(_ id: Int64, of sink: any EventSink) -> Bool {
    loop.preconditionInEventLoop()
    guard let entry = entries[id], entry.sink === sink else { return false }
    entries[id] = nil
    for topic in entry.topics { byTopic[topic]?[id] = nil }
    open.subtract(1, ordering: .relaxed)
    return true
  }

  /// Removes the subscriptions `ids` of a connection that is going away.
  func removeAll(_ ids: some Sequence<Int64>, of sink: any EventSink) {
    for id in ids { remove(id, of: sink) }
  }

  /// Hands a batch of events, in seq order, to every subscription of their topics, then flushes each
  /// connection that got any.
  func deliver(_ events: [EncodedEvent]) {
    var touched: [ObjectIdentifier: any EventSink] = [:]
    for event in events {
      guard let subscriptions = byTopic[event.topic] else { continue }
      for (id, entry) in subscriptions where event.seq > entry.after {
        entry.sink.send(event, subscription: id)
        touched[ObjectIdentifier(entry.sink)] = entry.sink
      }
    }
    for sink in touched.values { sink.flushEvents() }
  }
}
