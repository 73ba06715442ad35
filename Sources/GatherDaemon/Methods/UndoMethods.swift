import GatherAPI
import GatherModel
import GatherRPC

/// gather.reopen, gathers.delete, plan.restore and players.merge: the organiser's big mistakes taken back. The
/// ledger is never rewritten (what was charged is reversed by corrections), and every rating is replayed.
enum UndoMethods {
  /// Every method of the family, in the OpenRPC document's order.
  static let all: [any MethodDefining] = [gatherReopen, gathersDelete, planRestore, playersMerge]

  /// gather.reopen: the last ended gather is played again, within 30 minutes of its end.
  static let gatherReopen = MethodDefinition.turn(
    .gatherReopen, GatherParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Makes the last ended gather the active gather again, within 30 minutes of its end.",
      description: """
        For a gather ended too soon. It is active again at full time (FT: timer.addTime runs the clock again), \
        with its lineup, score and goals; its result is taken off history and stats, its man-of-the-match vote is \
        voided, its charges are reversed by correction lines (the ledger only grows), and every rating is replayed \
        without it. Refused, changing nothing: a gather being played (gather_already_active), a gather that is not \
        the last to have ended or that ended 30 minutes ago or more (too_late_to_undo: gathers.delete takes it out \
        of history), an unknown gather (gather_not_found). A gather event (reopened) follows.
        """,
      result: ResultDoc("reopened", schema: APISchemas.gatherReopened),
      errors: [
        .forbidden, .gatherAlreadyActive, .tooLateToUndo, .gatherNotFound, .invalidParams, .storageUnavailable,
      ])
  ) { params, turn, _ in
    let reopened = try turn.reopenGather(params.gather)
    return Encoded(reopened.gather, corrections: reopened.corrections)
  }

  /// gathers.delete: an ended gather taken out of history.
  static let gathersDelete = MethodDefinition.turn(
    .gathersDelete, GatherParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Deletes an ended gather from history: it no longer counts anywhere.",
      description: """
        For a gather that should never have counted (a test game, one entered twice). Its lineup, goals and vote \
        go; its charges are reversed by correction lines (the ledger only grows, and keeps its lines); every \
        rating and stat is replayed without it. It cannot be undone: ask first (gatherctl asks, or takes --yes). \
        Refused, changing nothing: the gather being played (-32602 naming gather: cancel it instead), an unknown \
        gather (gather_not_found). A gather event (deleted) follows.
        """,
      result: ResultDoc("deleted", schema: APISchemas.gatherDeleted),
      errors: [.forbidden, .gatherNotFound, .invalidParams, .storageUnavailable])
  ) { params, turn, _ in
    Encoded(deleted: params.gather, corrections: try turn.deleteGather(params.gather))
  }

  /// plan.restore: a plan called off by mistake, open again.
  static let planRestore = MethodDefinition.turn(
    .planRestore, RestoreParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Opens a cancelled plan again, until its start, with its lists and its sign-up link as they were.",
      description: """
        For a plan called off by mistake: everyone's answers stand, in the order they were given, and the link \
        the group already has works again. Refused, changing nothing: an open plan (-32602 naming plan), a plan \
        whose start has passed, or started or expired (too_late_to_undo), another open plan at its start unless \
        force (same_time), an unknown plan (plan_not_found). A plan event (restored) follows.
        """,
      result: ResultDoc("plan", schema: .ref("Plan")),
      errors: [.forbidden, .planNotFound, .tooLateToUndo, .sameTime, .invalidParams, .storageUnavailable])
  ) { params, turn, _ in
    try Encoded(turn.restorePlan(params.plan, force: params.force))
  }

  /// players.merge: two roster players who are one person, made one.
  static let playersMerge = MethodDefinition.turn(
    .playersMerge, MergeParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Makes two roster players one: everything `from` did becomes `into`'s, and `from` leaves the roster.",
      description: """
        For a friend on the roster twice (signed up as a guest, then added by name). from's gathers, goals, \
        answers to plans (where into answered the same plan, into's answer stands), check-ins and man-of-the-match \
        votes become into's; from's balance in each currency moves to into by two corrections (the ledger is \
        never rewritten); into keeps its name and details; every rating is replayed. Refused, changing nothing: \
        the same player twice (-32602 naming into), two players who played the same gather (-32602 naming from), \
        either in the gather being played (player_in_active_gather), an unknown player (player_not_found). \
        players events follow: deleted (from) and updated (into).
        """,
      result: ResultDoc("merged", schema: APISchemas.playersMerged),
      errors: [.forbidden, .playerNotFound, .playerInActiveGather, .invalidParams, .storageUnavailable])
  ) { params, turn, _ in
    let merged = try turn.mergePlayers(from: params.from, into: params.into)
    return Encoded(merged.player, merged: params.from, corrections: merged.corrections)
  }

  /// The params of gather.reopen and gathers.delete.
  struct GatherParams: MethodParams {
    static let fields = [ParamDoc("gather", "The ended gather's id.", required: true, schema: .ref("Id"))]
    let gather: Int64

    init(_ params: inout Params) throws { gather = try params.int("gather") }
  }

  /// plan.restore's params.
  struct RestoreParams: MethodParams {
    static let fields = [
      ParamDoc("plan", "The cancelled plan's id.", required: true, schema: .ref("Id")),
      ParamDoc(
        "force", "Open it even when another open plan starts at the same time (otherwise -32002 same_time).",
        required: false, schema: .boolean()),
    ]
    let plan: Plan.ID
    let force: Bool

    init(_ params: inout Params) throws {
      plan = try params.int("plan")
      force = try params.optionalBool("force") ?? false
    }
  }

  /// players.merge's params.
  struct MergeParams: MethodParams {
    static let fields = [
      ParamDoc("from", "The player merged away: they leave the roster.", required: true, schema: .ref("Id")),
      ParamDoc("into", "The player who remains, with their name and details.", required: true, schema: .ref("Id")),
    ]
    let from: Player.ID
    let into: Player.ID

    init(_ params: inout Params) throws {
      from = try params.int("from")
      into = try params.int("into")
    }
  }
}
