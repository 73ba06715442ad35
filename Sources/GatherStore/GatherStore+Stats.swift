import FoundationEssentials
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

    var arguments: [any SQLiteValueConvertible] {
      [since?.unixMilliseconds ?? Int64.min, until?.unixMilliseconds ?? Int64.max]
    }

    /// Whether every ended gather counts.
    var isWhole: Bool { since == nil && until == nil }
  }

  /// Every roster player who played at least `minGathers` ended gathers of `period`, sorted by `order`
  /// (ties by id).
  public func playerStats(
    period: StatsPeriod = StatsPeriod(), minGathers: Int = 1, order: PlayerStats.Order = .rating
  ) throws -> [PlayerStats] {
    try database.read { db in
      let rows = try db.fetchAll(
        Self.statsSQL(players: nil, filter: "played >= ?", order: order, wholeHistory: period.isWhole),
        Self.statsArguments(period, players: []) + [minGathers]
      ).map(Self.stats)
      return try Self.addingForm(to: rows, period: period, db)
    }
  }

  /// The stats over all ended gathers of these roster players only, by id; ids not on the roster are left out.
  public func playerStats(of ids: [Player.ID]) throws -> [Player.ID: PlayerStats] {
    guard !ids.isEmpty else { return [:] }
    return try database.read { db in
      let rows = try db.fetchAll(Self.statsSQL(players: ids.count), Self.statsArguments(StatsPeriod(), players: ids))
      let stats = try Self.addingForm(to: try rows.map(Self.stats), period: StatsPeriod(), db)
      return Dictionary(stats.map { ($0.playerID, $0) }, uniquingKeysWith: { first, _ in first })
    }
  }

  /// One player's stats over all ended gathers, their last results and the teammates they won most with.
  public func playerReport(_ id: Player.ID) throws -> PlayerReport {
    try database.read { db in
      guard let row = try db.fetchOne(Self.statsSQL(players: 1), Self.statsArguments(StatsPeriod(), players: [id]))
      else {
        throw GatherError.playerNotFound(id)
      }
      // Recent results: each with the names the sides had in that gather.
      let recent = try db.fetchAll(
        """
        SELECT g.id, g.endedAt, gp.team, gp.result, g.scoreA, g.scoreB, gp.goals, g.teamAName, g.teamBName
        FROM gatherPlayer gp JOIN gather g ON g.id = gp.gatherId
        WHERE gp.playerId = ? AND gp.result IS NOT NULL
        ORDER BY gp.gatherId DESC LIMIT ?
        """, [id, PlayerReport.recentCount]
      ).map(Self.result)
      let teammates = try db.fetchAll(
        """
        SELECT mate.playerId AS id, p.name AS name, COUNT(*) AS played, SUM(me.result = 'win') AS wins
        FROM gatherPlayer me
        JOIN gatherPlayer mate ON mate.gatherId = me.gatherId AND mate.team = me.team
          AND mate.playerId <> me.playerId
        JOIN player p ON p.id = mate.playerId
        WHERE me.playerId = ? AND me.result IS NOT NULL
        GROUP BY mate.playerId HAVING wins > 0
        ORDER BY wins DESC, played ASC, mate.playerId LIMIT ?
        """, [id, PlayerReport.teammateCount]
      ).map { row in
        try PlayerReport.Teammate(playerID: row["id"], name: row["name"], played: row["played"], wins: row["wins"])
      }
      // Ratings: the rating each ended gather left the player with, oldest first: in the order of the
      // lineup rows' ids, which is the order the gathers ended and the index's own (no sort). Up to thousands of
      // rows, read by column index.
      var ratings: [PlayerReport.RatingPoint] = []
      try db.forEachRow(
        """
        SELECT g.id, g.endedAt, r.mu, r.sigma
        FROM gatherPlayer gp JOIN gather g ON g.id = gp.gatherId JOIN gatherPlayerRating r ON r.gatherPlayerId = gp.id
        WHERE gp.playerId = ? ORDER BY gp.id
        """, [id]
      ) { row in
        ratings.append(
          PlayerReport.RatingPoint(
            gatherID: row.int64(0) ?? 0, endedAt: (row.int64(1) ?? 0).date,
            rating: Rating(mu: row.double(2) ?? 0, sigma: row.double(3) ?? 0)))  // NOT NULL columns
      }
      var stats = try Self.stats(row)
      stats.form = recent.prefix(PlayerStats.formLength).map(\.outcome)
      return PlayerReport(stats: stats, recent: recent, teammates: teammates, ratings: ratings)
    }
  }

  /// The arguments of ``statsSQL(players:filter:order:)`` for a period and the players' ids (none for every
  /// player); the filter's arguments follow.
  static func statsArguments(_ period: StatsPeriod, players ids: [Player.ID]) -> [any SQLiteValueConvertible] {
    let idArguments: [any SQLiteValueConvertible] = ids
    return period.arguments + idArguments + period.arguments + period.arguments + period.arguments + period.arguments
      + period.arguments + period.arguments + idArguments
  }

  /// Each roster player's totals over the ended gathers of a period, for every player or for `players` ids,
  /// filtered by `filter` over `played` (its arguments last) and ordered by `order`; the arguments are
  /// ``statsArguments(_:players:)``'s. `wholeHistory` says the period is all of it, so that the gathers a rating
  /// learned from are those played; otherwise they are counted apart.
  ///
  /// One pass over the partial covering index gatherPlayer_stats, whose rows of each player come grouped by
  /// result: the lineup rows of ended gathers carry the start, the player's result and goals (see v2-stats).
  /// Attendance counts the plans of the period, by their start, that were not cancelled: a plan was played by those
  /// checked in as there and those in its gather, and missed by those checked in as no-shows who are not in its
  /// gather either (they came late, and were added). The man of the match counts the closed votes of the period's
  /// gathers the player won, alone or shared.
  static func statsSQL(
    players: Int?, filter: String? = nil, order: PlayerStats.Order = .wins, wholeHistory: Bool = true
  ) -> String {
    let rate = "(CAST(wins AS REAL) / MAX(played, 1))"
    let orderBy =
      switch order {
      case .rating: "(ratingMu - 3 * ratingSigma) DESC"
      case .wins: "wins DESC, \(rate) DESC, played DESC"
      case .goals: "goals DESC, (CAST(goals AS REAL) / MAX(played, 1)) DESC, played DESC"
      case .winRate: "\(rate) DESC, played DESC, wins DESC"
      case .played: "played DESC, wins DESC"
      case .attendance: "plansPlayed DESC, plansNoShows ASC, plansLeftLate ASC, plansJoined DESC"
      }
    let only = players.map { "IN (" + Array(repeating: "?", count: $0).joined(separator: ", ") + ")" }
    return """
      WITH byResult AS (
        SELECT playerId, result, COUNT(*) AS n, SUM(goals) AS goals
        FROM gatherPlayer INDEXED BY gatherPlayer_stats
        WHERE result IS NOT NULL AND startedAt >= ? AND startedAt < ? \(only.map { "AND playerId " + $0 } ?? "")
        GROUP BY playerId, result
      ),
      lineups AS (
        SELECT playerId, SUM(n) AS played, SUM(CASE result WHEN 'win' THEN n ELSE 0 END) AS wins,
          SUM(CASE result WHEN 'draw' THEN n ELSE 0 END) AS draws, SUM(goals) AS goals
        FROM byResult GROUP BY playerId
      ),
      joinedPlans AS (
        SELECT s.playerId AS playerId, COUNT(*) AS joined,
          SUM(s.answer = 'out' AND s.leftAt >= pl.startsAt - \(Attendance.lateLeaveWindow * 1000)) AS leftLate
        FROM planSignUp s JOIN plan pl ON pl.id = s.planId
        WHERE s.joinedAt IS NOT NULL AND pl.status <> 'cancelled' AND pl.startsAt >= ? AND pl.startsAt < ?
        GROUP BY s.playerId
      ),
      playedPlans AS (
        SELECT playerId, COUNT(DISTINCT planId) AS played FROM (
          SELECT gp.playerId AS playerId, g.planId AS planId
          FROM gather g JOIN plan pl ON pl.id = g.planId JOIN gatherPlayer gp ON gp.gatherId = g.id
          WHERE g.planId IS NOT NULL AND gp.playerId IS NOT NULL AND pl.startsAt >= ? AND pl.startsAt < ?
          UNION
          SELECT c.playerId AS playerId, c.planId AS planId
          FROM planCheckIn c JOIN plan pl ON pl.id = c.planId
          WHERE c.presence <> 'noShow' AND pl.status <> 'cancelled' AND pl.startsAt >= ? AND pl.startsAt < ?
        ) GROUP BY playerId
      ),
      missedPlans AS (
        SELECT c.playerId AS playerId, COUNT(*) AS noShows
        FROM planCheckIn c JOIN plan pl ON pl.id = c.planId
        WHERE c.presence = 'noShow' AND pl.status <> 'cancelled' AND pl.startsAt >= ? AND pl.startsAt < ?
          AND NOT EXISTS (SELECT 1 FROM gather g JOIN gatherPlayer gp ON gp.gatherId = g.id
            WHERE g.planId = c.planId AND gp.playerId = c.playerId)
        GROUP BY c.playerId
      ),
      bestPlayer AS (
        SELECT t.playerId AS playerId, COUNT(*) AS times
        FROM motmTally t INDEXED BY motmTally_winners JOIN gather g ON g.id = t.gatherId
        WHERE t.winner = 1 AND g.startedAt >= ? AND g.startedAt < ?
        GROUP BY t.playerId
      ),
      lateDrops AS (
        SELECT k.playerId AS playerId, COUNT(*) AS times
        FROM planStrike k JOIN plan pl ON pl.id = k.planId
        WHERE k.kind = 'lateDropOut' AND pl.startsAt >= ? AND pl.startsAt < ?
        GROUP BY k.playerId
      ),
      totals AS (
        SELECT p.id AS id, p.name AS name, COALESCE(l.played, 0) AS played, COALESCE(l.wins, 0) AS wins,
          COALESCE(l.draws, 0) AS draws, COALESCE(l.goals, 0) AS goals, p.ratingMu AS ratingMu,
          p.ratingSigma AS ratingSigma, COALESCE(j.joined, 0) AS plansJoined, COALESCE(pp.played, 0) AS plansPlayed,
          COALESCE(j.leftLate, 0) AS plansLeftLate, COALESCE(m.noShows, 0) AS plansNoShows,
          COALESCE(b.times, 0) AS manOfTheMatch, COALESCE(d.times, 0) AS plansLateDropOuts,
          \(wholeHistory ? "COALESCE(l.played, 0)" : ratedSQL) AS ratedGathers
        FROM player p LEFT JOIN lineups l ON l.playerId = p.id LEFT JOIN joinedPlans j ON j.playerId = p.id
          LEFT JOIN playedPlans pp ON pp.playerId = p.id LEFT JOIN missedPlans m ON m.playerId = p.id
          LEFT JOIN bestPlayer b ON b.playerId = p.id LEFT JOIN lateDrops d ON d.playerId = p.id
        \(only.map { "WHERE p.id " + $0 } ?? "")
      )
      SELECT * FROM totals \(filter.map { "WHERE " + $0 } ?? "") ORDER BY \(orderBy), id
      """
  }

  /// Every ended gather a player (`p`) played, whatever the period: what their rating learned from.
  static let ratedSQL = """
    (SELECT COUNT(*) FROM gatherPlayer x INDEXED BY gatherPlayer_stats WHERE x.playerId = p.id AND x.result IS NOT NULL)
    """

  static func stats(_ row: SQLiteRow) throws -> PlayerStats {
    try PlayerStats(
      playerID: row["id"], name: row["name"], played: row["played"], wins: row["wins"], draws: row["draws"],
      goals: row["goals"], rating: Rating(mu: row["ratingMu"], sigma: row["ratingSigma"]),
      attendance: Attendance(
        joined: row["plansJoined"], played: row["plansPlayed"], noShows: row["plansNoShows"],
        leftLate: row["plansLeftLate"], lateDropOuts: row["plansLateDropOuts"]),
      ratedGathers: row["ratedGathers"], manOfTheMatch: row["manOfTheMatch"])
  }

  /// `rows` with each player's form: how their last ``PlayerStats/formLength`` gathers of the period went,
  /// newest first. One short backward walk of the player's lineup rows each (their ids follow the gathers').
  static func addingForm(to rows: [PlayerStats], period: StatsPeriod, _ db: SQLiteConnection) throws
    -> [PlayerStats]
  {
    let last = try db.prepare(
      """
      SELECT result FROM gatherPlayer INDEXED BY gatherPlayer_on_playerId
      WHERE playerId = ? AND result IS NOT NULL AND startedAt >= ? AND startedAt < ? ORDER BY id DESC LIMIT ?
      """)
    let bounds = [
      SQLiteValue.integer(period.since?.unixMilliseconds ?? Int64.min),
      .integer(period.until?.unixMilliseconds ?? Int64.max),
    ]
    return try rows.map { row in
      guard row.played > 0 else { return row }
      var row = row
      try last.forEachRow([.integer(row.playerID)] + bounds + [.integer(Int64(PlayerStats.formLength))]) { result in
        if let outcome = result.text(0).flatMap(PlayerReport.Result.Outcome.init(rawValue:)) {
          row.form.append(outcome)
        }
      }
      return row
    }
  }

  static func result(_ row: SQLiteRow) throws -> PlayerReport.Result {
    let team = try decode(Team.self, row["team"])
    let outcome = try decode(PlayerReport.Result.Outcome.self, row["result"])
    guard let score = try? Score(teamA: row["scoreA"], teamB: row["scoreB"]) else {
      throw StoreError("Gather \(try row["id"] as Int64) has an impossible score.")
    }
    return try PlayerReport.Result(
      gatherID: row["id"], endedAt: (row["endedAt"] as Int64).date, team: team, outcome: outcome, score: score,
      goals: row["goals"], names: TeamNames(stored: row["teamAName"], row["teamBName"]))
  }
}
