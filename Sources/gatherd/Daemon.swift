import Foundation
import GatherDaemon
import GatherStore
import Logging
import ServiceLifecycle

/// Puts the daemon together: the store, the session, the listener, and one service group that runs them
/// until SIGTERM or SIGINT.
struct Daemon {
  let settings: Settings
  let logger: Logger

  func run() async throws {
    raiseOpenFileLimit()
    let databaseDirectory = (settings.databasePath as NSString).deletingLastPathComponent
    if !databaseDirectory.isEmpty {
      try FileManager.default.createDirectory(
        atPath: databaseDirectory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: NSNumber(value: 0o700)])
    }
    let store = try GatherStore.open(path: settings.databasePath)
    logger.info("Opened the database \(settings.databasePath).")
    let session = try GatherSession(store: store, clock: ContinuousClock(), logger: logger)
    let server = RPCServer(
      configuration: .init(
        socketPath: settings.socketPath, socketMode: settings.socketMode, maxLineBytes: settings.maxLineBytes,
        access: try AccessPolicy(controlGroupName: settings.controlGroup)),
      session: session, stats: DaemonStats(), logger: logger)
    let group = ServiceGroup(
      configuration: .init(
        services: [
          .init(service: SessionService(session: session)),
          .init(service: server, successTerminationBehavior: .gracefullyShutdownGroup),
        ],
        gracefulShutdownSignals: [.sigterm, .sigint],
        logger: logger))
    try await group.run()
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
