import GatherMQTT
import GatherRPC
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// gatherd on an MQTT broker, with Home Assistant discovery (`--mqtt`; docs/mqtt.md), as a service.
///
/// It is one more subscriber of the session's events, like a connection's `events.subscribe`, and with
/// `--mqtt-control` one more caller of the same dispatcher; the broker itself is talked to by ``MQTTClient`` on
/// a thread of its own, so a broker that is down, slow or refuses the password never delays a socket request.
public struct MQTTService<C: Clock>: Service, CustomStringConvertible where C.Duration == Duration {
  let configuration: MQTTConfiguration
  let session: GatherSession<C>
  let loop: any EventLoop
  let logger: Logger
  private let client: MQTTClient
  private let publisher: MQTTPublisher

  /// A service that publishes `session` as `configuration` says; requests are answered on the connections'
  /// `loop`, and database queries on `queryPool`, as for a connection. Throws if libmosquitto will not take
  /// the configuration (a CA file it cannot use, say): a startup error. `web` is the page's access when gatherd
  /// serves it, so that `web.link` and `plan.link` give its links over MQTT as over the socket.
  public init(
    configuration: MQTTConfiguration, session: GatherSession<C>, loop: any EventLoop, queryPool: NIOThreadPool,
    stats: DaemonStats, maxLineBytes: Int, policy: AccessPolicy, web: WebAccess? = nil, logger: Logger
  ) throws(MQTTError) {
    self.configuration = configuration
    self.session = session
    self.loop = loop
    self.logger = logger
    let services = ConnectionServices(
      dispatcher: MethodTable.dispatcher(session, stats: stats, testFaults: false, web: web, logger: logger),
      runOnSession: { work, replyLoop, done in session.run(work, replyingOn: replyLoop, to: done) },
      queryPool: queryPool, hub: session.hub, stats: stats, maxLineBytes: maxLineBytes, readOnly: false,
      access: policy, logger: logger, keeper: nil)
    let requests =
      configuration.control
      ? MQTTRequests(services: services, loop: loop, topics: MQTTTopics(configuration)) : nil
    let publisher = MQTTPublisher(configuration: configuration, requests: requests) { session.view }
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
    let (session, client) = (session, client)
    let sink = MQTTEventSink(client: client, publisher: publisher)
    let table = session.hub.subscribers
    let subscription = session.hub.newSubscriptionID()
    let topics = MQTTEventSink.topics(ticks: configuration.ticks)
    // From the view's seq on, every event reaches the sink; the first connection publishes that view's state.
    _ = try? await loop.submit { table.add(subscription, topics: topics, after: session.view.seq, sink: sink) }.get()
    logger.info(
      "MQTT: publishing on \(configuration.topicPrefix) and \(configuration.discoveryPrefix) through \(configuration.broker)\(configuration.control ? ", taking requests on \(MQTTTopics(configuration).rpc)" : "")."
    )
    client.start()
    try? await gracefulShutdown()
    _ = try? await loop.submit { table.remove(subscription, of: sink) }.get()
    // A thread waiting for a DNS answer is left behind rather than holding up the shutdown.
    let giveUp = loop.scheduleTask(in: .seconds(2)) { client.stopWaiting() }
    await client.stop(farewell: publisher.offline)
    giveUp.cancel()
    withExtendedLifetime(sink) {}
  }
}
