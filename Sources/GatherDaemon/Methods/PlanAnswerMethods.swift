import GatherAPI
import GatherModel
import GatherRPC

/// plan.join, plan.leave and plan.checkIn: who is coming, and on the night who turned up. A plan's sign-up link lets
/// its holder answer for that plan.
enum PlanAnswerMethods {
  /// Every method of the family, in the OpenRPC document's order.
  static let all: [any MethodDefining] = [planJoin, planLeave, planCheckIn]

  /// plan.join: a roster player says "I'm in", or a new guest is added by name and joins.
  static let planJoin = MethodDefinition.turn(
    .planJoin, JoinParams.self,
    access: .planLink(plan: { $0.plan }, addsPlayer: { if case .guest = $0.who { true } else { false } }),
    doc: MethodDoc(
      summary: "A roster player says \"I'm in\", or a new guest is added by name and joins.",
      description: """
        Past the capacity the player waits. Joining twice changes nothing and says so (changed false, no event); \
        otherwise a plan event (joined, with answer going or waiting), and for a guest a players event (created) \
        too. A guest's name must be a valid name that does not look like a roster player's (-32602 naming \
        guest). A cancelled, started or expired plan refuses it with its own error; before a weekly plan opens \
        to everyone (its regularsFirst), only regulars may join: anyone else, and a new guest, is refused with \
        regulars_only, which says until when; a regular whose late drop-outs and no-shows reach gatherd's strikes \
        setting is refused with held_back, which says until when and why. A sign-up code is presented with \
        auth.token, or Authorization: Bearer on POST /rpc; another plan's, or one voided by plan.cancel, is -32003. broughtBy without guest is \
        -32602 naming broughtBy.
        """,
      result: ResultDoc("answer", schema: .ref("PlanAnswer")),
      errors: [
        .forbidden, .playerNotFound, .planNotFound, .planCancelled, .planStarted, .planExpired, .regularsOnly,
        .heldBack, .invalidParams, .storageUnavailable,
      ],
      extensions: ["x-requires-one-of": .array([.string("player"), .string("guest")])]
    )
  ) { params, turn, call in
    switch params.who {
    case .player(let player): try Encoded(turn.joinPlan(params.plan, player: player))
    case .guest(let name, let host):
      try Encoded(
        turn.joinPlanAsGuest(
          params.plan, name: name, broughtBy: host, confirmed: call.disclosure.namesAreConfirmed))
    }
  }

  /// plan.join's params.
  struct JoinParams: MethodParams {
    static let fields = [
      ParamDoc("plan", "The plan's id.", required: true, schema: .ref("Id")),
      ParamDoc("player", "The roster player who joins.", required: false, schema: .ref("Id")),
      ParamDoc(
        "guest",
        """
        Instead of player: the name of a new player to add as a guest, a name as players.create takes it (NFC, \
        trimmed, 1 to 40 characters and at most 160 UTF-8 bytes, no control or formatting character) that does \
        not look like a roster player's (compared case-folded and without default-ignorable characters such as \
        zero-width spaces and variation selectors); otherwise -32602 naming guest, the refusal naming the roster \
        player.
        """, required: false, schema: .string(minLength: 1, maxLength: 160)),
      ParamDoc(
        "broughtBy",
        """
        With guest: the roster player who brings them (the sign-up view sends the player picked), whose share of \
        the plan's cost the guest's may be (fees.setCost guests host).
        """, required: false, schema: .ref("Id")),
    ]
    /// Who joins: a roster player, or a guest by name, brought by a roster player when given.
    enum Who: Sendable {
      case player(Player.ID)
      case guest(String, broughtBy: Player.ID?)
    }

    let plan: Plan.ID
    let who: Who

    init(_ params: inout Params) throws {
      plan = try params.int("plan")
      let player = try params.optionalInt("player")
      let guest = try params.optionalString("guest")
      // Who brings the guest: their share of the plan's cost may be charged to them.
      let host = try params.optionalInt("broughtBy")
      try params.finish()
      if host != nil, guest == nil {
        throw RPCError.invalidParams(field: "broughtBy", "broughtBy says who brings a guest: give it with guest.")
      }
      switch (player, guest) {
      case (let player?, nil): who = .player(player)
      case (nil, let guest?): who = .guest(guest, broughtBy: host)
      case (nil, nil):
        throw RPCError.invalidParams(
          field: "player", "Give the player who joins (their id), or a guest's name to add them.")
      case (.some, .some): throw RPCError.invalidParams(field: "guest", "Give a player or a guest's name, not both.")
      }
    }
  }

