import GatherAPI
import GatherModel
import GatherRPC

/// score.*: goals, their undo and corrections.
enum ScoreMethods {
  /// Every method of the family, in the OpenRPC document's order.
  static let all: [any MethodDefining] = [scoreGoal, scoreUndo, scoreSet, scoreGet]

  /// score.goal: scores a goal for a side, optionally naming the scorer.
  static let scoreGoal = MethodDefinition.turn(
    .scoreGoal, GoalParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Scores a goal for a side, optionally naming the scorer.",
      description: """
        Scoring for the bench, past 99, or by a player not on the side is -32602.
        """,
      result: ResultDoc("result", schema: APISchemas.scoreChange),
      errors: [.forbidden, .noActiveGather, .playerNotFound, .invalidParams, .storageUnavailable]
    )
  ) { params, turn, call in
    try Encoded(turn.goal(for: params.team, by: params.player))
  }

  /// score.goal's params.
  struct GoalParams: MethodParams {
    static let fields = [
      ParamDoc("team", nil, required: true, schema: .ref("Side")),
      ParamDoc("player", "The scorer, who must play for that side.", required: false, schema: .ref("Id")),
    ]
    let team: Team
    let player: Player.ID?

    init(_ params: inout Params) throws {
      team = try params.choice("team", ParamReaders.teams, Team.init(rawValue:))
      player = try params.optionalInt("player")
    }
  }

  /// score.undo: undoes the last goal.
  static let scoreUndo = MethodDefinition.turn(
    .scoreUndo, NoParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Undoes the last goal.",
      description: """
        Refused with invalid_transition when there is no goal to undo or the last change was a correction.
        """,
      result: ResultDoc("result", schema: APISchemas.scoreUndone),
      errors: [.forbidden, .noActiveGather, .invalidTransition, .storageUnavailable]
    )
  ) { params, turn, call in
    try Encoded(undone: turn.undoGoal())
  }

  /// score.set: sets the score outright, logged as a correction.
  static let scoreSet = MethodDefinition.turn(
    .scoreSet, SetParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Sets the score outright, logged as a correction.",
      result: ResultDoc("result", schema: APISchemas.scoreChange),
      errors: [.forbidden, .noActiveGather, .invalidParams, .storageUnavailable]
    )
  ) { params, turn, call in
    try Encoded(turn.correctScore(to: params.score))
  }

  /// score.set's params.
  struct SetParams: MethodParams {
    static let fields = [
      ParamDoc("teamA", nil, required: true, schema: .ref("Goals")),
      ParamDoc("teamB", nil, required: true, schema: .ref("Goals")),
    ]
    let score: Score

    init(_ params: inout Params) throws {
      let teamA = try params.int("teamA")
      let teamB = try params.int("teamB")
      score = try Score(teamA: clampedInt(teamA), teamB: clampedInt(teamB))
    }
  }

  /// score.get: returns the score and the goal log.
  static let scoreGet = MethodDefinition.view(
    .scoreGet, NoParams.self,
    doc: MethodDoc(
      summary: "Returns the score and the goal log.",
      result: ResultDoc("result", schema: APISchemas.scoreSheet),
      errors: [.noActiveGather]
    )
  ) { params, view, call in
    try Encoded(sheet: view.activeGather())
  }

}
