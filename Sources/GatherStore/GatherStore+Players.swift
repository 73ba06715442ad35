import GatherModel

/// The roster's writes.
extension GatherStore {
  /// Adds a player to the roster, rated at the prior of their declared skill, and returns it with its new id.
  public func createPlayer(_ details: PlayerDetails) throws -> Player {
    try transaction { db in try Self.insertPlayer(details, db) }
  }

  /// Adds several players to the roster in one transaction, in order, each rated at their prior: all of them,
  /// or none if one cannot be written.
  public func createPlayers(_ details: [PlayerDetails]) throws -> [Player] {
    try transaction { db in try details.map { try Self.insertPlayer($0, db) } }
  }

  /// Inserts a roster player rated at their prior, in the caller's transaction.
  static func insertPlayer(_ details: PlayerDetails, _ db: SQLiteConnection) throws -> Player {
    var row = PlayerRow(id: nil, details: details)
    let prior = Rating.prior(for: details.skill)
    try db.execute(
      "INSERT INTO player (\(PlayerRow.columnsSQL), ratingMu, ratingSigma) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      row.arguments + [prior.mu, prior.sigma])
    row.id = db.lastInsertedRowID
    return try row.player()
  }

  /// Saves a player's changed details. A changed declared skill is a new prior: every rating is replayed in the
  /// same transaction (as ``replayRatings()`` does; for a player who has not played yet, only theirs changes),
  /// and every roster player's rating is returned; nil when the skill stayed.
  @discardableResult
  public func updatePlayer(_ player: Player) throws -> [Player.ID: Rating]? {
    try transaction { db in
      let row = PlayerRow(id: player.id, details: player.details)
      let skillBefore = try db.fetchOne("SELECT skill FROM player WHERE id = ?", [player.id]).map {
        try $0.first(as: String?.self)
      }
      guard let skillBefore else { throw GatherError.playerNotFound(player.id) }
      try db.execute(
        "UPDATE player SET name = ?, age = ?, position = ?, skill = ?, favouriteTeam = ?, regular = ?, confirmed = ? WHERE id = ?",
        row.arguments + [player.id])
      guard db.changesCount == 1 else { throw GatherError.playerNotFound(player.id) }
      guard skillBefore != row.skill else { return nil }
      // A player not rated yet (no ended gather on Team A or Team B) moves only their own prior: what a replay
      // would give, without one.
      let rated =
        "SELECT EXISTS (SELECT 1 FROM gatherPlayer gp JOIN gatherPlayerRating r ON r.gatherPlayerId = gp.id WHERE gp.playerId = ?)"
      if try db.fetchValue(rated, [player.id]) ?? true {
        try Self.replayRatings(db)
      } else {
        let prior = Rating.prior(for: player.details.skill)
        try db.execute(
          "UPDATE player SET ratingMu = ?, ratingSigma = ? WHERE id = ?", [prior.mu, prior.sigma, player.id])
      }
      return try Self.rosterRatings(db)
    }
  }

  /// Deletes a player who is not in the active gather. Gathers they played in keep their name, position, id
  /// and declared skill (so that a replay rates them as before, from the same prior); only the link to the
  /// roster goes. Nobody's rating changes.
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
      try db.execute(
        "UPDATE gatherPlayer SET playerPosition = ?, formerPlayerId = ?, playerSkill = ? WHERE playerId = ?",
        [row.position, id, row.skill, id])
      // Plans: a deleted player's answers to open plans, and their check-ins, go; closed plans keep them, with the
      // name.
      try db.execute(
        "DELETE FROM planSignUp WHERE playerId = ? AND planId IN (SELECT id FROM plan WHERE status = 'open')", [id])
      try db.execute(
        "DELETE FROM planCheckIn WHERE playerId = ? AND planId IN (SELECT id FROM plan WHERE status = 'open')", [id])
      try db.execute("DELETE FROM player WHERE id = ?", [id])
    }
  }

  /// How many players the roster holds.
  public func playerCount() throws -> Int {
    try database.read { db in try db.fetchValue("SELECT COUNT(*) FROM player") ?? 0 }
  }
}
