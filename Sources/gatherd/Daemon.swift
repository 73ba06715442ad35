import FoundationEssentials
import GatherDaemon
import GatherPush
import GatherRPC
import GatherStore
import GatherSystemd
import Glibc
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// Puts the daemon together: the store, the session, its listeners and the systemd glue, in one service
/// group that runs until SIGTERM or SIGINT.
///
/// Two event loops do all the work: one serves every connection (reads are answered there, from the session's
/// view, and the clock's ticks are written there), and one runs the session's changes and commits, so a commit
/// never holds up a read.
/// Swift concurrency only starts and stops the services.
struct Daemon {
  let settings: Settings
  let logger: Logger

  func run() async throws {
    raiseOpenFileLimit()
    // Files gatherd creates are its own; sockets get their explicit mode right after binding.
    umask(0o077)
    var (inherited, stored) = StoredDescriptors.sort(try Systemd.listenSockets().map { ($0.fd, $0.name) })
    // A socket named "http" (gatherd-http.socket) is the scoreboard's, unless --http says otherwise.
    let inheritedHTTP = inherited.first { $0.name == "http" }
    inherited.removeAll { $0.name == "http" }
    let httpAddress = settings.http ?? inheritedHTTP.map { HTTPAddress.inherited(fd: $0.fd) }
    // A socket named "metrics" (gatherd-metrics.socket) serves /metrics alone, unless --metrics says otherwise.
    let inheritedMetrics = inherited.first { $0.name == "metrics" }
    inherited.removeAll { $0.name == "metrics" }
    let metricsAddress = settings.metrics ?? inheritedMetrics.map { HTTPAddress.inherited(fd: $0.fd) }
    // Metrics are on only when something serves them; every handle made from here on reports to them.
    let metrics = httpAddress != nil || metricsAddress != nil ? MetricsExporter.bootstrap() : nil
    let keeper = keeper(resuming: stored)
    let listeners = try listeners(inherited)
    // A socket that another daemon answers on is refused before the database is touched.
    for case (.path(let path, _), let readOnly) in listeners {
      do { try SocketFile(path: path).prepare(directoryMode: 0o755) } catch {
        throw settings.sources.locating(error, key: readOnly ? "status-socket" : "socket")
      }
    }
    let access: AccessPolicy
    do { access = try AccessPolicy(controlGroupName: settings.controlGroup) } catch {
      throw settings.sources.locating(error, key: "control-group")
    }
    let store: GatherStore
    do { store = try openStore() } catch { throw settings.sources.locating(error, key: "database") }
    let connectionLoops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let sessionLoops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    // Database queries (history, stats) run here, beside the session's loop.
    let queryPool = NIOThreadPool(numberOfThreads: 1)
    queryPool.start()
    let connectionLoop = connectionLoops.next()
    let sessionLoop = sessionLoops.next()
    let hub = EventHub(subscriberLoop: connectionLoop)
    if let keeper { hub.leaseSeqs(after: stored.record.seqCeiling, keeper.leaseSeqs) }
    let session = try GatherSession(
      store: store, clock: EventLoopClock(loops: sessionLoop), loop: sessionLoop, hub: hub,
      planTimes: settings.planTimes, logger: logger, voteWindow: settings.voteWindow,
      attendance: settings.attendance)
    // What fell due while no gatherd ran (a plan to expire, a week to open, a vote to close) is done before any
    // listener serves: a read right after a socket-activated start answers from after it.
    try await session.perform { $0.start() }
    // Ids go on above the previous gatherd's: above its live ones, and above its seq lease, which every
    // gatherd starts numbering subscriptions from too, so that ended ones are not reused either.
    session.hub.reserveSubscriptionIDs(through: max(stored.record.largestSubscriptionID, stored.record.seqCeiling))
    if let keeper {
      let kept = Set(stored.connections.map(\.name))
      connectionLoop.execute { keeper.resumed(keeping: kept) }
    }
    var resuming = stored.connections
    let stats = DaemonStats()
    let web = WebAccess(token: settings.httpToken, publicURL: settings.web.publicURL)
    let gate = ReadinessGate(count: listeners.count + [httpAddress, metricsAddress].compactMap { $0 }.count) {
      Systemd.notify("READY=1\nMAINPID=\(getpid())\nSTATUS=\(session.view.statusLine())")
    }
    // Pushes and webhooks go out from a courier whose thread, and libcurl, start only at the first post.
    let courier = HTTPCourier(
      configuration: .init(caFile: settings.push.caFile, userAgent: "gatherd/\(GatherVersion.current)"), logger: logger)
    let push = WebPush(
      settings: settings.push, keyPath: VAPIDKeyFile.path(besideDatabase: settings.databasePath), courier: courier,
      web: httpAddress == nil ? nil : web, logger: logger)
    // The one way into the session: every listener and MQTT answer through it.
    let gateway = RPCGateway(
      session: session, loop: connectionLoop, queryPool: queryPool, stats: stats, maxLineBytes: settings.maxLineBytes,
      access: access, web: httpAddress == nil ? nil : web, keeper: keeper, testFaults: settings.testFaults,
      logger: logger, push: push)
    let servers = listeners.map { listener, readOnly in
      var configuration = RPCServer.Configuration(listener: listener, readOnly: readOnly)
      // A kept connection goes back to the first listener of its kind.
      if keeper != nil {
        configuration.resuming = resuming.filter { $0.readOnly == readOnly }
        resuming.removeAll { $0.readOnly == readOnly }
      }
      return RPCServer(configuration: configuration, gateway: gateway, ready: gate.listenerReady)
    }
    for connection in resuming {
      logger.notice("No listener takes back the kept connection \(connection.name); closing it.")
      close(connection.fd)
      Systemd.removeStoredFileDescriptors(name: connection.name)
    }
    // The session catches up with what fell due while no gatherd ran before any listener serves a read.
    let sessionService = SessionService(session: session)
    try await sessionService.start()
    var services: [ServiceGroupConfiguration.ServiceConfiguration] = [.init(service: sessionService)]
    // A step of the wall clock (NTP, a resume) re-times the plans and votes at once.
    services.append(.init(service: WallClockSteps(logger: logger) { session.wallClockStepped() }))
    if Systemd.isNotifying {
      services.append(.init(service: StatusReporter(session: session) { Systemd.notify("STATUS=\($0)") }))
    }
    if let timeout = Systemd.watchdogTimeout() {
      logger.info("Petting the systemd watchdog every \(timeout / 2).")
      services.append(
        .init(
          service: WatchdogService(session: session, connectionLoop: connectionLoop, interval: timeout / 2) {
            Systemd.notify("WATCHDOG=1")
          }))
    }
    services.append(
      .init(
        service: NotificationService(
          session: session, push: push, webhooks: settings.webhooks, courier: courier, logger: logger)))
    if let mqtt = settings.mqtt {
      do {
        services.append(
          .init(
            service: try MQTTService(configuration: mqtt, gateway: gateway)))
      } catch { throw settings.sources.locating(error, key: "mqtt") }
    }
    services += servers.map { .init(service: $0, successTerminationBehavior: .gracefullyShutdownGroup) }
    if let httpAddress {
      let listener = HTTPListener(
        address: httpAddress, access: web, gateway: gateway, configuration: settings.web, metrics: metrics,
        ready: gate.listenerReady)
      services.append(.init(service: listener, successTerminationBehavior: .gracefullyShutdownGroup))
    }
    if let metricsAddress {
      // The same HTTP listener, serving /metrics alone.
      let listener = HTTPListener(
        address: metricsAddress, access: web, gateway: gateway, configuration: settings.web, metrics: metrics,
        onlyMetrics: true, ready: gate.listenerReady)
      services.append(.init(service: listener, successTerminationBehavior: .gracefullyShutdownGroup))
    }
    services.append(.init(service: ShutdownAnnouncer { Systemd.notify("STOPPING=1\nSTATUS=Stopping") }))
    let group = ServiceGroup(
      configuration: .init(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    do {
      try await group.run()
    } catch {
      await Self.shutDown(connectionLoops, sessionLoops, queryPool, session: session)
      throw error
    }
    await Self.shutDown(connectionLoops, sessionLoops, queryPool, session: session)
    do { try store.close() } catch { logger.warning("Could not close the database cleanly: \(error)") }
  }

  /// Keeps connections across restarts when the service manager offers a file descriptor store.
  private func keeper(resuming stored: StoredDescriptors) -> ConnectionKeeper? {
    let capacity = Systemd.fileDescriptorStoreCapacity
    guard capacity > 0 else { return nil }
    logger.info(
      "Keeping up to \(capacity) connections in the service manager's store; took back \(stored.connections.count).")
    return ConnectionKeeper(
      store: .init(store: Systemd.storeFileDescriptor, remove: Systemd.removeStoredFileDescriptors),
      resuming: stored, capacity: capacity, logger: logger)
  }

  /// The sockets to serve: those systemd passed, or the standalone socket and the optional status socket.
  private func listeners(_ inherited: [(fd: Int32, name: String)]) throws -> [(RPCServer.Listener, readOnly: Bool)] {
    guard inherited.isEmpty else {
      // "status" (or a *-status.socket unit's default name) is read-only; every other socket serves everything.
      return inherited.map { socket in
        (
          .inherited(fd: socket.fd, name: socket.name),
          socket.name == "status" || socket.name.hasSuffix("-status.socket")
        )
      }
    }
    var listeners: [(RPCServer.Listener, readOnly: Bool)] = [
      (.path(try settings.standaloneSocketPath(), mode: settings.socketMode), false)
    ]
    if let status = settings.statusSocketPath {
      listeners.append((.path(status, mode: settings.statusSocketMode), true))
    }
    return listeners
  }

  private func openStore() throws -> GatherStore {
    let directory = Folders.parent(of: settings.databasePath)
    do {
      if !directory.isEmpty { try Folders.create(directory, mode: 0o700) }
    } catch {
      throw SettingsError("For the database, \(error); choose another --database.")
    }
    let store: GatherStore
    do {
      store = try GatherStore.open(path: settings.databasePath)
    } catch {
      throw SettingsError("Cannot open the database \(settings.databasePath): \(error); choose another --database.")
    }
    logger.info("Opened the database \(settings.databasePath).")
    return store
  }

  private static func shutDown(
    _ connectionLoops: MultiThreadedEventLoopGroup, _ sessionLoops: MultiThreadedEventLoopGroup,
    _ queryPool: NIOThreadPool, session: GatherSession
  ) async {
    // Each stops before the loop that it answers on, so that every reply and event it hands over lands on a
    // running loop: queries and changes answer on the connections' loop, which stops last. (A future left
    // unfulfilled on a stopped loop would never free what its callbacks hold.) A batch of a closed connection
    // may still go on after its connection has gone; its later changes are refused from here on, and a
    // round on the connections' loop lets any change already on its way reach the session's loop first.
    try? await queryPool.shutdownGracefully()
    session.refuseChanges()
    for loop in connectionLoops.makeIterator() { try? await loop.submit {}.get() }
    try? await sessionLoops.shutdownGracefully()
    try? await connectionLoops.shutdownGracefully()
  }

  /// Lifts the soft limit on open files to the hard limit, so that thousands of clients can connect.
  private func raiseOpenFileLimit() {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
    limit.rlim_cur = limit.rlim_max
    if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 {
      logger.debug("Raised the open-file limit to \(limit.rlim_cur).")
    }
  }
}