  /// plan.leave: a player says "Can't make it".
  static let planLeave = MethodDefinition.turn(
    .planLeave, LeaveParams.self, access: .planLink { $0.plan },
    doc: MethodDoc(
      summary: "A player says \"Can't make it\".",
      description: """
        Out of the queue if they were in it; when a going player leaves, the first waiting one moves up (plan \
        events left, then promoted). A player who never joined goes on the notGoing list. Saying it twice \
        changes nothing (changed false).
        """,
      result: ResultDoc("answer", schema: .ref("PlanAnswer")),
      errors: [
        .forbidden, .playerNotFound, .planNotFound, .planCancelled, .planStarted, .planExpired, .invalidParams,
        .storageUnavailable,
      ]
    )
  ) { params, turn, call in
    try Encoded(turn.leavePlan(params.plan, player: params.player))
  }

  /// plan.leave's params.
  struct LeaveParams: MethodParams {
    static let fields = [
      ParamDoc("plan", "The plan's id.", required: true, schema: .ref("Id")),
      ParamDoc("player", "The roster player.", required: true, schema: .ref("Id")),
    ]
    let plan: Plan.ID
    let player: Player.ID

    init(_ params: inout Params) throws {
      plan = try params.int("plan")
      player = try params.int("player")
    }
  }

  /// plan.checkIn: records who turned up for an open plan: the players there, from its list or not, and walk-ins new to
  /// the roster.
  static let planCheckIn = MethodDefinition.turn(
    .planCheckIn, CheckInParams.self, access: .controller(),
    doc: MethodDoc(
      summary: """
        Records who turned up for an open plan: the players there, from its list or not, and walk-ins new to the \
        roster.
        """,
      description: """
        On the night. present are the roster players who are there: going players, waiting players brought in, \
        and anyone else (a walk-in: never answered, or said no). walkIns are players new to the roster, added as \
        guests by name in the same transaction (a players event each). The going players not present are \
        no-shows. A new check-in replaces the one before; the plan stays open and its lists stay as people \
        answered. gather.start {plan} then splits exactly the players present, in the check-in's order (going in \
        the order they joined, then those from the waiting list, then walk-ins): the split gather.suggest gives \
        for that list. Attendance counts from it (played, noShows). Publishes a plan event (checkedIn).
        """,
      result: ResultDoc("plan", schema: .ref("Plan")),
      errors: [
        .forbidden, .planNotFound, .planCancelled, .planStarted, .planExpired, .playerNotFound, .invalidParams,
        .storageUnavailable,
      ]
    )
  ) { params, turn, call in
    try Encoded(turn.checkIn(params.plan, present: params.present, walkIns: params.walkIns))
  }

  /// plan.checkIn's params.
  struct CheckInParams: MethodParams {
    static let fields = [
      ParamDoc("plan", "The plan's id.", required: true, schema: .ref("Id")),
      ParamDoc(
        "present",
        """
        The roster players who are there, each once; at least one player in all (present or walkIns).
        """, required: true, schema: .array(of: .ref("Id"))),
      ParamDoc(
        "walkIns",
        """
        Players new to the roster who walked in, by name: a guest's name each (1 to 40 characters, not like a \
        roster player's name), none twice.
        """, required: false, schema: .array(of: .string(maxLength: 160))),
    ]
    let plan: Plan.ID
    let present: [Player.ID]
    let walkIns: [String]

    init(_ params: inout Params) throws {
      plan = try params.int("plan")
      guard let present = try params.optionalIntArray("present") else {
        throw RPCError.invalidParams(
          field: "present", "Parameter \"present\" is required: the ids of the players who are here.")
      }
      self.present = present
      walkIns = try params.optionalStringArray("walkIns") ?? []
    }
  }

}
