import GatherRPC

/// The export as CSV, one file per table, each with a header row, so that a spreadsheet opens any of them:
/// players.csv (its first columns are what `gatherctl import` reads), gathers.csv, lineups.csv and goals.csv
/// (each row names its gather), plans.csv and signups.csv (each row names its plan).
enum ExportTables {
  /// The file names and their CSV text, in the order above.
  static func files(_ data: ExportData) -> [(name: String, text: String)] {
    [
      ("players.csv", players(data.players)), ("gathers.csv", gathers(data.gathers)),
      ("lineups.csv", lineups(data.gathers)), ("goals.csv", goals(data.gathers)), ("plans.csv", plans(data.plans)),
      ("signups.csv", signUps(data.plans)),
    ]
  }

  static func players(_ players: [JSONValue]) -> String {
    var table = CSVWriter(header: ["name", "position", "skill", "age", "favouriteTeam", "id"])
    for player in players {
      table.append([
        text(player["name"]), value(player["position"]), value(player["skill"]), value(player["age"]),
        text(player["favouriteTeam"]), value(player["id"]),
      ])
    }
    return table.text
  }

  static func gathers(_ gathers: [JSONValue]) -> String {
    var table = CSVWriter(header: [
      "id", "startedAt", "endedAt", "teamA", "teamB", "scoreA", "scoreB", "winner", "plan",
    ])
    for gather in gathers {
      table.append([
        value(gather["id"]), value(gather["startedAt"]), value(gather["endedAt"]), text(gather["names"]?["teamA"]),
        text(gather["names"]?["teamB"]), value(gather["score"]?["teamA"]), value(gather["score"]?["teamB"]),
        value(gather["winner"]), value(gather["plan"]),
      ])
    }
    return table.text
  }

  static func lineups(_ gathers: [JSONValue]) -> String {
    var table = CSVWriter(header: ["gather", "team", "player", "name", "position"])
    for gather in gathers {
      for team in ["teamA", "teamB", "bench"] {
        for member in gather["teams"]?[team]?.arrayValue ?? [] {
          table.append([
            value(gather["id"]), .value(team), value(member["id"]), text(member["name"]), value(member["position"]),
          ])
        }
      }
    }
    return table.text
  }

  static func goals(_ gathers: [JSONValue]) -> String {
    var table = CSVWriter(header: [
      "gather", "kind", "team", "player", "name", "minute", "period", "matchTimeMs", "scoreA", "scoreB", "at",
    ])
    for gather in gathers {
      for goal in gather["goals"]?.arrayValue ?? [] {
        table.append([
          value(gather["id"]), value(goal["kind"]), value(goal["team"]), value(goal["player"]?["id"]),
          text(goal["player"]?["name"]), value(goal["minute"]), value(goal["period"]), value(goal["matchTimeMs"]),
          value(goal["score"]?["teamA"]), value(goal["score"]?["teamB"]), value(goal["at"]),
        ])
      }
    }
    return table.text
  }

  static func plans(_ plans: [JSONValue]) -> String {
    var table = CSVWriter(header: [
      "id", "status", "startsAt", "startsAtLocal", "capacity", "place", "note", "gather", "createdAt",
    ])
    for plan in plans {
      table.append([
        value(plan["id"]), value(plan["status"]), value(plan["startsAt"]), value(plan["startsAtLocal"]),
        value(plan["capacity"]), text(plan["place"]), text(plan["note"]), value(plan["gather"]),
        value(plan["createdAt"]),
      ])
    }
    return table.text
  }

  static func signUps(_ plans: [JSONValue]) -> String {
    var table = CSVWriter(header: ["plan", "answer", "player", "name", "at", "guest"])
    for plan in plans {
      for answer in ["going", "waiting", "notGoing"] {
        for signUp in plan[answer]?.arrayValue ?? [] {
          table.append([
            value(plan["id"]), .value(answer), value(signUp["id"]), text(signUp["name"]), value(signUp["at"]),
            value(signUp["guest"]),
          ])
        }
      }
    }
    return table.text
  }

  /// Text from people; empty for null.
  private static func text(_ json: JSONValue?) -> CSVWriter.Cell {
    .text(json?.stringValue ?? "")
  }

  /// A value gatherd made, as JSON writes it (numbers, true/false); empty for null.
  private static func value(_ json: JSONValue?) -> CSVWriter.Cell {
    switch json {
    case nil, .null?: .value("")
    case .string(let text)?: .value(text)
    case let other?: .value(JSONWriter.string(other))
    }
  }
}
