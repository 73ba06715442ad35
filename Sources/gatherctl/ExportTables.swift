import GatherAPI

/// The export as CSV, one file per table, each with a header row, so that a spreadsheet opens any of them:
/// players.csv (its first columns are what `gatherctl import` reads), gathers.csv, lineups.csv and goals.csv
/// (each row names its gather), plans.csv and signups.csv (each row names its plan).
enum ExportTables {
  /// The file names and their CSV text, in the order above.
  static func files(_ data: ExportData) -> [(name: String, text: String)] {
    let gathers = data.gathers.map(\.value)
    let plans = data.plans.map(\.value)
    return [
      ("players.csv", players(data.players.map(\.value))), ("gathers.csv", Self.gathers(gathers)),
      ("lineups.csv", lineups(gathers)), ("goals.csv", goals(gathers)), ("plans.csv", Self.plans(plans)),
      ("signups.csv", signUps(plans)),
    ]
  }

  static func players(_ players: [API.Player]) -> String {
    var table = CSVWriter(header: ["name", "position", "skill", "age", "favouriteTeam", "id"])
    for player in players {
      table.append([
        .text(player.name), value(player.position), value(player.skill), value(player.age),
        text(player.favouriteTeam), value(player.id),
      ])
    }
    return table.text
  }

  static func gathers(_ gathers: [API.GatherRecord]) -> String {
    var table = CSVWriter(header: [
      "id", "startedAt", "endedAt", "teamA", "teamB", "scoreA", "scoreB", "winner", "plan",
    ])
    for gather in gathers {
      table.append([
        value(gather.id), .value(gather.startedAt), .value(gather.endedAt), .text(gather.names.teamA),
        .text(gather.names.teamB), value(gather.score.teamA), value(gather.score.teamB),
        .value(gather.winner.rawValue), value(gather.plan),
      ])
    }
    return table.text
  }

  static func lineups(_ gathers: [API.GatherRecord]) -> String {
    var table = CSVWriter(header: ["gather", "team", "player", "name", "position"])
    for gather in gathers {
      let teams = [("teamA", gather.teams.teamA), ("teamB", gather.teams.teamB), ("bench", gather.teams.bench)]
      for (team, members) in teams {
        for member in members {
          table.append([value(gather.id), .value(team), value(member.id), .text(member.name), value(member.position)])
        }
      }
    }
    return table.text
  }

  static func goals(_ gathers: [API.GatherRecord]) -> String {
    var table = CSVWriter(header: [
      "gather", "kind", "team", "player", "name", "minute", "period", "matchTimeMs", "scoreA", "scoreB", "at",
    ])
    for gather in gathers {
      for goal in gather.goals {
        table.append([
          value(gather.id), .value(goal.kind.rawValue), value(goal.team?.rawValue), value(goal.player?.id),
          text(goal.player?.name), .value(goal.minute), value(goal.period), value(goal.matchTimeMs),
          value(goal.score.teamA), value(goal.score.teamB), .value(goal.at),
        ])
      }
    }
    return table.text
  }

  static func plans(_ plans: [API.Plan]) -> String {
    var table = CSVWriter(header: [
      "id", "status", "startsAt", "startsAtLocal", "capacity", "place", "note", "gather", "createdAt",
    ])
    for plan in plans {
      table.append([
        value(plan.id), .value(plan.status.rawValue), .value(plan.startsAt), .value(plan.startsAtLocal),
        value(plan.capacity), text(plan.place), text(plan.note), value(plan.gather), .value(plan.createdAt),
      ])
    }
    return table.text
  }

  static func signUps(_ plans: [API.Plan]) -> String {
    var table = CSVWriter(header: ["plan", "answer", "player", "name", "at", "guest"])
    for plan in plans {
      for (answer, list) in [("going", plan.going), ("waiting", plan.waiting), ("notGoing", plan.notGoing)] {
        for signUp in list {
          table.append([
            value(plan.id), .value(answer), value(signUp.id), .text(signUp.name), .value(signUp.at),
            .value(signUp.guest ? "true" : "false"),
          ])
        }
      }
    }
    return table.text
  }

  /// Text from people; empty for none.
  private static func text(_ text: String?) -> CSVWriter.Cell { .text(text ?? "") }

  /// A code gatherd made (a position, a skill, a side); empty for none.
  private static func value(_ code: String?) -> CSVWriter.Cell { .value(code ?? "") }

  /// A number gatherd made, as JSON writes it; empty for none.
  private static func value(_ number: Int64?) -> CSVWriter.Cell { .value(number.map { String($0) } ?? "") }
}
