import GatherAPI
import GatherRPC

/// Everything `gatherctl export` writes, read through the daemon's read methods, so any local user who may
/// watch may export: the roster (`players.list`), every ended gather with its lineup and goals (`gathers.list`
/// page by page, then `gathers.get` each), and every plan (`plans.list` for the open ones, `plan.get` for each
/// id: plan ids count up from 1 and are never reused, so plans are found from 1 up to the last one).
struct ExportData {
  /// gatherd's version.
  let version: String
  /// The roster, by id.
  let players: [Exported<API.Player>]
  /// The ended gathers, oldest first.
  let gathers: [Exported<API.GatherRecord>]
  /// Every plan, by id.
  let plans: [Exported<API.Plan>]

  /// Reads it all on one connection.
  static func fetch(_ connection: Connection) throws(CtlError) -> ExportData {
    let version = try connection.call(.daemonStatus).version
    let roster = try connection.reply(.playersList)
    // Each player as gatherd sent it, passed through to the JSON export, beside the player read.
    let sent = roster.json.objectValue?["players"]?.arrayValue ?? []
    let players = zip(sent, try roster.value().players).map { Exported(json: $0, value: $1) }
    var summaries: [API.GatherSummary] = []
    var before: Int64?
    repeat {
      var params: JSONObject = ["limit": 100]
      if let before { params["before"] = .int(before) }
      let page = try connection.call(.gathersList, params)
      summaries += page.gathers
      before = page.next
    } while before != nil
    var gathers: [Exported<API.GatherRecord>] = []
    for summary in summaries.reversed() {
      gathers.append(try Exported(connection.reply(.gathersGet, ["id": .int(summary.id)])))
    }
    return ExportData(version: version, players: players, gathers: gathers, plans: try plans(connection, gathers))
  }

  /// Every plan: ids from 1 until one past the last known (an open plan's, or one a gather started from) is
  /// not found.
  private static func plans(
    _ connection: Connection, _ gathers: [Exported<API.GatherRecord>]
  ) throws(CtlError) -> [Exported<API.Plan>] {
    let open = try connection.call(.plansList).plans
    let known = (open.map(\.id) + gathers.compactMap(\.value.plan)).max() ?? 0
    var plans: [Exported<API.Plan>] = []
    var id: Int64 = 1
    while true {
      do throws(CtlError) {
        plans.append(try Exported(connection.reply(.planGet, ["plan": .int(id)])))
      } catch .refused(let error) where error.reason == "plan_not_found" {
        if id > known { break }
      }
      id += 1
    }
    return plans
  }

  /// The whole export as one JSON document, each object as gatherd sent it.
  var json: JSONValue {
    .object([
      "format": "gatherd-export", "gatherd": .string(version), "players": .array(players.map(\.json)),
      "gathers": .array(gathers.map(\.json)), "plans": .array(plans.map(\.json)),
    ])
  }
}

/// An object of the export: as gatherd sent it, for the JSON document, and read as its type, for the CSV tables.
struct Exported<Value> {
  /// The object as gatherd sent it.
  let json: JSONValue
  /// The object read.
  let value: Value
}

extension Exported where Value: Decodable & Sendable {
  /// The result of `reply`, both ways.
  init(_ reply: Reply<Value>) throws(CtlError) {
    json = reply.json
    value = try reply.value()
  }
}
