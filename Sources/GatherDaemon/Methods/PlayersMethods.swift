import GatherAPI
import GatherModel
import GatherRPC

/// players.*: the roster.
enum PlayersMethods {
  /// What `position` may say: a position's name or its acronym.
  static let positions = Position.allCases.map(\.rawValue) + Position.allCases.map(\.acronym)
  /// What `skill` may say.
  static let skills = Skill.allCases.map(\.rawValue)

  /// Every method of the family, in the OpenRPC document's order.
  static let all: [any MethodDefining] = [
    playersList, playersGet, playersCreate, playersUpdate, playersDelete, playersImport,
  ]

  /// players.list: Lists the roster, ordered by id.
  static let playersList = MethodDefinition.view(
    .playersList, NoParams.self,
    doc: MethodDoc(
      summary: "Lists the roster, ordered by id.",
      result: ResultDoc("players", schema: APISchemas.playerList),
      errors: []
    )
  ) { params, view, call in
    Encoded(view.players)
  }

  /// players.get: Returns one player.
  static let playersGet = MethodDefinition.view(
    .playersGet, GetParams.self,
    doc: MethodDoc(
      summary: "Returns one player.",
      result: ResultDoc("player", schema: .ref("Player")),
      errors: [.playerNotFound, .invalidParams]
    )
  ) { params, view, call in
    try Encoded(view.player(params.id))
  }

  /// players.get's params.
  struct GetParams: MethodParams {
    static let fields = [
      ParamDoc("id", "The player's id.", required: true, schema: .ref("Id"))
    ]
    /// The player's id.
    let id: Player.ID

    init(_ params: inout Params) throws { id = try params.int("id") }
  }

