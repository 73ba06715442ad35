import GatherMQTT
import GatherRPC
import Synchronization

/// What gatherd publishes when it connects and whenever the state changes; it runs on the MQTT client's thread.
///
/// On every connection (the first, and each one after an outage) and on Home Assistant's birth message, it
/// publishes availability, the discovery configs and the state again, so nothing the broker lost stays lost.
/// The state is always the session's latest committed view, read when it is published, so a late publish
/// never puts an older state over a newer one.
final class MQTTPublisher: @unchecked Sendable {
  let configuration: MQTTConfiguration
  let topics: MQTTTopics
  private let discovery: [MQTTMessage]
  private let view: @Sendable () -> SessionView
  /// Set while a state publish is queued on the client's thread: more changes before it runs need no other.
  let stateQueued = Atomic<Bool>(false)
  /// The state last published (client's thread only), so that a change that leaves it as it was sends nothing.
  private var lastState: [UInt8]?
  /// Where requests on `<prefix>/rpc` go; nil without `--mqtt-control`.
  private let requests: MQTTRequests?

  init(configuration: MQTTConfiguration, requests: MQTTRequests?, view: @escaping @Sendable () -> SessionView) {
    self.configuration = configuration
    topics = MQTTTopics(configuration)
    discovery = HomeAssistantDiscovery(configuration).messages()
    self.requests = requests
    self.view = view
  }

  /// The broker accepted the connection: subscribe, then publish availability, discovery and state.
  func connected(_ link: MQTTLink) {
    link.subscribe(topics.homeAssistantStatus)
    // Without --mqtt-control, gatherd subscribes to no command topic at all. Retain as published: a retained
    // request is refused when it is published, not only when the broker hands it over again.
    if requests != nil { link.subscribe(topics.rpc, retainAsPublished: true) }
    publishEverything(link)
  }

  /// A message on a subscribed topic: Home Assistant's birth, or a request.
  func received(_ message: MQTTReceivedMessage, _ link: MQTTLink) {
    if message.topic == topics.homeAssistantStatus {
      if message.payload == Array("online".utf8) { publishEverything(link) }
    } else if message.topic == topics.rpc, let requests {
      requests.submit(message)
    }
  }

  /// Publishes the state if it changed since the last one (or always, when `force`).
  func publishState(_ link: MQTTLink, force: Bool = false) {
    stateQueued.store(false, ordering: .releasing)
    let state = JSONWriter.bytes(view().mqttState())
    guard force || state != lastState else { return }
    if link.publish(MQTTMessage(topic: topics.state, payload: state, retain: true)) { lastState = state }
  }

  /// The last will: what the broker publishes if gatherd's connection drops without a DISCONNECT.
  var offline: MQTTMessage { MQTTMessage(topic: topics.availability, text: "offline", retain: true) }

  private func publishEverything(_ link: MQTTLink) {
    link.publish(MQTTMessage(topic: topics.availability, text: "online", retain: true))
    for message in discovery { link.publish(message) }
    publishState(link, force: true)
  }
}
