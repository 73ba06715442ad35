import GatherModel
import GatherRPC

/// Fair teams (issue 9): a split of roster players, rated by skill and, once they have played enough, form.
extension GatherSession {
  /// Suggests two fair sides for `players`, passing `bench` through; `seed` picks among equally fair splits.
  func suggestTeams(players: [Player.ID], bench: [Player.ID], seed: UInt64) throws -> JSONValue {
    try TeamBalancer.check(players, bench: bench)
    let roster = try players.map { id throws(GatherError) in try state.player(id) }
    for id in bench { _ = try state.player(id) }
    let records = try store.playerStats(of: players)
    let candidates = roster.map { player in
      Candidate(player, played: records[player.id]?.played ?? 0, wins: records[player.id]?.wins ?? 0)
    }
    let suggestion = try TeamBalancer.suggest(candidates, bench: bench, seed: seed)
    return suggestion.json(candidates: candidates, roster: state.roster)
  }
}
