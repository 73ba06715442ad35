import GatherModel
import GatherStore

/// Database reads: history, stats and fair teams. They run on any thread, beside the session's loop, against
/// the committed view and the store.
extension GatherSession {
  /// One page of history, newest first, optionally only the gathers of one player.
  func history(limit: Int, before: Int64?, player: Player.ID?) throws -> GatherStore.Page {
    if let player { _ = try view.state.player(player) }
    return try store.page(limit: limit, before: before, player: player)
  }

  /// An ended gather with its lineup and goals, and the roster for the positions of those still on it.
  func record(_ id: Int64) throws -> EndedGather {
    EndedGather(record: try store.gather(id: id), roster: view.state.roster)
  }

  /// Every player's stats over the ended gathers of `period` with at least `minGathers` played, sorted by
  /// `order`.
  func playerStats(period: GatherStore.StatsPeriod, minGathers: Int, order: PlayerStats.Order) throws
    -> [PlayerStats]
  {
    try store.playerStats(period: period, minGathers: minGathers, order: order)
  }

  /// One player's stats, last results and best teammates.
  func playerReport(_ id: Player.ID) throws -> PlayerReport {
    _ = try view.state.player(id)
    return try store.playerReport(id)
  }

  /// Suggests two fair sides for `players` by `basis`, with up to `alternatives` next fairest different splits,
  /// passing `bench` through; `seed` picks among equally fair splits.
  func suggestTeams(
    players: [Player.ID], bench: [Player.ID], seed: UInt64, by basis: TeamBalancer.Basis, alternatives: Int
  ) throws -> SuggestedTeams {
    // The roster and the ratings come from the committed view.
    let state = view.state
    try TeamBalancer.check(players, bench: bench) { state.roster[$0]?.name ?? "Player \($0)" }
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
      Array(candidates.prefix(players.count)), bench: bench, seed: seed, by: basis, alternatives: alternatives,
      draws: state.draws)
    return SuggestedTeams(
      suggestion: suggestion, candidates: candidates, roster: state.roster, ratedGathers: state.ratedGathers)
  }

  /// The report of ended gather `id` (the last to end when nil) with the soonest open plan that starts after the
  /// gather ended (one that started meanwhile is not the next game), whose sign-up link `link` gives when the page
  /// is served and the caller may have it.
  func report(of id: Int64?, link: (Plan) -> String?) throws -> GatherReport {
    let state = view.state
    let record: GatherRecord
    if let id {
      record = try store.gather(id: id)
    } else {
      guard let last = try store.gathers(limit: 1).first else { throw GatherError.noEndedGather }
      record = try store.gather(id: last.id)
    }
    let next = state.openPlans.first { $0.details.startsAt > record.endedAt }
      .map { GatherReport.NextPlan(plan: $0, link: link($0)) }
    return GatherReport(record: record, next: next)
  }
}
