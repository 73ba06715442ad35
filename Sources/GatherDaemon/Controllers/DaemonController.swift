import Foundation
import GatherRPC
import Logging
import Synchronization

/// Counters the daemon keeps about itself, for `daemon.status`.
public final class DaemonStats: Sendable {
  /// The daemon's version.
  public static let version = "0.1.0"
  let startedAt = ContinuousClock.now
  private let connections = Atomic<Int>(0)

  /// Fresh counters.
  public init() {}

  /// How many connections are open.
  public var openConnections: Int { connections.load(ordering: .relaxed) }
  func connectionOpened() { connections.add(1, ordering: .relaxed) }
  func connectionClosed() { connections.subtract(1, ordering: .relaxed) }
}

/// rpc.discover and daemon.*: what the daemon is and how it is doing.
enum DaemonController {
  /// The OpenRPC document, embedded at build time.
  static let document: JSONValue = {
    do { return try JSONParser.parse(PackageResources.openrpc_json) } catch {
      preconditionFailure("The embedded OpenRPC document is not valid JSON: \(error)")
    }
  }()

  static func methods<C>(_ session: GatherSession<C>, stats: DaemonStats) -> [RPCMethod<Caller>] {
    [
      .read("rpc.discover") { params, _ in
        try params.finish()
        return document
      },
      .read("daemon.ping") { params, _ in
        try params.finish()
        return .object(["pong": true])
      },
      .read("daemon.status") { params, caller in
        try params.finish()
        let uptime = stats.startedAt.duration(to: .now)
        return .object([
          "version": .string(DaemonStats.version),
          "pid": .int(Int64(getpid())),
          "uptimeSeconds": .double((uptime.inSeconds * 10).rounded() / 10),
          "connections": .int(Int64(stats.openConnections)),
          "subscriptions": .int(Int64(session.hub.subscriptionCount)),
          "seq": .int(session.hub.seq),
          "players": .int(Int64(await session.playerCount)),
          "gather": await session.statusSummary(),
          "controller": .bool(caller.mayMutate),
        ])
      },
    ]
  }
}

/// Every method gatherd serves.
enum MethodTable {
  /// The dispatcher for a session. With `testFaults`, it also serves `test.wedgeSession`, which exists only
  /// so that tests can watch the watchdog catch a wedged daemon.
  static func dispatcher<C>(
    _ session: GatherSession<C>, stats: DaemonStats, testFaults: Bool, logger: Logger
  ) -> RPCDispatcher<Caller> {
    var methods =
      DaemonController.methods(session, stats: stats) + PlayersController.methods(session)
      + GatherController.methods(session) + TimerController.methods(session) + ScoreController.methods(session)
      + EventsController.methods(session)
    if testFaults {
      methods.append(
        .mutate("test.wedgeSession") { params, _ in
          try params.finish()
          await session.wedgeForTesting()
          return .null
        })
    }
    return RPCDispatcher(
      methods: methods, mapError: { ErrorMapping.rpcError($0, logger: logger) },
      observer: { method, caller, error in
        var logger = logger
        logger[metadataKey: "peer_uid"] = "\(caller.credentials.uid)"
        logger[metadataKey: "peer_pid"] = "\(caller.credentials.pid)"
        logger[metadataKey: "rpc_method"] = "\(method.name)"
        if let error {
          logger.notice(
            "\(method.name) from uid \(caller.credentials.uid) refused: \(error.message)",
            metadata: ["reason": "\(error.reason)"])
        } else {
          logger.log(level: method.mutates ? .info : .debug, "\(method.name) from uid \(caller.credentials.uid)")
        }
      })
  }
}
