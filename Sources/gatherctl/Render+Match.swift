import GatherRPC

/// The match as gatherctl words it: the sides by their names ("Bibs 2-1 Colours", "Team A 2-1 Team B" by
/// default), goals by their minute as football writes it ("28'", "45+2'"), gathers with their teams and goals.
extension Render {
  /// The name of a side ("teamA" or "teamB") from a gather's `names`, else "Team A" or "Team B".
  static func side(_ key: String, _ names: JSONValue?) -> String {
    string(names?[key]) ?? (key == "teamB" ? "Team B" : "Team A")
  }

  /// Whether `names` are other than "Team A" and "Team B".
  static func hasOwnNames(_ names: JSONValue?) -> Bool {
    side("teamA", names) != "Team A" || side("teamB", names) != "Team B"
  }

  /// "Bibs 2-1 Colours"; "Team A 2-1 Team B" without names.
  static func score(_ score: JSONValue?, names: JSONValue? = nil) -> String {
    "\(side("teamA", names)) \(text(score?["text"])) \(side("teamB", names))"
  }

  /// The name of the daemon's "teamA" or "teamB": "Bibs", or "Team A" without names.
  static func teamName(_ team: JSONValue?, names: JSONValue? = nil) -> String? {
    team?.stringValue.map { side($0, names) }
  }

  /// When a goal was scored, as football writes it: the daemon's `minute` ("28'", "45+2'").
  static func goalTime(_ goal: JSONValue?) -> String { text(goal?["minute"] ?? goal?["when"] ?? goal?["matchTime"]) }

  /// Who scored: the scorer's name, else the team.
  static func scorer(_ goal: JSONValue?, names: JSONValue? = nil) -> String {
    string(goal?["player"]?["name"]) ?? teamName(goal?["team"], names: names) ?? "-"
  }

  /// `score.goal`'s confirmation: "Goal! Ana (28') — Bibs 1-0 Colours".
  static func goalScored(_ result: JSONValue, names: JSONValue? = nil) -> String {
    "Goal! \(scorer(result["goal"], names: names)) (\(goalTime(result["goal"]))) — \(score(result["score"], names: names))"
  }

  /// `score.undo`'s confirmation: "Taken back: Ana's goal (28'). Bibs 0-0 Colours".
  static func goalTakenBack(_ result: JSONValue, names: JSONValue? = nil) -> String {
    "Taken back: \(scorer(result["undone"], names: names))'s goal (\(goalTime(result["undone"]))). "
      + score(result["score"], names: names)
  }

  /// A goal log line: "28'  Bibs  Ana  (1-0)"; a correction, "28'  score set to 2-1".
  static func goal(_ goal: JSONValue, names: JSONValue? = nil) -> String {
    if goal["kind"] == "correction" { return "\(goalTime(goal))  score set to \(text(goal["score"]?["text"]))" }
    let who = string(goal["player"]?["name"]) ?? "(no scorer)"
    return
      "\(goalTime(goal))  \(teamName(goal["team"], names: names) ?? "-")  \(who)  (\(text(goal["score"]?["text"])))"
  }

  /// The winner of an ended gather by name, or "draw".
  static func winner(_ gather: JSONValue?) -> String {
    switch gather?["winner"]?.stringValue {
    case "none"?: "draw"
    case let side?: Self.side(side, gather?["names"])
    case nil: "-"
    }
  }

  /// An active gather or a history record: score, clock, teams and goals.
  static func gather(_ gather: JSONValue) -> String {
    let names = gather["names"]
    var lines = ["Gather \(text(gather["id"])): \(match(score: gather["score"], names: names, timer: gather["timer"]))"]
    if let winner = gather["winner"]?.stringValue {
      lines[0] += winner == "none" ? ", a draw" : ", won by \(side(winner, names))"
    }
    for (key, title) in [("teamA", side("teamA", names)), ("teamB", side("teamB", names)), ("bench", "Bench")] {
      let members =
        gather["teams"]?[key]?.arrayValue?.map { member in
          "\(text(member["name"]))\(member["id"].map { $0 == .null ? "" : " #\(text($0))" } ?? "")"
        } ?? []
      lines.append("\(title): \(members.isEmpty ? "-" : members.joined(separator: ", "))")
    }
    let goals = gather["goals"]?.arrayValue ?? []
    lines.append(goals.isEmpty ? "No goals yet." : "Goals:")
    lines += goals.map { "  " + goal($0, names: names) }
    return lines.joined(separator: "\n")
  }
}
