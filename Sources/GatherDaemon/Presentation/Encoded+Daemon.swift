import FoundationEssentials
import GatherAPI
import GatherModel
import GatherRPC
import Glibc

/// What daemon.* answer.
extension Encoded where Value == API.Pong {
  /// `{"pong": true}`, encoded once.
  static var pong: Encoded { Encoded(Pong.json) }
}

/// daemon.ping's one answer, encoded once.
private enum Pong {
  static let json: JSONValue = .object(JSONObject([(key: "pong", value: true)]).encodedOnce())
}

extension Encoded where Value == API.DaemonStatus {
  /// The daemon as it is now: its version, process, uptime, connections, subscriptions, seq and roster, the
  /// active gather in short, and whether the caller is a `controller`.
  init(_ view: SessionView, stats: DaemonStats, hub: EventHub, controller: Bool) {
    let uptime = stats.startedAt.duration(to: .now)
    self.init(
      .object([
        "version": .string(DaemonStats.version),
        "pid": .int(Int64(getpid())),
        "uptimeSeconds": .double((uptime.inSeconds * 10).rounded() / 10),
        "connections": .int(Int64(stats.openConnections)),
        "subscriptions": .int(Int64(hub.subscriptionCount)),
        "seq": .int(view.seq),
        "players": .int(Int64(view.state.roster.count)),
        "gather": view.currentGather?.summaryJSON ?? .null,
        "controller": .bool(controller),
      ]))
  }
}

extension Encoded where Value == API.ServerTime {
  /// `{now, local, zone}`: the server's time in UTC and in its own zone, and the zone's name (null when it has
  /// none); with `at`, a wall-clock time with no zone (read as UTC), also `at`: that time here, with the offset in
  /// force then (`2026-12-03T19:00:00+00:00`), as `plan.create` takes it.
  /// The times are read in `zone`, the session's, whose name is `zoneName`.
  init(now: Date, at wall: Date?, zone: ZoneRule, zoneName: String?) {
    let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
    var result: JSONObject = [
      "now": .string(ISO8601.string(now)),
      "local": .string(ISO8601.zonedString(now, utcOffset: zone.offset(seconds))),
      "zone": zoneName.map { .string($0) } ?? .null,
    ]
    if let wall {
      let here = zone.instant(wallSeconds: Int64(wall.timeIntervalSince1970))
      result["at"] = .string(ISO8601.zonedString(here.date, utcOffset: here.utcOffset))
    }
    self.init(.object(result))
  }
}
