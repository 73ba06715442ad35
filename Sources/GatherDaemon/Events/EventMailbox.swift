import Synchronization

/// One connection's queue of events, bounded so that a subscriber that stops reading costs a fixed amount
/// of memory: pending ticks coalesce (the newest wins), and when the other events of one subscription
/// exceed ``capacity`` that subscription overflows and the connection is closed after telling it why.
final class EventMailbox: Sendable {
  /// The most events other than ticks that one subscription may have waiting.
  static let capacity = 1024

  /// What the writer gets from the mailbox.
  enum Batch: Sendable {
    /// Events to write, in seq order, each with its subscription.
    case events([(subscription: Int64, event: EncodedEvent)])
    /// A subscription fell too far behind: tell it, then close the connection.
    case overflow(subscription: Int64)
  }

  private struct Subscription {
    var released = false
    var tick: EncodedEvent?
    var events: [EncodedEvent] = []
    var overflowed = false
  }

  private struct State {
    var subscriptions: [Int64: Subscription] = [:]
    var waiter: CheckedContinuation<Batch?, Never>?
    var closed = false
  }

  private let state = Mutex(State())
  private let overflowHandler = Mutex<(@Sendable (Int64) -> Void)?>(nil)

  /// Runs `handler` with the subscription's id when one overflows, so that the connection can say why and
  /// close even while its writer is stuck on a peer that does not read.
  func onOverflow(_ handler: @escaping @Sendable (Int64) -> Void) {
    overflowHandler.withLock { $0 = handler }
  }

  /// The ids of the open subscriptions.
  var subscriptions: [Int64] { state.withLock { Array($0.subscriptions.keys) } }

  /// Whether a writer is waiting in ``next()``.
  var hasWaiter: Bool { state.withLock { $0.waiter != nil } }

  /// Whether the connection has any subscription.
  var isEmpty: Bool { state.withLock { $0.subscriptions.isEmpty } }

  func open(_ subscription: Int64) {
    state.withLock { $0.subscriptions[subscription] = Subscription() }
  }

  /// Lets a subscription's events flow, once the reply that created it has been written.
  func release(_ subscription: Int64) {
    let waiter = state.withLock { state -> (CheckedContinuation<Batch?, Never>, Batch)? in
      state.subscriptions[subscription]?.released = true
      return Self.takeWaiter(&state)
    }
    if let (continuation, batch) = waiter { continuation.resume(returning: batch) }
  }

  func remove(_ subscription: Int64) {
    state.withLock { _ = $0.subscriptions.removeValue(forKey: subscription) }
  }

  func deliver(_ event: EncodedEvent, to subscription: Int64) {
    var overflowed = false
    let waiter = state.withLock { state -> (CheckedContinuation<Batch?, Never>, Batch)? in
      guard !state.closed, var entry = state.subscriptions[subscription], !entry.overflowed else { return nil }
      if event.topic == .tick {
        entry.tick = event
      } else if entry.events.count < Self.capacity {
        entry.events.append(event)
      } else {
        entry.overflowed = true
        entry.events = []
        entry.tick = nil
        overflowed = true
      }
      state.subscriptions[subscription] = entry
      return Self.takeWaiter(&state)
    }
    if let (continuation, batch) = waiter { continuation.resume(returning: batch) }
    if overflowed { overflowHandler.withLock { $0 }?(subscription) }
  }

  /// Waits for the next batch; nil once the mailbox is closed.
  func next() async -> Batch? {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let ready = state.withLock { state -> Batch?? in
          if state.closed { return .some(nil) }
          if let batch = Self.take(&state) { return .some(batch) }
          state.waiter = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      close()
    }
  }

  /// Ends the mailbox: a waiting writer gets nil, and later events are dropped.
  func close() {
    let waiter = state.withLock { state -> CheckedContinuation<Batch?, Never>? in
      state.closed = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: nil)
  }

  private static func takeWaiter(_ state: inout State) -> (CheckedContinuation<Batch?, Never>, Batch)? {
    guard let waiter = state.waiter, let batch = take(&state) else { return nil }
    state.waiter = nil
    return (waiter, batch)
  }

  private static func take(_ state: inout State) -> Batch? {
    if let (id, _) = state.subscriptions.first(where: { $0.value.overflowed && $0.value.released }) {
      state.subscriptions[id] = nil
      return .overflow(subscription: id)
    }
    var batch: [(subscription: Int64, event: EncodedEvent)] = []
    for (id, var entry) in state.subscriptions where entry.released && (entry.tick != nil || !entry.events.isEmpty) {
      batch += entry.events.map { (id, $0) }
      if let tick = entry.tick { batch.append((id, tick)) }
      entry.events = []
      entry.tick = nil
      state.subscriptions[id] = entry
    }
    guard !batch.isEmpty else { return nil }
    batch.sort { $0.event.seq < $1.event.seq }
    return .events(batch)
  }
}
