import GatherMQTT

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
    if let message = MQTTEventMessages.message(for: event, topics: publisher.topics) {
      messages.append(message)
    }
  }

  func flushEvents() {
    guard stateChanged || !messages.isEmpty else { return }
    // The state goes first, so that whoever acts on an event already has the state it led to.
    let publishState = stateChanged && !publisher.stateQueued.exchange(true, ordering: .acquiringAndReleasing)
    let messages = messages
    self.messages = []
    stateChanged = false
    let publisher = publisher
    client.execute { link in
      if publishState { publisher.publishState(link) }
      for message in messages { link.publish(message) }
    }
  }
}
