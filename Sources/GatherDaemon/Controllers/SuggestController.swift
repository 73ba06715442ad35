import GatherModel
import GatherRPC

/// gather.suggest: two fair sides for a set of roster players (issue 9).
enum SuggestController {
  /// The largest seed, so that every seed is an exact JSON number.
  static let maxSeed: Int64 = 9_007_199_254_740_991

  static func methods<C>(_ session: GatherSession<C>) -> [RPCMethod<Caller>] {
    [
      .query("gather.suggest") { params, _ in
        guard let players = try params.optionalIntArray("players") else {
          throw RPCError.invalidParams(field: "players", "Parameter \"players\" is required: the ids to split.")
        }
        let bench = try params.optionalIntArray("bench") ?? []
        let seed = try params.optionalInt("seed", in: 0...maxSeed) ?? 0
        try params.finish()
        return try session.suggestTeams(players: players, bench: bench, seed: UInt64(seed))
      }
    ]
  }
}
