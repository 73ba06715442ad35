import FoundationEssentials
import GatherRPC
import Glibc
import Logging
import Synchronization

/// rpc.discover and daemon.*: what the daemon is and how it is doing.
enum DaemonController {
  /// The OpenRPC document, embedded at build time.
  static let document: JSONValue = {
    do { return try JSONParser.parse(PackageResources.openrpc_json) } catch {
      preconditionFailure("The embedded OpenRPC document is not valid JSON: \(error)")
    }
  }()

  /// daemon.ping's result, encoded once.
  static let pong: JSONValue = .object(JSONObject([(key: "pong", value: true)]).encodedOnce())

  static func methods<C>(_ session: GatherSession<C>, stats: DaemonStats) -> [RPCMethod<Caller>] {
    [
      .read("rpc.discover") { params, _ in
        try params.finish()
        return document
      },
      .read("daemon.ping") { params, _ in
        try params.finish()
        return pong
      },
      .read("daemon.status") { params, caller in
        try params.finish()
        let uptime = stats.startedAt.duration(to: .now)
        let view = session.view
        return .object([
          "version": .string(DaemonStats.version),
          "pid": .int(Int64(getpid())),
          "uptimeSeconds": .double((uptime.inSeconds * 10).rounded() / 10),
          "connections": .int(Int64(stats.openConnections)),
          "subscriptions": .int(Int64(session.hub.subscriptionCount)),
          "seq": .int(view.seq),
          "players": .int(Int64(view.state.roster.count)),
          "gather": view.currentGather?.summaryJSON ?? .null,
          "controller": .bool(caller.mayMutate),
        ])
      },
    ]
  }
}
