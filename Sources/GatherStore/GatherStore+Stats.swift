import Foundation
import GRDB
import GatherModel

/// Player stats, added up in SQL over ended gathers: nothing of history is loaded into Swift to count it.
extension GatherStore {
  /// Which ended gathers count: those that started at or after `since` and before `until`.
  public struct StatsPeriod: Sendable, Hashable {
    /// The earliest start that counts, if any.
    public var since: Date?
    /// The first start that no longer counts, if any.
    public var until: Date?

    /// A period; nil bounds are open.
    public init(since: Date? = nil, until: Date? = nil) {
      self.since = since
      self.until = until
    }

    var arguments: StatementArguments {
      [since?.unixMilliseconds ?? Int64.min, until?.unixMilliseconds ?? Int64.max]
    }
  }

  /// Every roster player who played at least `minGathers` ended gathers of `period`, sorted by `order`
  /// (ties by id).
  public func playerStats(
    period: StatsPeriod = StatsPeriod(), minGathers: Int = 1, order: PlayerStats.Order = .wins
  ) throws -> [PlayerStats] {
    try writer.read { db in
      try Row.fetchAll(
        db, sql: Self.statsSQL(filter: "played >= ?", order: order),
        arguments: period.arguments + [minGathers]
      ).map(Self.stats)
    }
  }

  /// One player's stats over all ended gathers, their last results and the teammates they won most with.
  public func playerReport(_ id: Player.ID) throws -> PlayerReport {
    try writer.read { db in
      guard
        let row = try Row.fetchOne(db, sql: Self.statsSQL(filter: "p.id = ?"), arguments: [Int64.min, Int64.max, id])
      else { throw GatherError.playerNotFound(id) }
      let recent = try Row.fetchAll(
        db,
        sql: """
          SELECT g.id, g.endedAt, gp.team, g.winner, g.scoreA, g.scoreB,
            (SELECT COUNT(*) FROM scoreEvent se
             WHERE se.gatherId = g.id AND se.kind = 'goal' AND se.scorerId = gp.playerId) AS goals
          FROM gatherPlayer gp JOIN gather g ON g.id = gp.gatherId
          WHERE gp.playerId = ? AND g.status = 'ended' AND gp.team IN ('teamA', 'teamB')
          ORDER BY g.id DESC LIMIT ?
          """, arguments: [id, PlayerReport.recentCount]
      ).map(Self.result)
      let teammates = try Row.fetchAll(
        db,
        sql: """
          SELECT mate.playerId AS id, p.name AS name, COUNT(*) AS played, SUM(g.winner = me.team) AS wins
          FROM gatherPlayer me
          JOIN gather g ON g.id = me.gatherId AND g.status = 'ended'
          JOIN gatherPlayer mate ON mate.gatherId = me.gatherId AND mate.team = me.team
            AND mate.playerId <> me.playerId
          JOIN player p ON p.id = mate.playerId
          WHERE me.playerId = ? AND me.team IN ('teamA', 'teamB')
          GROUP BY mate.playerId HAVING wins > 0
          ORDER BY wins DESC, played ASC, mate.playerId LIMIT ?
          """, arguments: [id, PlayerReport.teammateCount]
      ).map { row in
        PlayerReport.Teammate(playerID: row["id"], name: row["name"], played: row["played"], wins: row["wins"])
      }
      return PlayerReport(stats: try Self.stats(row), recent: recent, teammates: teammates)
    }
  }

  /// Each roster player's totals over the ended gathers of a period (two arguments: since, until), filtered
  /// by `filter` (over `p.id` and `played`) and ordered by `order`.
  static func statsSQL(filter: String, order: PlayerStats.Order = .wins) -> String {
    let rate = "(CAST(wins AS REAL) / MAX(played, 1))"
    let orderBy =
      switch order {
      case .wins: "wins DESC, \(rate) DESC, played DESC"
      case .goals: "goals DESC, (CAST(goals AS REAL) / MAX(played, 1)) DESC, played DESC"
      case .winRate: "\(rate) DESC, played DESC, wins DESC"
      case .played: "played DESC, wins DESC"
      }
    return """
      WITH ended AS (
        SELECT id, winner FROM gather WHERE status = 'ended' AND startedAt >= ? AND startedAt < ?
      ),
      lineups AS (
        SELECT gp.playerId AS playerId, COUNT(*) AS played, SUM(e.winner = gp.team) AS wins,
          SUM(e.winner = 'none') AS draws
        FROM gatherPlayer gp JOIN ended e ON e.id = gp.gatherId
        WHERE gp.team IN ('teamA', 'teamB') AND gp.playerId IS NOT NULL
        GROUP BY gp.playerId
      ),
      scored AS (
        SELECT se.scorerId AS playerId, COUNT(*) AS goals
        FROM scoreEvent se JOIN ended e ON e.id = se.gatherId
        WHERE se.kind = 'goal' AND se.scorerId IS NOT NULL
        GROUP BY se.scorerId
      ),
      totals AS (
        SELECT p.id AS id, p.name AS name, COALESCE(l.played, 0) AS played, COALESCE(l.wins, 0) AS wins,
          COALESCE(l.draws, 0) AS draws, COALESCE(s.goals, 0) AS goals
        FROM player p LEFT JOIN lineups l ON l.playerId = p.id LEFT JOIN scored s ON s.playerId = p.id
      )
      SELECT * FROM totals p WHERE \(filter) ORDER BY \(orderBy), id
      """
  }

  static func stats(_ row: Row) throws -> PlayerStats {
    PlayerStats(
      playerID: row["id"], name: row["name"], played: row["played"], wins: row["wins"], draws: row["draws"],
      goals: row["goals"])
  }

  static func result(_ row: Row) throws -> PlayerReport.Result {
    let team = try decode(Team.self, row["team"])
    let winner = try decode(Winner.self, row["winner"] ?? "none")
    let outcome: PlayerReport.Result.Outcome =
      winner == .none ? .draw : winner.rawValue == team.rawValue ? .win : .loss
    guard let score = try? Score(teamA: row["scoreA"], teamB: row["scoreB"]) else {
      throw StoreError("Gather \(row["id"] as Int64) has an impossible score.")
    }
    return PlayerReport.Result(
      gatherID: row["id"], endedAt: (row["endedAt"] as Int64).date, team: team, outcome: outcome, score: score,
      goals: row["goals"])
  }
}
