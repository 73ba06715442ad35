import FoundationEssentials
import GatherMQTT
import GatherRPC
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// gatherd on an MQTT broker, with Home Assistant discovery (`--mqtt`; docs/mqtt.md), as a service.
///
/// It is one more subscriber of the session's events, like a connection's `events.subscribe`, and with
/// `--mqtt-control` one more caller of the same gateway; the broker itself is talked to by ``MQTTClient`` on
/// a thread of its own, so a broker that is down, slow or refuses the password never delays a socket request.
public struct MQTTService: Service, CustomStringConvertible {
  let configuration: MQTTConfiguration
  let gateway: RPCGateway
  let logger: Logger
  private let client: MQTTClient
  private let publisher: MQTTPublisher

  /// A service that publishes the session behind `gateway` as `configuration` says, and answers requests through
  /// it on the connections' loop, as for a connection. Throws if libmosquitto will not take the configuration (a
  /// CA file it cannot use, say): a startup error.
  public init(configuration: MQTTConfiguration, gateway: RPCGateway, startedAt: Date = Date()) throws(MQTTError) {
    self.configuration = configuration
    self.gateway = gateway
    logger = gateway.logger
    let requests =
      configuration.control
      ? MQTTRequests(gateway: gateway, topics: MQTTTopics(configuration)) : nil
    let publisher = MQTTPublisher(
      configuration: configuration, requests: requests, web: gateway.web, run: MQTTEventID(startedAt: startedAt),
      view: gateway.currentView)
    self.publisher = publisher
    client = try MQTTClient(
      configuration: MQTTClient.Configuration(
        broker: configuration.broker, password: configuration.password, caFile: configuration.caFile,
        clientID: configuration.nodeID, will: publisher.offline),
      logger: logger, onConnect: { publisher.connected($0) }, onMessage: { publisher.received($0, $1) })
    requests?.client = client
  }

  /// How logs name it.
  public var description: String { "MQTTService(\(configuration.broker))" }

  /// Publishes until graceful shutdown; then publishes `offline` and disconnects cleanly.
  public func run() async {
    let (gateway, client, publisher, loop) = (gateway, client, publisher, gateway.loop)
    let sink = MQTTEventSink(client: client, publisher: publisher)
    let table = gateway.hub.subscribers
    let subscription = gateway.hub.newSubscriptionID()
    let topics = MQTTEventSink.topics(ticks: configuration.ticks)
    // From the view's seq on, every event reaches the sink; the first connection publishes that view's state.
    _ = try? await loop.submit { table.add(subscription, topics: topics, after: gateway.currentView().seq, sink: sink) }
      .get()
    logger.info(
      "MQTT: publishing on \(configuration.topicPrefix) and \(configuration.discoveryPrefix) through \(configuration.broker)\(configuration.control ? ", taking requests on \(MQTTTopics(configuration).rpc)" : "")."
    )
    client.start()
    // The page's link, for Home Assistant's device, is known once its listener is bound.
    gateway.web?.whenServed { client.execute { publisher.pageServed($0) } }
    try? await gracefulShutdown()
    _ = try? await loop.submit { table.remove(subscription, of: sink) }.get()
    // A thread waiting for a DNS answer is left behind rather than holding up the shutdown.
    let giveUp = loop.scheduleTask(in: .seconds(2)) { client.stopWaiting() }
    await client.stop(farewell: publisher.offline)
    giveUp.cancel()
    withExtendedLifetime(sink) {}
  }
}
