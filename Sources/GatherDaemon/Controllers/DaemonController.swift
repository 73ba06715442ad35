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
      .read("daemon.time") { params, _ in
        let wallTime = try params.optionalString("at")
        try params.finish()
        return try time(now: session.wallClock(), at: wallTime)
      },
    ]
  }

  /// daemon.time's answer: `{now, local, zone}`, the server's time in UTC and in its own zone, and the zone's name
  /// (null when it has none); with `at`, a wall-clock time with no zone (`2026-12-03T19:00`), also `at`: that
  /// time here, with the offset in force then (`2026-12-03T19:00:00+00:00`), as `plan.create` takes it.
  static func time(now: Date, at wallTime: String?) throws(RPCError) -> JSONValue {
    let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
    var result: JSONObject = [
      "now": .string(ISO8601.string(now)),
      "local": .string(ISO8601.zonedString(now, utcOffset: LocalTimeZone.offset(at: seconds))),
      "zone": LocalTimeZone.name().map { .string($0) } ?? .null,
    ]
    if let wallTime {
      // Read as if in UTC, so that the calendar checks it; then placed in the server's zone.
      let wall: Date
      do throws(ISO8601.Problem) {
        guard let written = ISO8601.Written(wallTime + "Z"), written.millisecond == 0 else { throw .form }
        wall = try written.instant()
      } catch {
        throw error.invalidParams("at", expecting: "a date and time without a time zone, such as 2026-12-03T19:00")
      }
      let here = LocalTimeZone.instant(wallSeconds: Int64(wall.timeIntervalSince1970))
      result["at"] = .string(ISO8601.zonedString(here.date, utcOffset: here.utcOffset))
    }
    return .object(result)
  }
}
