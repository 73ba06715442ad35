import GatherModel
import GatherRPC

/// Fair teams (issue 9): a split of roster players, rated by skill and, once they have played enough, form.
extension GatherSession {
  /// Suggests two fair sides for `players`, passing `bench` through; `seed` picks among equally fair splits.
  func suggestTeams(players: [Player.ID], bench: [Player.ID], seed: UInt64) throws -> JSONValue {
    try TeamBalancer.check(players, bench: bench)
    // Runs on any thread, beside the session's loop: the roster comes from the committed view.
    let state = view.state
    // Everyone is rated, the bench too, so that the reply shows each player's rating.
    let everyone = try (players + bench).map { id throws(GatherError) in try state.player(id) }
    let records = try store.playerStats(of: players + bench)
    let candidates = everyone.map { player in
      Candidate(player, played: records[player.id]?.played ?? 0, wins: records[player.id]?.wins ?? 0)
    }
    let suggestion = try TeamBalancer.suggest(Array(candidates.prefix(players.count)), bench: bench, seed: seed)
    return suggestion.json(candidates: candidates, roster: state.roster)
  }
}
