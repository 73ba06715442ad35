import GatherModel

/// The roster.
extension Turn {
  /// Adds a player to the roster.
  mutating func createPlayer(_ details: PlayerDetails) throws -> Player {
    let player = try commit { try store.createPlayer(details) }
    state.save(player)
    logger.info("Created player \(player.id), \(player.name).")
    hub.publish(.roster(.created(player)))
    return player
  }

  /// Adds every player of an import to the roster in one transaction, or none. A name already on the roster,
  /// or twice in the import, is refused unless `allowDuplicates` (`FootballGather.checkImportedNames`). Each
  /// new player is published as its own `players` event, as `players.create` does.
  mutating func importPlayers(_ rows: [PlayerDetails], allowDuplicates: Bool) throws -> [Player] {
    if !allowDuplicates { try state.checkImportedNames(rows) }
    let players = try commit { try store.createPlayers(rows) }
    for player in players { state.save(player) }
    logger.info("Imported \(players.count) players.")
    for player in players { hub.publish(.roster(.created(player))) }
    return players
  }

  /// Changes a player's details; no changes write nothing and publish nothing.
  mutating func updatePlayer(_ id: Player.ID, _ changes: PlayerChanges) throws -> Player {
    let player = try state.updating(id, with: changes)
    guard !changes.isEmpty else { return player }
    // A new declared skill is a new prior: the store replays every rating in the same transaction.
    let ratings = try commit { try store.updatePlayer(player) }
    state.save(player)
    if let ratings { state.keepRatings(ratings) }
    hub.publish(.roster(.updated(player)))
    return player
  }

  /// Deletes a player who is not in the active gather; history keeps their name, and the store takes them off
  /// every open plan in the same transaction.
  mutating func deletePlayer(_ id: Player.ID) throws {
    try state.checkDeletable(id)
    let plans = state.plansWithout(id)
    let answered = Set(state.openPlans.filter { $0.answer(of: id) != nil }.map(\.id))
    try commit { try store.deletePlayer(id) }
    for (plan, promoted) in plans {
      state.keep(plan)
      // A walk-in, in the check-in only, leaves the check-in; one who answered leaves the plan's lists.
      let event =
        answered.contains(plan.id)
        ? PlanEvent(.left, snapshot(of: plan), player: id, answer: .notGoing)
        : PlanEvent(.checkedIn, snapshot(of: plan))
      hub.publish(.plan(event))
      for player in promoted { hub.publish(.plan(PlanEvent(.promoted, snapshot(of: plan), player: player))) }
    }
    state.remove(id)
    logger.info("Deleted player \(id).")
    hub.publish(.roster(.deleted(id)))
  }
}
