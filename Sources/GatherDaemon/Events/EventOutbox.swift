import CGatherShim
import GatherRPC
import NIOCore

/// One connection's events: its subscriptions, the lines it writes for them, and those it holds back.
///
/// Lines go straight to the channel while the peer keeps up; while it does not (the channel is not writable),
/// they wait in an ``EventBacklog`` and go out when it is writable again. A subscription's events also wait
/// until the reply that opened it has been written. Confined to the connection's event loop.
/// Unchecked `Sendable`: touched on its connection's event loop only, with no lock on the path of every event.
final class EventOutbox: EventSink, @unchecked Sendable {
  // What a tick reads for every subscriber comes first, beside the object's header, so that it lies in as few
  // cache lines as it can.
  private var output: ConnectionOutput?
  /// Whether the channel takes more writes without queueing them, as its last writability event said.
  private var writable = true
  private var overflowed = false
  /// Subscriptions opened by the request in hand: their events wait for its reply.
  private var unreplied: Set<Int64> = []
  private var backlog: EventBacklog
  private let table: SubscriberTable
  /// The open subscriptions and their topics.
  private(set) var subscriptions: [Int64: Set<Topic>] = [:]
  /// Set when the connection goes: no subscription may start after it.
  private var closed = false
  /// Called once when a subscription overflows, with its id; the connection then says why and closes.
  var onOverflow: ((Int64) -> Void)?
  /// Called after a subscription opens or is closed by the peer, with the subscriptions now open.
  var onSubscriptionsChanged: (([Int64: Set<Topic>]) -> Void)?

  /// An outbox for a connection whose subscriptions are in `table`; its subscriptions may hold at most
  /// `backlogCapacity` events in all while the peer does not read (see ``EventBacklog``).
  init(table: SubscriberTable, backlogCapacity: Int = .max) {
    self.table = table
    backlog = EventBacklog(connectionCapacity: backlogCapacity)
  }

  /// Starts writing to the connection's output, in turn with its replies.
  func attach(_ output: ConnectionOutput) { self.output = output }

  /// Opens a subscription to `topics` that receives the events after `seq`; returns its id.
  func subscribe(_ topics: Set<Topic>, after seq: Int64, id: Int64) {
    // The table keeps an unowned reference to this outbox: only an open connection may subscribe, and
    // ``close()`` takes every subscription out of the table before the connection goes.
    guard !closed else { return }
    subscriptions[id] = topics
    unreplied.insert(id)
    table.add(id, topics: topics, after: seq, sink: self)
    onSubscriptionsChanged?(subscriptions)
  }

  /// Closes one of this connection's subscriptions; false if it has none by that id.
  func unsubscribe(_ id: Int64) -> Bool {
    guard table.remove(id, of: self) else { return false }
    subscriptions[id] = nil
    unreplied.remove(id)
    backlog.drop(id)
    onSubscriptionsChanged?(subscriptions)
    return true
  }

  /// Ends every subscription: the connection is going away.
  func close() {
    closed = true
    table.removeAll(subscriptions.keys, of: self)
    subscriptions = [:]
    onSubscriptionsChanged = nil
    backlog = EventBacklog(connectionCapacity: backlog.connectionCapacity)
    output = nil
  }

  /// The reply in hand has been written: the subscriptions it opened may now send.
  func replyWritten() {
    guard !unreplied.isEmpty else { return }
    unreplied = []
    writeBacklog()
  }

  /// The channel's writability changed: sends what waited once it is writable again.
  func writabilityChanged(_ isWritable: Bool) {
    writable = isWritable
    writeBacklog()
  }

  func send(_ event: PublishedEvent, subscription: Int64) {
    guard let output, !overflowed else { return }
    if mayWriteNow(subscription) {
      write(event, subscription: subscription, to: output)
    } else if !backlog.hold(event, for: subscription) {
      overflowed = true
      onOverflow?(subscription)
    }
  }

  func flushEvents() { output?.flush() }

  /// Writes one event and flushes it, as ``send(_:subscription:)`` and ``flushEvents()`` do: with nothing held
  /// before it, straight to the socket in one system call.
  func sendAndFlush(_ event: PublishedEvent, subscription: Int64) {
    if let output, !overflowed, mayWriteNow(subscription), output.sendNow(event.line, subscription: subscription) {
      return
    }
    send(event, subscription: subscription)
    flushEvents()
  }

  /// Asks the processor to fetch the connection's output, which a tick writes to next.
  func prefetchOutput() {
    if let output { gatherd_prefetch(Unmanaged.passUnretained(output).toOpaque()) }
  }

  /// Whether an event for `subscription` may go out now rather than wait: the peer keeps up, nothing waits
  /// before it, and the reply that opened the subscription has been written.
  private func mayWriteNow(_ subscription: Int64) -> Bool {
    writable && backlog.isEmpty && (unreplied.isEmpty || !unreplied.contains(subscription))
  }

  private func writeBacklog() {
    guard let output, writable, !overflowed, !backlog.isEmpty else { return }
    for (subscription, event) in backlog.take(keeping: unreplied) where subscriptions[subscription] != nil {
      write(event, subscription: subscription, to: output)
    }
    flushEvents()
  }

  private func write(_ event: PublishedEvent, subscription: Int64, to output: ConnectionOutput) {
    output.write { event.line.write(for: subscription, into: &$0) }
  }
}
