import GRDB
import GatherModel

/// The roster's writes.
extension GatherStore {
  /// Adds a player to the roster and returns it with its new id.
  public func createPlayer(_ details: PlayerDetails) throws -> Player {
    try writer.write { db in
      let row = try PlayerRow(id: nil, details: details).inserted(db)
      return try row.player()
    }
  }

  /// Saves a player's changed details.
  public func updatePlayer(_ player: Player) throws {
    try writer.write { db in
      try PlayerRow(id: player.id, details: player.details).update(db)
    }
  }

  /// Deletes a player. Gathers they played in keep their name; only the link to the roster goes.
  public func deletePlayer(_ id: Player.ID) throws {
    try writer.write { db in
      _ = try PlayerRow.deleteOne(db, key: id)
    }
  }
}
