import GatherModel

/// The roster's writes.
extension GatherStore {
  /// Adds a player to the roster and returns it with its new id.
  public func createPlayer(_ details: PlayerDetails) throws -> Player {
    try transaction { db in
      var row = PlayerRow(id: nil, details: details)
      try db.execute("INSERT INTO player (\(PlayerRow.columnsSQL)) VALUES (?, ?, ?, ?, ?)", row.arguments)
      row.id = db.lastInsertedRowID
      return try row.player()
    }
  }

  /// Saves a player's changed details.
  public func updatePlayer(_ player: Player) throws {
    try transaction { db in
      let row = PlayerRow(id: player.id, details: player.details)
      try db.execute(
        "UPDATE player SET name = ?, age = ?, position = ?, skill = ?, favouriteTeam = ? WHERE id = ?",
        row.arguments + [player.id])
      guard db.changesCount == 1 else { throw GatherError.playerNotFound(player.id) }
    }
  }

  /// Deletes a player who is not in the active gather. Gathers they played in keep their name; only the
  /// link to the roster goes.
  public func deletePlayer(_ id: Player.ID) throws {
    try transaction { db in
      let inActiveGather =
        try db.fetchValue(
          """
          SELECT EXISTS (SELECT 1 FROM gatherPlayer JOIN gather ON gather.id = gatherPlayer.gatherId
          WHERE gather.status = 'active' AND gatherPlayer.playerId = ?)
          """, [id]) ?? false
      guard let row = try db.fetchOne("SELECT * FROM player WHERE id = ?", [id]).map(PlayerRow.init(row:)) else {
        throw GatherError.playerNotFound(id)
      }
      if inActiveGather { throw GatherError.playerInActiveGather(row.name) }
      try db.execute("UPDATE gatherPlayer SET playerPosition = ? WHERE playerId = ?", [row.position, id])
      try db.execute("DELETE FROM player WHERE id = ?", [id])
    }
  }

  /// How many players the roster holds.
  public func playerCount() throws -> Int {
    try database.read { db in try db.fetchValue("SELECT COUNT(*) FROM player") ?? 0 }
  }
}
