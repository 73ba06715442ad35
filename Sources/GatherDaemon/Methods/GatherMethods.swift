import GatherAPI
import GatherModel
import GatherRPC

/// gather.*: the gather being played, from its start to its end.
enum GatherMethods {
  /// Every method of the family, in the OpenRPC document's order.
  static let all: [any MethodDefining] = [
    gatherStart, gatherCurrent, gatherAssign, gatherRename, gatherEnd, gatherCancel,
  ]

  /// gather.start: starts a gather with its lineup, or with a plan's players split into fair teams, and a stopped
  /// clock, optionally in periods with a break.
  static let gatherStart = MethodDefinition.turn(
    .gatherStart, StartParams.self, access: .controller(),
    doc: MethodDoc(
      summary: """
        Starts a gather with its lineup, or with a plan's players split into fair teams, and a stopped clock, \
        optionally in periods with a break.
        """,
      description: """
        A player may appear only once; duplicates and empty teams are -32602. teamA and teamB are required \
        unless plan is given: then the plan's players (at least 2: those checked in with plan.checkIn, else the \
        going ones) are split into fair teams by gather.suggest's rules (by rating, seed 0), the waiting players \
        are left out, an odd one out (the last to check in, else to join) starts on the bench, the plan becomes started (a plan event) and the gather records it; a plan given with teams \
        is -32602 naming plan. A plan that starts more than 12 hours from now is refused with -32002 \
        plan_not_due, naming when it starts (a gather from it would close its sign-ups early), unless force is \
        true.
        """,
      result: ResultDoc("gather", schema: .ref("Gather")),
      errors: [
        .forbidden, .gatherAlreadyActive, .playerNotFound, .planNotFound, .planCancelled, .planStarted, .planExpired,
        .planNotDue, .invalidParams, .storageUnavailable,
      ]
    )
  ) { params, turn, call in
    if let plan = params.plan {
      return try Encoded(
        turn.startGather(
          plan: plan, seconds: params.seconds, periods: params.format.periods,
          breakSeconds: params.format.breakSeconds, names: params.names, force: params.force ?? false))
    }
    return try Encoded(
      turn.startGather(
        teamA: params.teamA, teamB: params.teamB, bench: params.bench, seconds: params.seconds,
        periods: params.format.periods, breakSeconds: params.format.breakSeconds, names: params.names))
  }

  /// gather.start's params.
  struct StartParams: MethodParams {
    static let fields = [
      ParamDoc(
        "teamA", "Player ids of Team A; at least one; leave out with plan.", required: true,
        schema: .array(of: .ref("Id"), minItems: 1, unique: true)),
      ParamDoc(
        "teamB", "Player ids of Team B; at least one; leave out with plan.", required: true,
        schema: .array(of: .ref("Id"), minItems: 1, unique: true)),
      ParamDoc("bench", "Player ids on the bench.", required: false, schema: .array(of: .ref("Id"), unique: true)),
      ParamDoc(
        "minutes", "Clock duration minutes; total 1..5999 s, default 10:00.", required: false,
        schema: .integer(minimum: 0, maximum: 99)),
      ParamDoc(
        "seconds", "Clock duration seconds; total 1..5999 s, default 10:00.", required: false,
        schema: .integer(minimum: 0, maximum: 5999)),
      ParamDoc("periods", "Periods, 1 to 4 (default 1).", required: false, schema: .integer(minimum: 1, maximum: 4)),
      ParamDoc(
        "periodLength",
        """
        Length of one period in seconds, 1..5999; the same as minutes/seconds (give only one of them).
        """, required: false, schema: .integer(minimum: 1, maximum: 5999)),
      ParamDoc(
        "breakLength", "Break between periods in seconds, 0..1800 (default 0: none).", required: false,
        schema: .integer(minimum: 0, maximum: 1800)),
      ParamDoc(
        "names",
        """
        What the sides are called, e.g. {\"teamA\": \"Bibs\", \"teamB\": \"Colours\"}; \"Team A\" and \"Team B\" by default.
        """, required: false, schema: .ref("TeamNamesInput")),
      ParamDoc(
        "plan",
        """
        Start from this open plan instead of teams: its players (checked in, else going), split into fair teams.
        """, required: false, schema: .ref("Id")),
      ParamDoc(
        "force",
        """
        With plan: start it even more than 12 hours before its start (otherwise -32002 plan_not_due); without \
        plan it is -32602 naming force.
        """, required: false, schema: .boolean()),
    ]
    let teamA: [Player.ID]
    let teamB: [Player.ID]
    let bench: [Player.ID]
    /// The periods' length, given as minutes and seconds or as periodLength.
    let seconds: Int?
    /// The match format.
    let format: ParamReaders.Format
    /// The sides' names: "Team A" and "Team B" by default.
    let names: (teamA: String?, teamB: String?)?
    /// A plan whose going players are split into fair teams, instead of teams given.
    let plan: Plan.ID?
    /// With a plan: start it even more than 12 hours before its start.
    let force: Bool?

