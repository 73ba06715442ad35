import CGatherShim
import CoreMetrics
import NIOCore
import Synchronization

/// Where a connection's events go: it writes them, or holds them while its peer is slow.
protocol EventSink: AnyObject {
  /// Writes (or holds) one event for one of the connection's subscriptions.
  func send(_ event: PublishedEvent, subscription: Int64)
  /// Flushes what ``send(_:subscription:)`` wrote since the last flush.
  func flushEvents()
}

/// The open subscriptions, by topic, confined to the event loop that serves the connections: delivering a
/// batch takes no lock, and each connection is flushed once per batch.
/// Unchecked `Sendable`: touched on the connections' event loop only, with no lock on the path of every tick.
final class SubscriberTable: @unchecked Sendable {
  /// One subscription, as its topics' lists hold it: inline in a plain array, so that a tick's fan-out
  /// walks memory in order and retains nothing per subscriber.
  private struct Subscription {
    let id: Int64
    /// The seq of the snapshot the subscription started from: older events are already in it.
    let after: Int64
    /// The connection owns its subscriptions and ends them before it goes, so this never dangles.
    unowned(unsafe) let sink: any EventSink
    /// The same sink when it is a connection's outbox, as it is for every subscriber but the MQTT publisher:
    /// called directly, so that a tick's fan-out makes no call through the protocol's witness table, and no
    /// retain, per subscriber.
    let outbox: Unmanaged<EventOutbox>?
  }

  /// The loop every method here must be called on.
  let loop: any EventLoop
  private var byTopic: [Topic: ContiguousArray<Subscription>] = [:]
  /// Each subscription's topics and connection.
  private var byID: [Int64: (topics: Set<Topic>, sink: any EventSink, counted: Bool)] = [:]
  private let open = Atomic<Int>(0)
  /// `gatherd_subscriptions`; a no-op unless something serves the metrics.
  private let openMeter = Meter(label: MetricFamily.subscriptions.name)

  init(loop: any EventLoop) { self.loop = loop }

  /// How many subscriptions are open, the daemon's own listeners' aside; readable from any thread.
  var count: Int { open.load(ordering: .relaxed) }

  /// Adds a subscription that receives the events after seq `after`; `counted` false for the daemon's own
  /// listeners (pushes, webhooks), which daemon.status and the metrics leave out.
  func add(_ id: Int64, topics: Set<Topic>, after: Int64, sink: any EventSink, counted: Bool = true) {
    loop.preconditionInEventLoop()
    byID[id] = (topics, sink, counted)
    let subscription = Subscription(
      id: id, after: after, sink: sink, outbox: (sink as? EventOutbox).map(Unmanaged.passUnretained))
    for topic in topics { byTopic[topic, default: []].append(subscription) }
    guard counted else { return }
    open.add(1, ordering: .relaxed)
    openMeter.increment()
  }

  /// Removes a subscription if it belongs to `sink`; returns whether it did.
  @discardableResult
  func remove(_ id: Int64, of sink: any EventSink) -> Bool {
    loop.preconditionInEventLoop()
    guard let subscription = byID[id], subscription.sink === sink else { return false }
    byID[id] = nil
    for topic in subscription.topics { byTopic[topic]?.removeAll { $0.id == id } }
    guard subscription.counted else { return true }
    open.subtract(1, ordering: .relaxed)
    openMeter.decrement()
    return true
  }

  /// Removes the subscriptions `ids` of a connection that is going away, with one pass over each of their
  /// topics' lists (a crowd of connections with many subscriptions each may close at once).
  func removeAll(_ ids: some Sequence<Int64>, of sink: any EventSink) {
    loop.preconditionInEventLoop()
    var gone: Set<Int64> = []
    var topics: Set<Topic> = []
    var counted = 0
    for id in ids {
      guard let subscription = byID[id], subscription.sink === sink else { continue }
      byID[id] = nil
      gone.insert(id)
      topics.formUnion(subscription.topics)
      if subscription.counted { counted += 1 }
    }
    guard !gone.isEmpty else { return }
    for topic in topics { byTopic[topic]?.removeAll { gone.contains($0.id) } }
    open.subtract(counted, ordering: .relaxed)
    openMeter.decrement(by: Double(counted))
  }

  /// Brings what the next subscribers' lines need into the cache while this one's is written, each a step
  /// further along the chain from a subscription to its connection's output: a tick reads them once a second,
  /// by which time they have left the cache, and a `write(2)` is long enough for any of them to arrive.
  private func prefetch(after index: Int, in subscriptions: UnsafeBufferPointer<Subscription>) {
    let end = subscriptions.endIndex
    if index + 3 < end { gatherd_prefetch(subscriptions.baseAddress! + index + 3) }
    if index + 2 < end, let outbox = subscriptions[index + 2].outbox { gatherd_prefetch(outbox.toOpaque()) }
    if index + 1 < end, let outbox = subscriptions[index + 1].outbox {
      outbox._withUnsafeGuaranteedRef { $0.prefetchOutput() }
    }
  }

  /// Hands a batch of events, in seq order, to every subscription of their topics, then flushes each
  /// connection that got any.
  func deliver(_ events: [PublishedEvent]) {
    if events.count == 1 {
      // The usual batch, a tick: each connection is written and flushed in one go.
      let event = events[0]
      guard let subscriptions = byTopic[event.topic] else { return }
      // The local copy keeps these subscriptions' storage alive while a connection that closes meanwhile
      // changes the table's.
      subscriptions.withUnsafeBufferPointer { subscriptions in
        for index in subscriptions.indices where event.seq > subscriptions[index].after {
          prefetch(after: index, in: subscriptions)
          let subscription = subscriptions[index]
          if let outbox = subscription.outbox {
            outbox._withUnsafeGuaranteedRef { $0.sendAndFlush(event, subscription: subscription.id) }
          } else {
            subscription.sink.send(event, subscription: subscription.id)
            subscription.sink.flushEvents()
          }
        }
      }
      return
    }
    var touched: [ObjectIdentifier: any EventSink] = [:]
    for event in events {
      guard let subscriptions = byTopic[event.topic] else { continue }
      for subscription in subscriptions where event.seq > subscription.after {
        subscription.sink.send(event, subscription: subscription.id)
        touched[ObjectIdentifier(subscription.sink)] = subscription.sink
      }
    }
    for sink in touched.values { sink.flushEvents() }
  }
}