  /// players.create: Adds a player to the roster.
  static let playersCreate = MethodDefinition.turn(
    .playersCreate, CreateParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Adds a player to the roster.",
      result: ResultDoc("player", schema: .ref("Player")),
      errors: [.forbidden, .invalidParams, .storageUnavailable]
    )
  ) { params, turn, call in
    try Encoded(turn.createPlayer(params.details))
  }

  /// players.create's params.
  struct CreateParams: MethodParams {
    static let fields = [
      ParamDoc(
        "name",
        """
        The player's name: typed text, NFC, trimmed, no control or formatting character (Unicode Cc, Cf, Zl, Zp: \
        line breaks, escape codes, zero-width spaces, direction overrides), then 1 to 40 characters (grapheme \
        clusters) and at most 160 UTF-8 bytes; otherwise -32602 naming name.
        """, required: true, schema: .string(minLength: 1, maxLength: 160)),
      ParamDoc("age", "1 to 120.", required: false, schema: .nullable(.integer(minimum: 1, maximum: 120))),
      ParamDoc("position", nil, required: false, schema: .nullable(.ref("PositionInput"))),
      ParamDoc("skill", nil, required: false, schema: .nullable(.ref("Skill"))),
      ParamDoc(
        "favouriteTeam",
        """
        Typed text like a name (NFC, trimmed, no control or formatting character (Unicode Cc, Cf, Zl, Zp: line \
        breaks, escape codes, zero-width spaces, direction overrides)), at most 100 characters and 400 UTF-8 \
        bytes; empty means none.
        """, required: false, schema: .nullable(.string(maxLength: 400))),
    ]
    /// The new player's details, checked by the model.
    let details: PlayerDetails

    init(_ params: inout Params) throws { details = try Self.details(&params) }

    /// A new player's details from `players.create`'s params (and each row of `players.import`): `name`, and
    /// optionally `age`, `position`, `skill` and `favouriteTeam`; no other field.
    static func details(_ params: inout Params) throws -> PlayerDetails {
      let name = try params.string("name")
      let age = try params.optionalInt("age")
      let position = try params.optionalChoice("position", positions, Position.init(parsing:))
      let skill = try params.optionalChoice("skill", skills, Skill.init(parsing:))
      let team = try params.optionalString("favouriteTeam")
      try params.finish()
      return try PlayerDetails(
        name: name, age: age.map(clampedInt), position: position, skill: skill, favouriteTeam: team)
    }
  }

  /// players.update: Changes a player; omitted params stay, null clears age, position, skill or favouriteTeam.
  static let playersUpdate = MethodDefinition.turn(
    .playersUpdate, UpdateParams.self, access: .controller(),
    doc: MethodDoc(
      summary: """
        Changes a player; omitted params stay, null clears age, position, skill or favouriteTeam.
        """,
      result: ResultDoc("player", schema: .ref("Player")),
      errors: [.forbidden, .playerNotFound, .invalidParams, .storageUnavailable]
    )
  ) { params, turn, call in
    try Encoded(turn.updatePlayer(params.id, params.changes))
  }

  /// players.update's params.
  struct UpdateParams: MethodParams {
    static let fields = [
      ParamDoc("id", "The player's id.", required: true, schema: .ref("Id")),
      ParamDoc(
        "regular",
        """
        Marks the player a regular (true) or not (false): regulars may join a weekly schedule's plans first \
        (plan.schedule's regularsFirst).
        """, required: false, schema: .boolean()),
      ParamDoc(
        "confirmed",
        """
        true: the organiser knows the player, a name typed on a sign-up link (confirmed false until then).
        """, required: false, schema: .boolean()),
      ParamDoc(
        "name",
        """
        A new name, as players.create takes it: NFC, trimmed, 1 to 40 characters and at most 160 UTF-8 bytes, no \
        control or formatting character. Cannot be null.
        """, required: false, schema: .string(minLength: 1, maxLength: 160)),
      ParamDoc("age", nil, required: false, schema: .nullable(.integer(minimum: 1, maximum: 120))),
      ParamDoc("position", nil, required: false, schema: .nullable(.ref("PositionInput"))),
      ParamDoc("skill", nil, required: false, schema: .nullable(.ref("Skill"))),
      ParamDoc("favouriteTeam", nil, required: false, schema: .nullable(.string(maxLength: 400))),
    ]
    /// The player.
    let id: Player.ID
    /// What changes.
    let changes: PlayerChanges

    init(_ params: inout Params) throws {
      id = try params.int("id")
      var changes = try PlayerChanges(
        name: params.optionalString("name"),
        age: params.clearable("age") { (params: inout Params) throws(RPCError) in
          try params.optionalInt("age").map(clampedInt)
        },
        position: params.clearable("position") { (params: inout Params) throws(RPCError) in
          try params.optionalChoice("position", positions, Position.init(parsing:))
        },
        skill: params.clearable("skill") { (params: inout Params) throws(RPCError) in
          try params.optionalChoice("skill", skills, Skill.init(parsing:))
        },
        favouriteTeam: params.clearable("favouriteTeam") { (params: inout Params) throws(RPCError) in
          try params.optionalString("favouriteTeam")
        },
        regular: params.optionalBool("regular"))
      changes.confirmed = try params.optionalBool("confirmed")
      self.changes = changes
      if params.contains("name"), changes.name == nil {
        throw RPCError.invalidParams(field: "name", "A player's name cannot be removed; send a new one.")
      }
    }
  }

  /// players.delete: Deletes a player; the history keeps the name.
  static let playersDelete = MethodDefinition.turn(
    .playersDelete, DeleteParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Deletes a player; the history keeps the name.",
      description: """
        Refused with player_in_active_gather while the player is in the active gather. \
        The player comes off every open plan's lists (plan events left, and promoted for whoever moves up); \
        closed plans keep their answer.
        """,
      result: ResultDoc("deleted", schema: APISchemas.playerDeleted),
      errors: [.forbidden, .playerNotFound, .playerInActiveGather, .invalidParams, .storageUnavailable]
    )
  ) { params, turn, call in
    try turn.deletePlayer(params.id)
    return Encoded(deleted: params.id)
  }

  /// players.delete's params.
  struct DeleteParams: MethodParams {
    static let fields = [
      ParamDoc("id", "The player's id.", required: true, schema: .ref("Id"))
    ]
    /// The player.
    let id: Player.ID

    init(_ params: inout Params) throws { id = try params.int("id") }
  }

  /// players.import: Adds several players to the roster at once, all or none.
  static let playersImport = MethodDefinition.turn(
    .playersImport, ImportParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Adds several players to the roster at once, all or none.",
      description: """
        Each row takes players.create's params, checked by the same rules, and every \
        row is checked before anything is written: the first bad row refuses the whole import with -32602, whose \
        data.field names the row (from 0) and its field, e.g. players[4].skill. A name that looks like one \
        already on the roster, or like an earlier row's (ignoring case and invisible characters, as a guest's \
        name), is refused the same way (players[N].name) unless allowDuplicate is true. The players are added in \
        one transaction, and each is published as its own players event (change created), in order.
        """,
      result: ResultDoc("imported", schema: APISchemas.playersImported),
      errors: [.forbidden, .invalidParams, .storageUnavailable]
    )
  ) { params, turn, call in
    try Encoded(imported: turn.importPlayers(params.rows, allowDuplicates: params.allowDuplicates))
  }

  /// players.import's params.
  struct ImportParams: MethodParams {
    static let fields = [
      ParamDoc(
        "players", "The new players, in order: 1 to 1000.", required: true,
        schema: .array(
          of: .object(
            [
              "name": .required(
                .string(
                  """
                  The player's name: typed text, NFC, trimmed, no control or formatting character (Unicode Cc, Cf, Zl, \
                  Zp: line breaks, escape codes, zero-width spaces, direction overrides), then 1 to 40 characters \
                  (grapheme clusters) and at most 160 UTF-8 bytes; otherwise -32602 naming players[N].name.
                  """, minLength: 1, maxLength: 160)),
              "age": .optional(.nullable(.integer(minimum: 1, maximum: 120)).described("1 to 120.")),
              "position": .optional(.nullable(.ref("PositionInput"))),
              "skill": .optional(.nullable(.ref("Skill"))),
              "favouriteTeam": .optional(
                .nullable(.string(maxLength: 400)).described(
                  """
                  Typed text like a name (NFC, trimmed, no control or formatting character (Unicode Cc, Cf, Zl, Zp: line \
                  breaks, escape codes, zero-width spaces, direction overrides)), at most 100 characters and 400 UTF-8 \
                  bytes; empty means none.
                  """)),
            ]), minItems: 1, maxItems: 1000)),
      ParamDoc(
        "allowDuplicate", "Add a player even if the name is taken (default false).", required: false,
        schema: .nullable(.boolean())),
    ]
    /// The new players' details, each checked as `players.create` checks them.
    let rows: [PlayerDetails]
    /// Whether a name already on the roster, or twice in the import, is let through.
    let allowDuplicates: Bool

    init(_ params: inout Params) throws {
      rows = try Self.rows(&params)
      allowDuplicates = try params.optionalBool("allowDuplicate") ?? false
    }
  }

}