    init(_ params: inout Params) throws {
      teamA = try params.optionalIntArray("teamA") ?? []
      teamB = try params.optionalIntArray("teamB") ?? []
      bench = try params.optionalIntArray("bench") ?? []
      let duration = try ParamReaders.duration(&params, required: false)
      format = try ParamReaders.format(&params)
      names = try ParamReaders.names(&params)
      plan = try params.optionalInt("plan")
      force = try params.optionalBool("force")
      try params.finish()
      // A missing side is named before any clash between the optional params.
      if plan == nil || !(teamA + teamB + bench).isEmpty {
        for (side, players) in [("teamA", teamA), ("teamB", teamB)] where players.isEmpty {
          throw RPCError.invalidParams(
            field: side, "\(side == "teamA" ? "Team A" : "Team B") needs at least one player.")
        }
      }
      if plan != nil, !(teamA + teamB + bench).isEmpty {
        throw RPCError.invalidParams(
          field: "plan", "Give a plan or the teams, not both: a plan's going players are split into fair teams.")
      }
      if plan == nil, force != nil {
        throw RPCError.invalidParams(field: "force", "force goes with plan: it starts a plan long before its start.")
      }
      if duration != nil, format.seconds != nil {
        throw RPCError.invalidParams(
          field: "periodLength", "Give the period length once: periodLength or minutes/seconds.")
      }
      seconds = format.seconds ?? duration
    }
  }

  /// gather.current: returns the active gather, or null.
  static let gatherCurrent = MethodDefinition.view(
    .gatherCurrent, NoParams.self,
    doc: MethodDoc(
      summary: "Returns the active gather, or null.",
      result: ResultDoc("gather", schema: .nullable(.ref("Gather"))),
      errors: []
    )
  ) { params, view, call in
    Encoded(current: view.currentGather)
  }

