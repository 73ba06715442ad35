import GatherModel
import GatherStore

/// Database reads: history, stats, fair teams and the result to share.
extension Reader {
  /// One page of history, newest first, optionally only the gathers of one player.
  func history(limit: Int, before: Int64?, player: Player.ID?) throws -> HistoryPage {
    if let player { _ = try state.player(player) }
    return try store.page(limit: limit, before: before, player: player)
  }

  /// An ended gather with its lineup and goals, where its man-of-the-match vote stands, and the roster for the
  /// positions of those still on it.
  func record(_ id: Int64) throws -> EndedGather {
    EndedGather(record: try store.gather(id: id), roster: state.roster, vote: try store.voteStanding(of: id))
  }

  /// Every player's stats over the ended gathers of `period` that the table lists (those with at least
  /// `minGathers` played, and those whose strikes count now: ``PlayerStats/isListed(minGathers:)``), sorted by
  /// `order`.
  func playerStats(period: GatherStore.StatsPeriod, minGathers: Int, order: PlayerStats.Order) throws
    -> [PlayerStats]
  {
    let strikes = try strikeCounts()
    // With strikes about, players who played fewer may be listed too: the rule picks them from every row.
    let rows = try store.playerStats(period: period, minGathers: strikes.isEmpty ? minGathers : 0, order: order)
    return withStrikes(rows, strikes).filter { $0.isListed(minGathers: minGathers) }
  }

  /// One player's stats, last results and best teammates.
  func playerReport(_ id: Player.ID) throws -> PlayerReport {
    _ = try state.player(id)
    var report = try store.playerReport(id)
    report.stats = withStrikes([report.stats], try strikeCounts())[0]
    return report
  }

  /// How many strikes each player has that count now: those of the strikes setting's days, 60 without one.
  private func strikeCounts() throws -> [Player.ID: Int] {
    let now = settings.wallClock()
    let period = settings.attendance.strikes?.period ?? StrikeRule.standardPeriod
    return try store.strikeCounts(since: now.addingTimeInterval(-period.inSeconds), until: now)
  }

  /// `rows` with the strikes of `counts`, and whether they hold each player back (gatherd's strikes setting).
  private func withStrikes(_ rows: [PlayerStats], _ counts: [Player.ID: Int]) -> [PlayerStats] {
    let rule = settings.attendance.strikes
    return rows.map { row in
      var row = row
      row.attendance.strikes = counts[row.playerID] ?? 0
      row.attendance.heldBack = rule?.holdsBack(counted: row.attendance.strikes) ?? false
      return row
    }
  }

  /// Suggests two fair sides for `players` by `basis`, with up to `alternatives` next fairest different splits,
  /// passing `bench` through; `seed` picks among equally fair splits.
  func suggestTeams(
    players: [Player.ID], bench: [Player.ID], seed: UInt64, by basis: TeamBalancer.Basis, alternatives: Int
  ) throws -> SuggestedTeams {
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
  /// is served and the caller may have it, and the man of the match, or while the vote is open an invitation to it
  /// with the link `voteLink` makes of its code.
  func report(of id: Int64?, link: (Plan) -> String?, voteLink: (String) -> String? = { _ in nil }) throws
    -> GatherReport
  {
    let record: GatherRecord
    if let id {
      record = try store.gather(id: id)
    } else {
      guard let last = try store.gathers(limit: 1, before: nil).first else { throw GatherError.noEndedGather }
      record = try store.gather(id: last.id)
    }
    let next = state.openPlans.first { $0.details.startsAt > record.endedAt }
      .map { GatherReport.NextPlan(plan: $0, link: link($0)) }
    // The man of the match once the vote closed: the winners, as players of the gather; while it is open, when to
    // vote by, told in the server's time zone.
    var best: [GatherRecord.Member]?
    var invitation: GatherReport.VoteInvitation?
    switch try store.voteStanding(of: record.id) {
    case .closed(let outcome):
      best = outcome.winners.map { GatherRecord.Member(playerID: $0.player, name: $0.name, team: $0.team) }
    case .open(let closesAt, _, _):
      let offset = settings.localOffset(Int64(closesAt.timeIntervalSince1970.rounded(.down)))
      let code = state.openVote(record.id)?.code
      invitation = GatherReport.VoteInvitation(closesAt: closesAt, utcOffset: offset, link: code.flatMap(voteLink))
    case nil: break
    }
    return GatherReport(record: record, manOfTheMatch: best, vote: invitation, next: next)
  }
}
