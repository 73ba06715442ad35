import GatherRPC

/// Everything `gatherctl export` writes, read through the daemon's read methods, so any local user who may
/// watch may export: the roster (`players.list`), every ended gather with its lineup and goals (`gathers.list`
/// page by page, then `gathers.get` each), and every plan (`plans.list` for the open ones, `plan.get` for each
/// id: plan ids count up from 1 and are never reused, so plans are found from 1 up to the last one).
struct ExportData {
  /// gatherd's version.
  let version: String
  /// The roster, by id: Player objects.
  let players: [JSONValue]
  /// The ended gathers, oldest first: GatherRecord objects.
  let gathers: [JSONValue]
  /// Every plan, by id: Plan objects.
  let plans: [JSONValue]

  /// Reads it all on one connection.
  static func fetch(_ connection: Connection) throws(CtlError) -> ExportData {
    let version = try connection.call("daemon.status")["version"]?.stringValue ?? "?"
    let players = try connection.call("players.list")["players"]?.arrayValue ?? []
    var summaries: [JSONValue] = []
    var before: Int64?
    repeat {
      var params: JSONObject = ["limit": 100]
      if let before { params["before"] = .int(before) }
      let page = try connection.call("gathers.list", params)
      summaries += page["gathers"]?.arrayValue ?? []
      before = page["next"]?.intValue
    } while before != nil
    var gathers: [JSONValue] = []
    for summary in summaries.reversed() {
      guard let id = summary["id"]?.intValue else { continue }
      gathers.append(try connection.call("gathers.get", ["id": .int(id)]))
    }
    return ExportData(version: version, players: players, gathers: gathers, plans: try plans(connection, gathers))
  }

  /// Every plan: ids from 1 until one past the last known (an open plan's, or one a gather started from) is
  /// not found.
  private static func plans(_ connection: Connection, _ gathers: [JSONValue]) throws(CtlError) -> [JSONValue] {
    let open = try connection.call("plans.list")["plans"]?.arrayValue ?? []
    let known = (open.compactMap { $0["id"]?.intValue } + gathers.compactMap { $0["plan"]?.intValue }).max() ?? 0
    var plans: [JSONValue] = []
    var id: Int64 = 1
    while true {
      do throws(CtlError) {
        plans.append(try connection.call("plan.get", ["plan": .int(id)]))
      } catch .refused(let error) where error.reason == "plan_not_found" {
        if id > known { break }
      }
      id += 1
    }
    return plans
  }

  /// The whole export as one JSON document.
  var json: JSONValue {
    .object([
      "format": "gatherd-export", "gatherd": .string(version), "players": .array(players), "gathers": .array(gathers),
      "plans": .array(plans),
    ])
  }
}
