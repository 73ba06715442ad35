import GatherAPI

/// The match as gatherctl words it: the sides by their names ("Bibs 2-1 Colours", "Team A 2-1 Team B" by
/// default), goals by their minute as football writes it ("28'", "45+2'"), gathers with their teams and goals.
extension Render {
  /// The name of a side from a gather's `names`, else "Team A" or "Team B".
  static func side(_ side: API.Side, _ names: API.TeamNames?) -> String {
    guard let names else { return side == .teamA ? "Team A" : "Team B" }
    return Printable.text(side == .teamA ? names.teamA : names.teamB)
  }

  /// Whether `names` are other than "Team A" and "Team B".
  static func hasOwnNames(_ names: API.TeamNames?) -> Bool {
    side(.teamA, names) != "Team A" || side(.teamB, names) != "Team B"
  }

  /// "Bibs 2-1 Colours"; "Team A 2-1 Team B" without names.
  static func score(_ score: API.Score, names: API.TeamNames? = nil) -> String {
    "\(side(.teamA, names)) \(text(score.text)) \(side(.teamB, names))"
  }

  /// When a goal was scored, as football writes it: the daemon's `minute` ("28'", "45+2'").
  static func goalTime(_ goal: API.Goal) -> String { text(goal.minute) }

  /// Who scored: the scorer's name, else the team.
  static func scorer(_ goal: API.Goal, names: API.TeamNames? = nil) -> String {
    string(goal.player?.name) ?? goal.team.map { side($0, names) } ?? "-"
  }

  /// `score.goal`'s confirmation: "Goal! Ana (28') — Bibs 1-0 Colours".
  static func goalScored(_ result: API.ScoreChange, names: API.TeamNames? = nil) -> String {
    "Goal! \(scorer(result.goal, names: names)) (\(goalTime(result.goal))) — \(score(result.score, names: names))"
  }

  /// `score.undo`'s confirmation: "Taken back: Ana's goal (28'). Bibs 0-0 Colours".
  static func goalTakenBack(_ result: API.ScoreUndone, names: API.TeamNames? = nil) -> String {
    "Taken back: \(scorer(result.undone, names: names))'s goal (\(goalTime(result.undone))). "
      + score(result.score, names: names)
  }

  /// A goal log line: "28'  Bibs  Ana  (1-0)"; a correction, "28'  score set to 2-1".
  static func goal(_ goal: API.Goal, names: API.TeamNames? = nil) -> String {
    if goal.kind == .correction { return "\(goalTime(goal))  score set to \(text(goal.score.text))" }
    let who = string(goal.player?.name) ?? "(no scorer)"
    return "\(goalTime(goal))  \(goal.team.map { side($0, names) } ?? "-")  \(who)  (\(text(goal.score.text)))"
  }

  /// The winner of an ended gather by name, or "draw".
  static func winner(_ winner: API.Winner, names: API.TeamNames) -> String {
    switch winner {
    case .draw: "draw"
    case .teamA: side(.teamA, names)
    case .teamB: side(.teamB, names)
    }
  }

  /// The active gather: score, clock, teams and goals.
  static func gather(_ gather: API.Gather) -> String {
    let head = "Gather \(gather.id): \(match(score: gather.score, names: gather.names, timer: gather.timer))"
    return lineup(head, teams: gather.teams, goals: gather.goals, names: gather.names)
  }

  /// An ended gather from the history: result, teams and goals.
  static func gather(_ record: API.GatherRecord) -> String {
    var head = "Gather \(record.id): \(score(record.score, names: record.names))"
    head += record.winner == .draw ? ", a draw" : ", won by \(winner(record.winner, names: record.names))"
    return lineup(head, teams: record.teams, goals: record.goals, names: record.names)
  }

  /// `head`, then each side's players and the bench, then the goals.
  private static func lineup(_ head: String, teams: API.Teams, goals: [API.Goal], names: API.TeamNames) -> String {
    var lines = [head]
    let sides = [(side(.teamA, names), teams.teamA), (side(.teamB, names), teams.teamB), ("Bench", teams.bench)]
    for (title, members) in sides {
      let shown = members.map { member in "\(text(member.name))\(member.id.map { " #\($0)" } ?? "")" }
      lines.append("\(title): \(shown.isEmpty ? "-" : shown.joined(separator: ", "))")
    }
    lines.append(goals.isEmpty ? "No goals yet." : "Goals:")
    lines += goals.map { "  " + goal($0, names: names) }
    return lines.joined(separator: "\n")
  }
}