  /// gather.assign: moves a player of the gather, or adds a roster player to it.
  static let gatherAssign = MethodDefinition.turn(
    .gatherAssign, AssignParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Moves a player of the gather, or adds a roster player to it.",
      description: """
        Refused with invalid_transition if it would leave a side without players.
        """,
      result: ResultDoc("gather", schema: .ref("Gather")),
      errors: [.forbidden, .noActiveGather, .playerNotFound, .invalidTransition, .invalidParams, .storageUnavailable]
    )
  ) { params, turn, call in
    try Encoded(turn.assign(params.player, to: params.team))
  }

  /// gather.assign's params.
  struct AssignParams: MethodParams {
    static let fields = [
      ParamDoc("player", "The player's id.", required: true, schema: .ref("Id")),
      ParamDoc("team", nil, required: true, schema: .ref("Team")),
    ]
    let player: Player.ID
    let team: Team

    init(_ params: inout Params) throws {
      player = try params.int("player")
      team = try params.choice("team", ParamReaders.teams, Team.init(rawValue:))
    }
  }

  /// gather.rename: renames either side of the active gather, or both.
  static let gatherRename = MethodDefinition.turn(
    .gatherRename, RenameParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Renames either side of the active gather, or both.",
      description: """
        Takes the new names as gather.start does, {\"names\": {\"teamA\": \"Bibs\", \"teamB\": \"Colours\"}}, or as teamA \
        and teamB directly (not both ways at once). A side left out keeps its name. The names go to history with \
        the gather, and a gather event with change renamed follows.
        """,
      result: ResultDoc("gather", schema: .ref("Gather")),
      errors: [.forbidden, .noActiveGather, .invalidParams, .storageUnavailable],
      extensions: ["x-requires-one-of": .array([.string("names"), .string("teamA"), .string("teamB")])]
    )
  ) { params, turn, call in
    try Encoded(turn.renameTeams(teamA: params.teamA, teamB: params.teamB, fields: params.fields))
  }

  /// gather.rename's params.
  struct RenameParams: MethodParams {
    static let fields = [
      ParamDoc("names", "The new names; at least one side.", required: false, schema: .ref("TeamNamesInput")),
      ParamDoc(
        "teamA",
        """
        Team A's new name (instead of names): typed text, NFC, trimmed, no control or formatting character \
        (Unicode Cc, Cf, Zl, Zp: line breaks, escape codes, zero-width spaces, direction overrides), 1 to 24 \
        characters and at most 96 UTF-8 bytes.
        """, required: false, schema: .string(minLength: 1, maxLength: 96)),
      ParamDoc(
        "teamB",
        """
        Team B's new name (instead of names): typed text, NFC, trimmed, no control or formatting character \
        (Unicode Cc, Cf, Zl, Zp: line breaks, escape codes, zero-width spaces, direction overrides), 1 to 24 \
        characters and at most 96 UTF-8 bytes.
        """, required: false, schema: .string(minLength: 1, maxLength: 96)),
    ]
    let teamA: String?
    let teamB: String?
    /// The params a refusal of each name names: `names` when they came in it.
    let fields: (teamA: String, teamB: String)

    // {names: {teamA?, teamB?}}, as gather.start takes them, or the sides directly: {teamA?, teamB?}.
    init(_ params: inout Params) throws {
      let names = try ParamReaders.names(&params)
      let teamA = try params.optionalString("teamA")
      let teamB = try params.optionalString("teamB")
      try params.finish()
      if let names {
        guard teamA == nil, teamB == nil else {
          throw RPCError.invalidParams(
            field: teamA != nil ? "teamA" : "teamB", "Give the new names once: in names, or as teamA and teamB.")
        }
        guard names.teamA != nil || names.teamB != nil else {
          throw RPCError.invalidParams(field: "names", "Give a new name for teamA, teamB or both.")
        }
        (self.teamA, self.teamB, fields) = (names.teamA, names.teamB, ("names", "names"))
        return
      }
      guard teamA != nil || teamB != nil else {
        throw RPCError.invalidParams(
          field: "names", "Give the new names, such as {\"names\": {\"teamA\": \"Bibs\", \"teamB\": \"Colours\"}}.")
      }
      (self.teamA, self.teamB, fields) = (teamA, teamB, ("teamA", "teamB"))
    }
  }

  /// gather.end: ends the active gather: stops the clock and records the result.
  static let gatherEnd = MethodDefinition.turn(
    .gatherEnd, NoParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Ends the active gather: stops the clock and records the result.",
      result: ResultDoc("record", schema: .ref("GatherRecord")),
      errors: [.forbidden, .noActiveGather, .storageUnavailable]
    )
  ) { params, turn, call in
    try Encoded(turn.endGather())
  }

  /// gather.cancel: cancels the active gather; it leaves no history.
  static let gatherCancel = MethodDefinition.turn(
    .gatherCancel, NoParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Cancels the active gather; it leaves no history.",
      description: """
        A gather started from a plan gives the plan back: it is open again (a plan \
        event, change updated).
        """,
      result: ResultDoc("cancelled", schema: APISchemas.gatherCancelled),
      errors: [.forbidden, .noActiveGather, .storageUnavailable]
    )
  ) { params, turn, call in
    try Encoded(cancelled: turn.cancelGather())
  }

}
