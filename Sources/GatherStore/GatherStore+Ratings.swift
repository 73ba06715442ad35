import GatherModel

/// Ratings: learned at the end of each gather, in its transaction, and replayed from the priors and the
/// whole history when a prior changes. A replay gives, bit for bit, what the updates one by one gave.
extension GatherStore {
  /// Every roster player's rating, by id.
  public func ratings() throws -> [Player.ID: Rating] {
    try database.read { db in try Self.rosterRatings(db) }
  }

  /// Replays every rating from the priors and the history, as a migration and a change of declared skill do;
  /// returns every roster player's rating afterwards. It changes nothing unless the stored ratings were wrong.
  @discardableResult
  public func replayRatings() throws -> [Player.ID: Rating] {
    try transaction { db in
      try Self.replayRatings(db)
      return try Self.rosterRatings(db)
    }
  }

  /// How many ended gathers each roster player has played on Team A or Team B: the gathers their rating learned
  /// from. Players who have played none are left out.
  static func ratedGathers(_ db: SQLiteConnection) throws -> [Player.ID: Int] {
    var counts: [Player.ID: Int] = [:]
    try db.forEachRow(
      """
      SELECT playerId, COUNT(*) FROM gatherPlayer INDEXED BY gatherPlayer_stats
      WHERE playerId IS NOT NULL AND result IS NOT NULL GROUP BY playerId
      """
    ) { row in
      if let id = row.int64(0), let count = row.int64(1) { counts[id] = Int(count) }
    }
    return counts
  }

  /// The ended gathers and how many of them were drawn, for the draw probability of predictions.
  static func drawHistory(_ db: SQLiteConnection) throws -> DrawHistory {
    let row = try db.fetchOne(
      "SELECT COUNT(*) AS gathers, COALESCE(SUM(winner = 'none'), 0) AS draws FROM gather WHERE status = 'ended'")
    return DrawHistory(gathers: try row?["gathers"] ?? 0, draws: try row?["draws"] ?? 0)
  }

  static func rosterRatings(_ db: SQLiteConnection) throws -> [Player.ID: Rating] {
    var ratings: [Player.ID: Rating] = [:]
    for row in try db.fetchAll("SELECT id, ratingMu, ratingSigma FROM player") {
      ratings[try row["id"]] = Rating(mu: try row["ratingMu"], sigma: try row["ratingSigma"])
    }
    return ratings
  }

  /// Rates the ended gather `gatherID`, which `winner` won: the players of Team A and Team B, in the order they
  /// joined (as a replay takes them), from their ratings now. Saves and returns the new ratings.
  static func rateEndedGather(_ gatherID: Int64, winner: Winner, _ db: SQLiteConnection) throws -> [Player.ID: Rating] {
    var teams: [Team: [(row: Int64, id: Player.ID, rating: Rating)]] = [:]
    for row in try db.fetchAll(
      """
      SELECT gp.id AS row, gp.team, p.id, p.ratingMu, p.ratingSigma
      FROM gatherPlayer gp JOIN player p ON p.id = gp.playerId
      WHERE gp.gatherId = ? AND gp.team IN ('teamA', 'teamB') ORDER BY gp.id
      """, [gatherID])
    {
      teams[try decode(Team.self, row["team"]), default: []].append(
        (try row["row"], try row["id"], Rating(mu: try row["ratingMu"], sigma: try row["ratingSigma"])))
    }
    let teamA = teams[.teamA] ?? []
    let teamB = teams[.teamB] ?? []
    let updated = PlackettLuce.standard.rate(
      teamA: teamA.map(\.rating), teamB: teamB.map(\.rating), winner: winner)
    let saveRow = try db.prepare("INSERT INTO gatherPlayerRating (gatherPlayerId, mu, sigma) VALUES (?, ?, ?)")
    let savePlayer = try db.prepare("UPDATE player SET ratingMu = ?, ratingSigma = ? WHERE id = ?")
    var changed: [Player.ID: Rating] = [:]
    for (player, rating) in zip(teamA + teamB, updated.teamA + updated.teamB) {
      try saveRow.run([.integer(player.row), .real(rating.mu), .real(rating.sigma)])
      try savePlayer.run([.real(rating.mu), .real(rating.sigma), .integer(player.id)])
      changed[player.id] = rating
    }
    return changed
  }

  /// Replays every ended gather, in the order they ended (one gather is active at a time, so that is the order of
  /// their ids), from each participant's prior: writes again every lineup row's rating after its gather (in the
  /// order of their ids, which SQLite appends fastest), and saves each roster player's rating that changed.
  static func replayRatings(_ db: SQLiteConnection) throws {
    let history = try RatingHistory(db)
    let (book, after) = RatingBook.replay(history.matches, priors: history.priors)
    var rows: [(id: Int64, rating: Rating)] = []
    rows.reserveCapacity(history.rows.count * 12)
    for (index, ids) in history.rows.enumerated() {
      for (id, rating) in zip(ids.teamA + ids.teamB, after[index].teamA + after[index].teamB) {
        rows.append((id, rating))
      }
    }
    rows.sort { $0.id < $1.id }
    try db.execute("DELETE FROM gatherPlayerRating")
    let saveRow = try db.prepare("INSERT INTO gatherPlayerRating (gatherPlayerId, mu, sigma) VALUES (?, ?, ?)")
    for row in rows { try saveRow.run([.integer(row.id), .real(row.rating.mu), .real(row.rating.sigma)]) }
    let savePlayer = try db.prepare("UPDATE player SET ratingMu = ?, ratingSigma = ? WHERE id = ?")
    for (id, stored) in try rosterRatings(db) {
      let rating = book.rating(of: .player(id))
      if rating != stored { try savePlayer.run([.real(rating.mu), .real(rating.sigma), .integer(id)]) }
    }
  }
}
