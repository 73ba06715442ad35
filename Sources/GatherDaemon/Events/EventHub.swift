import GatherRPC
import Synchronization

/// Numbers every event and hands it to the mailboxes of the subscriptions that watch its topic.
///
/// Publishing never waits for a subscriber: it only appends to bounded mailboxes. Events are published from
/// the session's isolation alone, so their order is the order of the changes.
public final class EventHub: Sendable {
  private struct State {
    var seq: Int64 = 0
    var nextSubscription: Int64 = 0
    var subscribers: [Topic: [Int64: EventMailbox]] = [:]
    var count = 0
  }

  private let state = Mutex(State())
  private let observers = Mutex<[@Sendable (Topic) -> Void]>([])

  /// An empty hub at seq 0.
  public init() {}

  /// The sequence number of the last event published.
  public var seq: Int64 { state.withLock { $0.seq } }

  /// How many subscriptions are open.
  public var subscriptionCount: Int { state.withLock { $0.count } }

  /// Numbers an event and delivers it to every subscription of its topic.
  func publish(_ topic: Topic, _ payload: JSONObject) {
    let (event, targets) = state.withLock { state in
      state.seq += 1
      return (EncodedEvent(seq: state.seq, topic: topic, payload: payload), state.subscribers[topic] ?? [:])
    }
    for (subscription, mailbox) in targets { mailbox.deliver(event, to: subscription) }
    for observer in observers.withLock({ $0 }) { observer(topic) }
  }

  /// Calls `observer` after every event, with its topic; it must return at once.
  func observe(_ observer: @escaping @Sendable (Topic) -> Void) {
    observers.withLock { $0.append(observer) }
  }

  /// Opens a subscription delivering to `mailbox`; returns its id and the seq it starts after.
  /// The mailbox holds its events until ``EventMailbox/release(_:)``.
  func subscribe(_ topics: Set<Topic>, mailbox: EventMailbox) -> (subscription: Int64, seq: Int64) {
    state.withLock { state in
      state.nextSubscription += 1
      let id = state.nextSubscription
      mailbox.open(id)
      for topic in topics { state.subscribers[topic, default: [:]][id] = mailbox }
      state.count += 1
      return (id, state.seq)
    }
  }

  /// Closes a subscription if it belongs to `mailbox`; returns whether it did.
  func unsubscribe(_ subscription: Int64, mailbox: EventMailbox) -> Bool {
    let removed = state.withLock { state in
      var found = false
      for topic in Topic.allCases where state.subscribers[topic]?[subscription] === mailbox {
        state.subscribers[topic]?[subscription] = nil
        found = true
      }
      if found { state.count -= 1 }
      return found
    }
    if removed { mailbox.remove(subscription) }
    return removed
  }

  /// Closes every subscription of a connection that is going away, including one its mailbox already dropped
  /// after an overflow.
  func unsubscribeAll(mailbox: EventMailbox) {
    let ids = state.withLock { state in
      Set(state.subscribers.values.flatMap { subscribers in subscribers.filter { $0.value === mailbox }.keys })
    }
    for subscription in ids { _ = unsubscribe(subscription, mailbox: mailbox) }
  }
}
