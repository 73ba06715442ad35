import GatherMQTT
import GatherRPC

/// MQTT's subscription to the session's events, like a connection's `events.subscribe`: on the connections'
/// event loop it turns each batch into work for the MQTT client's thread, and never waits for the broker.
/// Confined to the connections' event loop.
/// Unchecked `Sendable`: its state is touched on the connections' event loop only.
final class MQTTEventSink: EventSink, @unchecked Sendable {
  private let client: MQTTClient
  private let publisher: MQTTPublisher
  /// Messages of the batch being delivered.
  private var messages: [MQTTMessage] = []
  /// Whether the batch changed more than the clock's second.
  private var stateChanged = false
  /// The live clock as the batch's last tick leaves it.
  private var clock: (seq: Int64, message: MQTTMessage)?

  init(client: MQTTClient, publisher: MQTTPublisher) {
    self.client = client
    self.publisher = publisher
  }

  /// The topics to subscribe to: all, ticks only if they are published.
  static func topics(ticks: Bool) -> Set<Topic> {
    ticks ? Set(Topic.allCases) : Set(Topic.allCases).subtracting([.tick])
  }

  func send(_ event: PublishedEvent, subscription: Int64) {
    if event.topic != .tick { stateChanged = true }
    if let message = MQTTEventMessages.message(for: event, topics: publisher.topics, run: publisher.run) {
      messages.append(message)
    }
    if case .tick(let tick) = event.event {
      let live = MQTTEventMessages.liveClock(tick)
      clock = (
        event.seq, MQTTMessage(topic: publisher.topics.clock, payload: JSONWriter.bytes(live), qos: 0, retain: true)
      )
    }
  }

  func flushEvents() {
    guard stateChanged || !messages.isEmpty || clock != nil else { return }
    // The state goes first, so that whoever acts on an event already has the state it led to.
    let publishState = stateChanged && !publisher.stateQueued.exchange(true, ordering: .acquiringAndReleasing)
    let (messages, clock) = (messages, clock)
    self.messages = []
    self.clock = nil
    stateChanged = false
    let publisher = publisher
    client.execute { link in
      if publishState { publisher.publishState(link) }
      if let clock { publisher.publishClock(clock, link) }
      for message in messages { link.publish(message) }
    }
  }
}
