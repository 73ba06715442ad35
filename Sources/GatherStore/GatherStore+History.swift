import GatherModel

/// History: ended gathers, newest first.
extension GatherStore {
  /// The most gathers one page of history holds.
  public static let maxPageSize = 100

  /// One page of ended gathers, newest first: at most `limit`, older than gather `before` when given.
  public func gathers(limit: Int = 20, before: Int64? = nil) throws -> [GatherSummary] {
    try page(limit: limit, before: before, player: nil).gathers
  }

  /// One page of the ended gathers a player took part in, newest first.
  public func gathers(ofPlayer player: Player.ID, limit: Int = 20, before: Int64? = nil) throws -> [GatherSummary] {
    try page(limit: limit, before: before, player: player).gathers
  }

  /// An ended gather with its lineup and goal log.
  public func gather(id: Int64) throws -> GatherRecord {
    try database.read { db in
      guard
        let row = try db.fetchOne("SELECT * FROM gather WHERE id = ? AND status = 'ended'", [id]).map(
          GatherRow.init(row:))
      else { throw GatherError.gatherNotFound(id) }
      let members = try lineupRows(of: id, db).map {
        GatherRecord.Member(
          playerID: $0.playerId, name: $0.playerName, team: try $0.teamValue(),
          position: try $0.playerPosition.map { try decode(Position.self, $0) })
      }
      let summary = try row.summary()
      return GatherRecord(
        id: id, startedAt: summary.startedAt, endedAt: summary.endedAt, score: summary.score, members: members,
        log: try scoreEvents(of: id, db), names: summary.names, planID: row.planId)
    }
  }

  /// One page of history with the cursor of the next, optionally only the gathers of one player.
  public func page(limit: Int, before: Int64?, player: Player.ID?) throws -> HistoryPage {
    guard (1...Self.maxPageSize).contains(limit) else {
      throw GatherError.validation("limit", "A page holds from 1 to \(Self.maxPageSize) gathers.")
    }
    return try database.read { db in
      var sql = "SELECT * FROM gather WHERE status = 'ended'"
      var arguments: [any SQLiteValueConvertible] = []
      if let before {
        sql += " AND id < ?"
        arguments.append(before)
      }
      if let player {
        guard try db.fetchValue("SELECT EXISTS (SELECT 1 FROM player WHERE id = ?)", [player]) == true else {
          throw GatherError.playerNotFound(player)
        }
        sql += " AND id IN (SELECT gatherId FROM gatherPlayer WHERE playerId = ?)"
        arguments.append(player)
      }
      sql += " ORDER BY id DESC LIMIT ?"
      let rows = try db.fetchAll(sql, arguments + [limit + 1]).map { try GatherRow(row: $0).summary() }
      let gathers = Array(rows.prefix(limit))
      return HistoryPage(gathers: gathers, next: rows.count > limit ? gathers.last?.id : nil)
    }
  }
}
