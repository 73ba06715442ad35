import GatherModel
import GatherRPC

/// score.*: goals, undo and corrections.
enum ScoreController {
  static func methods<C>(_ session: GatherSession<C>) -> [RPCMethod<Caller>] {
    [
      .mutate("score.goal") { params, _ in
        let team = try params.choice("team", GatherController.teams, Team.init(rawValue:))
        let player = try params.optionalInt("player")
        try params.finish()
        return try session.goal(for: team, by: player).replyJSON
      },
      .mutate("score.undo") { params, _ in
        try params.finish()
        return try session.undoGoal().replyJSON
      },
      .mutate("score.set") { params, _ in
        let teamA = try params.int("teamA")
        let teamB = try params.int("teamB")
        try params.finish()
        return try session.correctScore(to: Score(teamA: clampedInt(teamA), teamB: clampedInt(teamB))).replyJSON
      },
      .read("score.get") { params, _ in
        try params.finish()
        return try session.view.activeGather().scoreJSON
      },
    ]
  }
}
