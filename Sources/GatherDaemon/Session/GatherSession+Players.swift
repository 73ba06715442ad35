import GatherModel
import GatherRPC

/// The roster.
extension GatherSession {
  /// Adds a player to the roster.
  func createPlayer(_ details: PlayerDetails) throws -> JSONValue {
    let player = try commit { try store.createPlayer(details) }
    state.save(player)
    logger.info("Created player \(player.id), \(player.name).")
    hub.publish(.players, ["change": "created", "id": .int(player.id), "player": player.json])
    return player.json
  }

  /// Changes a player's details.
  func updatePlayer(_ id: Player.ID, _ changes: PlayerChanges) throws -> JSONValue {
    let player = try state.updating(id, with: changes)
    // A new declared skill is a new prior: the store replays every rating in the same transaction (issue 22).
    let ratings = try commit { try store.updatePlayer(player) }
    state.save(player)
    if let ratings { state.keepRatings(ratings) }
    hub.publish(.players, ["change": "updated", "id": .int(player.id), "player": player.json])
    return player.json
  }

  /// Deletes a player who is not in the active gather; history keeps their name.
  func deletePlayer(_ id: Player.ID) throws -> JSONValue {
    try state.checkDeletable(id)
    // Plans (issue 24): the store takes the player off every open plan in the same transaction.
    let plans = state.plansWithout(id)
    try commit { try store.deletePlayer(id) }
    for (plan, promoted) in plans {
      state.keep(plan)
      publishPlan("left", plan, player: id, answer: .notGoing)
      for player in promoted { publishPlan("promoted", plan, player: player) }
    }
    state.remove(id)
    logger.info("Deleted player \(id).")
    hub.publish(.players, ["change": "deleted", "id": .int(id), "player": .null])
    return .object(["deleted": .int(id)])
  }
}
