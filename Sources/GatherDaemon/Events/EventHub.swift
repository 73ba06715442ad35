import NIOCore
import Synchronization

/// Numbers every event, encodes it once, and hands each turn's events to the subscribers' event loop in one
/// batch.
///
/// Events are published in the session's turns alone, one turn at a time, so their order is the order of the
/// changes; the subscriptions live in a ``SubscriberTable`` on the loop that serves the connections.
/// Unchecked `Sendable`: the pending events and the seq lease are touched in the session's turns only, one at a time.
public final class EventHub: @unchecked Sendable {
  /// The subscriptions, on the connections' event loop.
  let subscribers: SubscriberTable
  private let lastSeq = Atomic<Int64>(0)
  private let nextSubscription = Atomic<Int64>(0)
  private let observers = Mutex<[@Sendable (Topic) -> Void]>([])
  /// `gatherd_events_total`, by topic.
  private let published = TopicCounters()
  /// Events published during the session's current turn; touched in the session's turns only.
  private var pending: [PublishedEvent] = []
  /// Batches handed to the subscribers' loop and not yet delivered there.
  private let batchesOnTheWay = Atomic<Int>(0)
  /// The seq lease: no event gets a seq above `leasedThrough` before `extendLease` has recorded a higher one.
  private var leasedThrough = Int64.max
  private var extendLease: (@Sendable (Int64) -> Void)?
  static let leaseBlock: Int64 = 1_000_000

  /// A hub at seq 0 whose subscribers are served on `subscriberLoop`.
  public init(subscriberLoop: any EventLoop) {
    subscribers = SubscriberTable(loop: subscriberLoop)
  }

  /// The sequence number of the last event published.
  public var seq: Int64 { lastSeq.load(ordering: .acquiring) }

  /// How many subscriptions are open.
  public var subscriptionCount: Int { subscribers.count }

  /// Numbers events after `seq` (the previous gatherd's lease), and records each new block of seqs with
  /// `extend` before using it, so that a gatherd started after this one, even after a crash, numbers its
  /// events above every seq this one sent. Call before anything is published.
  public func leaseSeqs(after seq: Int64, _ extend: @escaping @Sendable (Int64) -> Void) {
    lastSeq.store(seq, ordering: .releasing)
    leasedThrough = seq + Self.leaseBlock
    extend(leasedThrough)
    extendLease = extend
  }

  /// Numbers an event and encodes it; it goes out with the turn's other events at ``deliverPending()``. Call it
  /// in a session's turn.
  func publish(_ event: SessionEvent) {
    let seq = lastSeq.wrappingAdd(1, ordering: .releasing).newValue
    if seq > leasedThrough, let extendLease {
      leasedThrough += Self.leaseBlock
      extendLease(leasedThrough)
    }
    pending.append(PublishedEvent(seq: seq, event: event))
    published.count(event.topic)
  }

  /// Sends the turn's events to the subscribers as one batch, then tells the observers.
  ///
  /// A turn taken on the subscribers' own loop (a tick) delivers its batch at once, unless an earlier batch is
  /// still on its way there: then, like a turn on any other loop, it queues its batch behind that one, so that
  /// subscribers always get events in seq order. The observers come after the writes, so that a thread they
  /// wake (the status reporter's) cannot take the CPU from a tick's fan-out.
  func deliverPending() {
    guard !pending.isEmpty else { return }
    let batch = pending
    pending = []
    let table = subscribers
    if table.loop.inEventLoop && batchesOnTheWay.load(ordering: .acquiring) == 0 {
      table.deliver(batch)
    } else {
      batchesOnTheWay.add(1, ordering: .releasing)
      table.loop.execute {
        table.deliver(batch)
        self.batchesOnTheWay.subtract(1, ordering: .releasing)
      }
    }
    let observers = observers.withLock { $0 }
    for event in batch { for observer in observers { observer(event.topic) } }
  }

  /// Calls `observer` after every event, with its topic, in the session's turn as it ends; it must return at once.
  func observe(_ observer: @escaping @Sendable (Topic) -> Void) {
    observers.withLock { $0.append(observer) }
  }

  /// Makes every new subscription id larger than `id`: the ids of subscriptions taken over from the previous
  /// gatherd stay unique.
  public func reserveSubscriptionIDs(through id: Int64) {
    var current = nextSubscription.load(ordering: .relaxed)
    while current < id {
      let (exchanged, original) = nextSubscription.compareExchange(
        expected: current, desired: id, ordering: .relaxed)
      if exchanged { return }
      current = original
    }
  }

  /// A new subscription id, unique for the daemon's lifetime.
  func newSubscriptionID() -> Int64 { nextSubscription.wrappingAdd(1, ordering: .relaxed).newValue }
}
