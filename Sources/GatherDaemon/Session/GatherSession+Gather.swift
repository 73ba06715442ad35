import GatherModel
import GatherRPC

/// Starting, changing and ending gathers, and history.
extension GatherSession {
  /// Starts a gather with this lineup and a clock of `periods` (1 when nil) of `seconds` (10:00 when nil) with
  /// a break of `breakSeconds` (none when nil) between them; `names` are the sides' ("Team A" and "Team B" when
  /// nil); from `plan`, the store starts the plan too (issue 24).
  func startGather(
    teamA: [Player.ID], teamB: [Player.ID], bench: [Player.ID], seconds: Int?, periods: Int? = nil,
    breakSeconds: Int? = nil, names: (teamA: String?, teamB: String?)? = nil, plan: Plan.ID? = nil
  ) throws -> JSONValue {
    let lineup = try state.lineupForNewGather(teamA: teamA, teamB: teamB, bench: bench)
    let clock = try MatchClock(periods: periods ?? 1, seconds: seconds ?? 600, breakSeconds: breakSeconds ?? 0)
    let teamNames = try TeamNames(teamA: names?.teamA, teamB: names?.teamB)
    let startedAt = wallClock()
    let snapshot = clock.snapshot(at: now, wallNow: startedAt)
    let id = try commit {
      try store.startGather(lineup: lineup, clock: snapshot, startedAt: startedAt, names: teamNames, plan: plan) {
        [state] in
        state.name(of: $0)
      }
    }
    let gather = ActiveGather(
      id: id, startedAt: startedAt, lineup: lineup, clock: clock,
      kickOffRatings: Dictionary(uniqueKeysWithValues: lineup.players.map { ($0, state.rating(of: $0)) }),
      names: teamNames, planID: plan)
    try state.begin(gather)
    logger.info("Started gather \(id) with \(lineup.players.count) players.", metadata: ["gather_id": "\(id)"])
    publishGather("started", gather)
    return gatherJSON(gather)
  }

  /// Moves a player of the active gather to `team`, or adds a roster player to it.
  func assign(_ playerID: Player.ID, to team: Team) throws -> JSONValue {
    let player = try state.player(playerID)
    let rating = state.rating(of: playerID)
    let store = store
    let gather = try state.changeActive { gather in
      try gather.assign(player, to: team, rating: rating)
      try commit { try store.assign(.init(player: player.id, team: team), name: player.name, gatherID: gather.id) }
      return gather
    }
    publishGather("assigned", gather)
    return gatherJSON(gather)
  }

  /// Renames either side of the active gather (nil keeps its name); `fields` name the params in a refusal.
  func renameTeams(teamA: String?, teamB: String?, fields: (teamA: String, teamB: String)) throws -> JSONValue {
    let store = store
    let gather = try state.changeActive { gather in
      try gather.rename(teamA: teamA, teamB: teamB, fields: fields)
      try commit { try store.renameTeams(gather.names, gatherID: gather.id) }
      return gather
    }
    logger.info(
      "Gather \(gather.id): the teams are now \(gather.names.teamA) and \(gather.names.teamB).",
      metadata: ["gather_id": "\(gather.id)"])
    publishGather("renamed", gather)
    return gatherJSON(gather)
  }

  /// Ends the active gather, files its result in history, rates its players from it and stops its clock.
  func endGather() throws -> JSONValue {
    let gather = try state.requireActive()
    let record = gather.result(endedAt: wallClock()) { [state] in state.name(of: $0) }
    let ratings = try commit { try store.endGather(record) }
    state.closeActive()
    state.keepRatings(ratings)
    rearmClock()
    logger.info(
      "Ended gather \(gather.id) at \(record.scoreText), winner \(record.winner.rawValue).",
      metadata: ["gather_id": "\(gather.id)"])
    let json = record.json(roster: state.roster)
    hub.publish(.gather, ["change": "ended", "id": .int(gather.id), "gather": json])
    return json
  }

  /// Cancels the active gather; it keeps no result.
  func cancelGather() throws -> JSONValue {
    let gather = try state.requireActive()
    let reopened = try commit { try store.cancelGather(id: gather.id) }
    state.closeActive()
    rearmClock()
    logger.info("Cancelled gather \(gather.id).", metadata: ["gather_id": "\(gather.id)"])
    hub.publish(.gather, ["change": "cancelled", "id": .int(gather.id), "gather": .null])
    // Plans (issue 24): the plan it came from is open again.
    if let reopened {
      state.keep(reopened)
      publishPlan("updated", reopened)
    }
    return .object(["cancelled": .int(gather.id)])
  }

  func publishGather(_ change: String, _ gather: ActiveGather) {
    hub.publish(.gather, ["change": .string(change), "id": .int(gather.id), "gather": gatherJSON(gather)])
  }
}
