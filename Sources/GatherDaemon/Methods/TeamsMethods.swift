import GatherAPI
import GatherModel
import GatherRPC

/// gather.suggest and gather.predict: two fair sides for a set of roster players, and how a split chosen by hand is
/// predicted to go.
enum TeamsMethods {
  /// The largest seed, so that every seed is an exact JSON number.
  static let maxSeed: Int64 = 9_007_199_254_740_991
  /// The most alternatives a suggestion adds.
  static let maxAlternatives = Int64(TeamBalancer.alternativesRange.upperBound)
  /// What `by` may name.
  static let bases = TeamBalancer.Basis.allCases.map(\.rawValue)

  /// Every method of the family, in the OpenRPC document's order.
  static let all: [any MethodDefining] = [gatherSuggest, gatherPredict]

  /// gather.suggest: suggests two fair sides for a set of roster players, with the predicted result.
  static let gatherSuggest = MethodDefinition.query(
    .gatherSuggest, SuggestParams.self,
    doc: MethodDoc(
      summary: "Suggests two fair sides for a set of roster players, with the predicted result.",
      description: """
        Changes nothing. by: rating (the default) balances the players' learned ratings: the fairest split is \
        the one whose predicted result is closest to even (Team A's win probability nearest 0.5, which is where \
        the sums of mu differ least). by: skill balances declared skill and form. Exact up to 16 players, a \
        seeded search from 17 to 40. The same players in the same order with the same seed give the same sides; \
        other seeds give other splits that are just as fair. alternatives: N adds the next N fairest splits that \
        are really different (never the first split with the sides swapped); the first split is the same with or \
        without them. Fewer than 2 or more than 40 players, or a player given twice (field players, or bench \
        when on both), is -32602; so are a by other than rating or skill, and alternatives out of 1-5.

        With plan in place of players and bench: the split gather.start {plan} makes of that open plan's players \
        (those checked in, else the going ones; with an odd number the last of them on the bench), so that a page \
        shows the teams the match will start with.
        """,
      result: ResultDoc("suggestion", schema: .ref("Suggestion")),
      errors: [.playerNotFound, .planNotFound, .planCancelled, .planStarted, .planExpired, .invalidParams],
      extensions: ["x-requires-one-of": .array([.string("players"), .string("plan")])]
    )
  ) { params, reader, call in
    let (players, bench) = try params.plan.map { try reader.kickOffLineup(of: $0) } ?? (params.players, params.bench)
    return try Encoded(
      reader.suggestTeams(
        players: players, bench: bench, seed: params.seed, by: params.basis, alternatives: params.alternatives))
  }

  /// gather.suggest's params.
  struct SuggestParams: MethodParams {
    static let fields = [
      ParamDoc(
        "players", "The ids to split, 2 to 40; or plan.", required: false,
        schema: .array(of: .ref("Id"), minItems: 2, maxItems: 40, unique: true)),
      ParamDoc(
        "plan", "An open plan whose players to split as gather.start {plan} does, in place of players and bench.",
        required: false, schema: .ref("Id")),
      ParamDoc(
        "bench", "Ids to leave on the bench; passed through.", required: false,
        schema: .array(of: .ref("Id"), unique: true)),
      ParamDoc(
        "seed", "Picks among equally fair splits; default 0.", required: false,
        schema: .integer(minimum: 0, maximum: 9_007_199_254_740_991)),
      ParamDoc(
        "by",
        """
        What to balance: rating (the default: learned ratings) or skill (declared skill and form).
        """, required: false, schema: .choice(["rating", "skill"])),
      ParamDoc(
        "alternatives", "How many more different splits to add, next fairest first; none by default.", required: false,
        schema: .integer(minimum: 1, maximum: 5)),
    ]
    let players: [Player.ID]
    let bench: [Player.ID]
    /// The open plan whose kick-off lineup to split, in place of players and bench.
    let plan: Plan.ID?
    let seed: UInt64
    /// What to balance.
    let basis: TeamBalancer.Basis
    /// How many more different splits to offer.
    let alternatives: Int

    init(_ params: inout Params) throws {
      plan = try params.optionalInt("plan")
      let players = try params.optionalIntArray("players")
      bench = try params.optionalIntArray("bench") ?? []
      switch (players, plan) {
      case (nil, nil):
        throw RPCError.invalidParams(
          field: "players", "Parameter \"players\" is required: the ids to split, unless plan is given.")
      case (.some, .some):
        throw RPCError.invalidParams(field: "plan", "Give a plan or the players, not both.")
      case (nil, .some) where !bench.isEmpty:
        throw RPCError.invalidParams(field: "bench", "A plan's bench is its own: give no bench with plan.")
      default: self.players = players ?? []
      }
      seed = UInt64(try params.optionalInt("seed", in: 0...maxSeed) ?? 0)
      basis = try params.optionalChoice("by", bases, TeamBalancer.Basis.init(rawValue:)) ?? .rating
      alternatives = Int(try params.optionalInt("alternatives", in: 1...maxAlternatives) ?? 0)
    }
  }

  /// gather.predict: predicts a match between two sides chosen by hand, from the players' ratings now.
  static let gatherPredict = MethodDefinition.view(
    .gatherPredict, PredictParams.self,
    doc: MethodDoc(
      summary: """
        Predicts a match between two sides chosen by hand, from the players' ratings now.
        """,
      description: """
        Changes nothing. The same prediction gather.suggest gives for its split, for any split, so an organiser \
        can check their own. An empty side or a player given twice is -32602 naming the side; an unknown player \
        is player_not_found.
        """,
      result: ResultDoc("prediction", schema: APISchemas.splitPrediction),
      errors: [.playerNotFound, .invalidParams]
    )
  ) { params, view, call in
    try Encoded(prediction: view.state, teamA: params.teamA, teamB: params.teamB)
  }

  /// gather.predict's params.
  struct PredictParams: MethodParams {
    static let fields = [
      ParamDoc(
        "teamA", "Team A's player ids.", required: true, schema: .array(of: .ref("Id"), minItems: 1, unique: true)),
      ParamDoc(
        "teamB", "Team B's player ids, none of them in Team A.", required: true,
        schema: .array(of: .ref("Id"), minItems: 1, unique: true)),
    ]
    let teamA: [Player.ID]
    let teamB: [Player.ID]

    init(_ params: inout Params) throws {
      teamA = try ParamReaders.side(&params, "teamA")
      teamB = try ParamReaders.side(&params, "teamB")
    }
  }

}
