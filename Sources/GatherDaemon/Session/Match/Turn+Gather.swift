import GatherModel

/// Starting, changing and ending gathers.
extension Turn {
  /// Starts a gather with this lineup and a clock of `periods` (1 when nil) of `seconds` (10:00 when nil) with
  /// a break of `breakSeconds` (none when nil) between them; `names` are the sides' ("Team A" and "Team B" when
  /// nil); from `plan`, the store starts the plan in the same transaction.
  mutating func startGather(
    teamA: [Player.ID], teamB: [Player.ID], bench: [Player.ID], seconds: Int?, periods: Int? = nil,
    breakSeconds: Int? = nil, names: (teamA: String?, teamB: String?)? = nil, plan: Plan.ID? = nil
  ) throws -> GatherSnapshot {
    let lineup = try state.lineupForNewGather(teamA: teamA, teamB: teamB, bench: bench)
    let clock = try MatchClock(periods: periods ?? 1, seconds: seconds ?? 600, breakSeconds: breakSeconds ?? 0)
    let teamNames = try TeamNames(teamA: names?.teamA, teamB: names?.teamB)
    let startedAt = wallClock()
    let saved = clock.snapshot(at: now, wallNow: startedAt)
    let id = try commit {
      try store.startGather(lineup: lineup, clock: saved, startedAt: startedAt, names: teamNames, plan: plan) {
        [state] in
        state.name(of: $0)
      }
    }
    let gather = ActiveGather(
      id: id, startedAt: startedAt, lineup: lineup, clock: clock,
      kickOffRatings: Dictionary(uniqueKeysWithValues: lineup.players.map { ($0, state.rating(of: $0)) }),
      kickOffDraws: state.draws, names: teamNames, planID: plan)
    try state.begin(gather)
    logger.info("Started gather \(id) with \(lineup.players.count) players.", metadata: ["gather_id": "\(id)"])
    let started = snapshot(of: gather)
    hub.publish(.gather(.started(started)))
    return started
  }

  /// Moves a player of the active gather to `team`, or adds a roster player to it.
  mutating func assign(_ playerID: Player.ID, to team: Team) throws -> GatherSnapshot {
    let player = try state.player(playerID)
    let rating = state.rating(of: playerID)
    let (store, environment) = (store, environment)
    let gather = try state.changeActive { gather in
      try gather.assign(player, to: team, rating: rating)
      try environment.commit {
        try store.assign(.init(player: player.id, team: team), name: player.name, gatherID: gather.id)
      }
      return gather
    }
    let assigned = snapshot(of: gather)
    hub.publish(.gather(.assigned(assigned)))
    return assigned
  }

  /// Renames either side of the active gather (nil keeps its name); `fields` name the params in a refusal.
  mutating func renameTeams(teamA: String?, teamB: String?, fields: (teamA: String, teamB: String)) throws
    -> GatherSnapshot
  {
    let (store, environment) = (store, environment)
    let gather = try state.changeActive { gather in
      try gather.rename(teamA: teamA, teamB: teamB, fields: fields)
      try environment.commit { try store.renameTeams(gather.names, gatherID: gather.id) }
      return gather
    }
    logger.info(
      "Gather \(gather.id): the teams are now \(gather.names.teamA) and \(gather.names.teamB).",
      metadata: ["gather_id": "\(gather.id)"])
    let renamed = snapshot(of: gather)
    hub.publish(.gather(.renamed(renamed)))
    return renamed
  }

  /// Ends the active gather, files its result in history, rates its players from it and stops its clock; opens its
  /// man-of-the-match vote and charges the shares of its cost (GatherSession+Votes.swift, +Fees.swift).
  mutating func endGather() throws -> EndedGather {
    let gather = try state.requireActive()
    let record = gather.result(endedAt: wallClock()) { [state] in state.name(of: $0) }
    let vote = opening(record)
    let charges = try feeLines(ending: gather, at: record.endedAt)
    let ratings = try commit { try store.endGather(record, vote: vote, charges: charges) }
    state.closeActive()
    state.keepResult(record.winner, ratings: ratings)
    state.recordLineup(gather.lineup.players)
    rearmClock()
    logger.info(
      "Ended gather \(gather.id) at \(record.scoreText), winner \(record.winner.rawValue).",
      metadata: ["gather_id": "\(gather.id)"])
    var ended = EndedGather(record: record, roster: state.roster, vote: vote.map(ManOfTheMatchStanding.init))
    ended.charged = charges
    hub.publish(.gather(.ended(ended)))
    if let vote { opened(vote) }
    return ended
  }

  /// Cancels the active gather; it keeps no result, and the plan it came from, if any, is open again.
  mutating func cancelGather() throws -> Int64 {
    let gather = try state.requireActive()
    let reopened = try commit { try store.cancelGather(id: gather.id) }
    state.closeActive()
    rearmClock()
    logger.info("Cancelled gather \(gather.id).", metadata: ["gather_id": "\(gather.id)"])
    hub.publish(.gather(.cancelled(id: gather.id)))
    if let reopened {
      state.keep(reopened)
      rearmAgenda()
      hub.publish(.plan(PlanEvent(.updated, snapshot(of: reopened))))
    }
    return gather.id
  }
}
