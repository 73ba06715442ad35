import GatherMQTT
import GatherRPC
import Synchronization

/// What gatherd publishes when it connects and whenever the state changes; it runs on the MQTT client's thread.
///
/// On every connection (the first, and each one after an outage) and on Home Assistant's birth message, it
/// publishes availability, the discovery configs and the state again, so nothing the broker lost stays lost.
/// The state is always the session's latest committed view, read when it is published, so a late publish
/// never puts an older state over a newer one.
/// Unchecked `Sendable`: what it last published is touched on the MQTT client's thread only.
final class MQTTPublisher: @unchecked Sendable {
  let configuration: MQTTConfiguration
  let topics: MQTTTopics
  /// The session's latest committed view.
  let view: @Sendable () -> SessionView
  /// The web page's links, for the device's `configuration_url`; nil when gatherd serves no page.
  private let web: WebAccess?
  /// Set while a state publish is queued on the client's thread: more changes before it runs need no other.
  let stateQueued = Atomic<Bool>(false)
  /// The state last published (client's thread only), so that a change that leaves it as it was sends nothing.
  private var lastState: [UInt8]?
  /// The ratings last published (client's thread only): they change only when a gather ends or the roster does.
  private var lastRatings: [UInt8]?
  /// The seq of the state last published (client's thread only): a tick's live clock older than it is not sent.
  private(set) var stateSeq: Int64 = -1
  /// The live clock last published (client's thread only), so that a change that leaves it as it was sends nothing.
  private var lastClock: [UInt8]?
  /// Where requests on `<prefix>/rpc` go; nil without `--mqtt-control`.
  private let requests: MQTTRequests?
  /// What makes the events' ids unique across restarts.
  let run: MQTTEventID

  init(
    configuration: MQTTConfiguration, requests: MQTTRequests?, web: WebAccess?, run: MQTTEventID,
    view: @escaping @Sendable () -> SessionView
  ) {
    self.configuration = configuration
    self.run = run
    topics = MQTTTopics(configuration)
    self.requests = requests
    self.web = web
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

  /// Publishes the state with its live clock, and the ratings, each if it changed since the last one (or always,
  /// when `force`).
  func publishState(_ link: MQTTLink, force: Bool = false) {
    stateQueued.store(false, ordering: .releasing)
    let view = view()
    let state = JSONWriter.bytes(view.mqttState())
    if force || state != lastState {
      if link.publish(MQTTMessage(topic: topics.state, payload: state, retain: true)) { lastState = state }
      stateSeq = view.seq
      let clock = JSONWriter.bytes(view.mqttClock())
      if force || clock != lastClock {
        if link.publish(MQTTMessage(topic: topics.clock, payload: clock, qos: 0, retain: true)) { lastClock = clock }
      }
    }
    let ratings = JSONWriter.bytes(view.mqttRatings())
    if force || ratings != lastRatings {
      if link.publish(MQTTMessage(topic: topics.ratings, payload: ratings, retain: true)) { lastRatings = ratings }
    }
  }

  /// Publishes a tick's live clock, unless a state already published is newer than the tick.
  func publishClock(_ tick: (seq: Int64, message: MQTTMessage), _ link: MQTTLink) {
    guard tick.seq > stateSeq, tick.message.payload != lastClock else { return }
    if link.publish(tick.message) { lastClock = tick.message.payload }
  }

  /// The last will: what the broker publishes if gatherd's connection drops without a DISCONNECT.
  var offline: MQTTMessage { MQTTMessage(topic: topics.availability, text: "offline", retain: true) }

  /// The page is served, so its link is known: the discovery configs go out again with it, if connected (a
  /// connection made later publishes them anyway).
  func pageServed(_ link: MQTTLink) {
    if link.isConnected { publishDiscovery(link) }
  }

  /// Where Home Assistant's device page links to: the scoreboard's view link, nil without one.
  var boardLink: String? {
    guard case .success(let links)? = web?.pageLinks() else { return nil }
    return links.pages.first
  }

  private func publishDiscovery(_ link: MQTTLink) {
    for message in HomeAssistantDiscovery(configuration, board: boardLink).messages() { link.publish(message) }
  }

  private func publishEverything(_ link: MQTTLink) {
    link.publish(MQTTMessage(topic: topics.availability, text: "online", retain: true))
    publishDiscovery(link)
    publishState(link, force: true)
  }
}
