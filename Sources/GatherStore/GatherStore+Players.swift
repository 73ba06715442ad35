import GRDB
import GatherModel

/// The roster's writes.
extension GatherStore {
  /// Adds a player to the roster and returns it with its new id.
  public func createPlayer(_ details: PlayerDetails) throws -> Player {
    try transaction { db in
      let row = try PlayerRow(id: nil, details: details).inserted(db)
      return try row.player()
    }
  }

  /// Saves a player's changed details.
  public func updatePlayer(_ player: Player) throws {
    try transaction { db in
      guard try PlayerRow.exists(db, key: player.id) else { throw GatherError.playerNotFound(player.id) }
      try PlayerRow(id: player.id, details: player.details).update(db)
    }
  }

  /// Deletes a player who is not in the active gather. Gathers they played in keep their name; only the
  /// link to the roster goes.
  public func deletePlayer(_ id: Player.ID) throws {
    try transaction { db in
      let inActiveGather =
        try Bool.fetchOne(
          db,
          sql: """
            SELECT EXISTS (SELECT 1 FROM gatherPlayer JOIN gather ON gather.id = gatherPlayer.gatherId
            WHERE gather.status = 'active' AND gatherPlayer.playerId = ?)
            """, arguments: [id]) ?? false
      guard let row = try PlayerRow.fetchOne(db, key: id) else { throw GatherError.playerNotFound(id) }
      if inActiveGather { throw GatherError.playerInActiveGather(row.name) }
      try db.execute(
        sql: "UPDATE gatherPlayer SET playerPosition = ? WHERE playerId = ?", arguments: [row.position, id])
      try row.delete(db)
    }
  }

  /// How many players the roster holds.
  public func playerCount() throws -> Int {
    try writer.read { db in try PlayerRow.fetchCount(db) }
  }
}
