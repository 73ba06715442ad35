import GatherModel
import GatherRPC

/// gather.suggest: two fair sides for a set of roster players; gather.predict: how a split chosen by hand is
/// predicted to go.
enum SuggestController {
  /// The largest seed, so that every seed is an exact JSON number.
  static let maxSeed: Int64 = 9_007_199_254_740_991
  /// The most alternatives a suggestion adds.
  static let maxAlternatives = Int64(TeamBalancer.alternativesRange.upperBound)
  /// What `by` may name.
  static let bases = TeamBalancer.Basis.allCases.map(\.rawValue)

  static func methods<C>(_ session: GatherSession<C>) -> [RPCMethod<Caller>] {
    [
      .query("gather.suggest") { params, _ in
        guard let players = try params.optionalIntArray("players") else {
          throw RPCError.invalidParams(field: "players", "Parameter \"players\" is required: the ids to split.")
        }
        let bench = try params.optionalIntArray("bench") ?? []
        let seed = try params.optionalInt("seed", in: 0...maxSeed) ?? 0
        // What to balance, and how many more different splits to offer.
        let basis = try params.optionalChoice("by", bases, TeamBalancer.Basis.init(rawValue:)) ?? .rating
        let alternatives = try params.optionalInt("alternatives", in: 1...maxAlternatives) ?? 0
        try params.finish()
        return try session.suggestTeams(
          players: players, bench: bench, seed: UInt64(seed), by: basis, alternatives: Int(alternatives)
        ).json
      },
      .read("gather.predict") { params, _ in
        let teamA = try side(&params, "teamA")
        let teamB = try side(&params, "teamB")
        try params.finish()
        return try session.view.state.predictionJSON(teamA: teamA, teamB: teamB)
      },
    ]
  }

  /// One side of gather.predict: a required list of ids (the model refuses an empty one, naming the side).
  static func side(_ params: inout Params, _ field: String) throws(RPCError) -> [Player.ID] {
    guard let ids = try params.optionalIntArray(field) else {
      throw .invalidParams(field: field, "Parameter \"\(field)\" is required: the ids of one side.")
    }
    return ids
  }
}
