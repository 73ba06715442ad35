import Foundation
import GatherDaemon
import GatherStore
import GatherSystemd
import Logging
import ServiceLifecycle

/// Puts the daemon together: the store, the session, its listeners and the systemd glue, in one service
/// group that runs until SIGTERM or SIGINT.
struct Daemon {
  typealias Server = RPCServer<EventLoopClock>

  let settings: Settings
  let logger: Logger

  func run() async throws {
    raiseOpenFileLimit()
    // Files gatherd creates are its own; sockets get their explicit mode right after binding.
    umask(0o077)
    let listeners = try listeners()
    let store = try openStore()
    let session = try GatherSession(store: store, clock: EventLoopClock(), logger: logger)
    let stats = DaemonStats()
    let access = try AccessPolicy(controlGroupName: settings.controlGroup)
    let gate = ReadinessGate(count: listeners.count) {
      Task { Systemd.notify("READY=1\nMAINPID=\(getpid())\nSTATUS=\(await session.statusLine())") }
    }
    let servers = listeners.map { listener, readOnly in
      Server(
        configuration: .init(
          listener: listener, readOnly: readOnly, maxLineBytes: settings.maxLineBytes, access: access,
          testFaults: settings.testFaults),
        session: session, stats: stats, logger: logger, ready: gate.listenerReady)
    }
    var services: [ServiceGroupConfiguration.ServiceConfiguration] = [.init(service: SessionService(session: session))]
    if Systemd.isNotifying {
      services.append(.init(service: StatusReporter(session: session) { Systemd.notify("STATUS=\($0)") }))
    }
    if let timeout = Systemd.watchdogTimeout() {
      logger.info("Petting the systemd watchdog every \(timeout / 2).")
      services.append(
        .init(service: WatchdogService(session: session, interval: timeout / 2) { Systemd.notify("WATCHDOG=1") }))
    }
    services += servers.map { .init(service: $0, successTerminationBehavior: .gracefullyShutdownGroup) }
    services.append(.init(service: ShutdownAnnouncer { Systemd.notify("STOPPING=1\nSTATUS=Stopping") }))
    let group = ServiceGroup(
      configuration: .init(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    try await group.run()
  }

  /// The sockets to serve: those systemd passed, or the standalone socket and the optional status socket.
  private func listeners() throws -> [(Server.Listener, readOnly: Bool)] {
    let inherited = try Systemd.listenSockets()
    guard inherited.isEmpty else {
      // "status" (or a *-status.socket unit's default name) is read-only; every other socket serves everything.
      return inherited.map { socket in
        (
          .inherited(fd: socket.fd, name: socket.name),
          socket.name == "status" || socket.name.hasSuffix("-status.socket")
        )
      }
    }
    var listeners: [(Server.Listener, readOnly: Bool)] = [
      (.path(try settings.standaloneSocketPath(), mode: settings.socketMode), false)
    ]
    if let status = settings.statusSocketPath {
      listeners.append((.path(status, mode: settings.statusSocketMode), true))
    }
    return listeners
  }

  private func openStore() throws -> GatherStore {
    let directory = (settings.databasePath as NSString).deletingLastPathComponent
    if !directory.isEmpty {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: NSNumber(value: 0o700)])
    }
    let store = try GatherStore.open(path: settings.databasePath)
    logger.info("Opened the database \(settings.databasePath).")
    return store
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
