import GatherModel
import GatherRPC

/// Fair teams (issues 9 and 22): a split of roster players balanced by learned rating, or by skill and form as
/// before ratings; and the prediction of a split chosen by hand.
extension GatherSession {
  /// Suggests two fair sides for `players` by `basis`, with up to `alternatives` next fairest different splits,
  /// passing `bench` through; `seed` picks among equally fair splits.
  func suggestTeams(
    players: [Player.ID], bench: [Player.ID], seed: UInt64, by basis: TeamBalancer.Basis, alternatives: Int
  ) throws -> JSONValue {
    try TeamBalancer.check(players, bench: bench)
    // Runs on any thread, beside the session's loop: the roster and the ratings come from the committed view.
    let state = view.state
    // Everyone is rated, the bench too, so that the reply shows each player's rating.
    let everyone = try (players + bench).map { id throws(GatherError) in try state.player(id) }
    // Form counts only by skill; ratings need no query.
    let records = basis == .skill ? try store.playerStats(of: players + bench) : [:]
    let candidates = everyone.map { player in
      Candidate(
        player, played: records[player.id]?.played ?? 0, wins: records[player.id]?.wins ?? 0,
        rating: state.rating(of: player.id))
    }
    let suggestion = try TeamBalancer.suggest(
      Array(candidates.prefix(players.count)), bench: bench, seed: seed, by: basis, alternatives: alternatives)
    return suggestion.json(candidates: candidates, roster: state.roster)
  }
}
