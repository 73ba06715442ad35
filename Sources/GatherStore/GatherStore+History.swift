import GRDB
import GatherModel

/// History: ended gathers, newest first.
extension GatherStore {
  /// The most gathers one page of history holds.
  public static let maxPageSize = 100

  /// One page of history, and where the next one starts.
  public struct Page: Sendable, Hashable {
    /// The gathers, newest first.
    public var gathers: [GatherSummary]
    /// The `before` to ask for the next page with, or nil when this page is the last.
    public var next: Int64?
  }

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
    try writer.read { db in
      guard
        let row = try GatherRow.filter(key: id).filter(Column("status") == GatherRow.Status.ended.rawValue)
          .fetchOne(db)
      else { throw GatherError.gatherNotFound(id) }
      let members = try GatherPlayerRow.filter(Column("gatherId") == id).order(Column("id")).fetchAll(db).map {
        GatherRecord.Member(
          playerID: $0.playerId, name: $0.playerName, team: try $0.teamValue(),
          position: try $0.playerPosition.map { try decode(Position.self, $0) })
      }
      let summary = try row.summary()
      return GatherRecord(
        id: id, startedAt: summary.startedAt, endedAt: summary.endedAt, score: summary.score, members: members,
        log: try scoreEvents(of: id, db))
    }
  }

  /// One page of history with the cursor of the next, optionally only the gathers of one player.
  public func page(limit: Int, before: Int64?, player: Player.ID?) throws -> Page {
    guard (1...Self.maxPageSize).contains(limit) else {
      throw GatherError.validation("limit", "A page holds from 1 to \(Self.maxPageSize) gathers.")
    }
    return try writer.read { db in
      var request = GatherRow.filter(Column("status") == GatherRow.Status.ended.rawValue)
      if let before { request = request.filter(Column("id") < before) }
      if let player {
        guard try PlayerRow.exists(db, key: player) else { throw GatherError.playerNotFound(player) }
        request = request.filter(
          sql: "id IN (SELECT gatherId FROM gatherPlayer WHERE playerId = ?)", arguments: [player])
      }
      let rows = try request.order(Column("id").desc).limit(limit + 1).fetchAll(db).map { try $0.summary() }
      let gathers = Array(rows.prefix(limit))
      return Page(gathers: gathers, next: rows.count > limit ? gathers.last?.id : nil)
    }
  }
}
