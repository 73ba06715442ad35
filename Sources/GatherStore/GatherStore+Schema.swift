import GRDB

extension GatherStore {
  /// The schema, as a list of migrations applied in order; never edit one that has shipped, add a new one.
  ///
  /// Times are integers of milliseconds since 1970. Deleting a player keeps history readable: the rows that
  /// named the player keep the name they had and lose only the link (`ON DELETE SET NULL`).
  /// The assignments that file a lineup row's start, result and goals once its gather has ended.
  static let lineupResultSQL = """
    startedAt = (SELECT startedAt FROM gather g WHERE g.id = gatherPlayer.gatherId),
    result = (SELECT CASE WHEN gatherPlayer.team NOT IN ('teamA', 'teamB') THEN NULL
      WHEN g.winner = 'none' THEN 'draw' WHEN g.winner = gatherPlayer.team THEN 'win' ELSE 'loss' END
      FROM gather g WHERE g.id = gatherPlayer.gatherId AND g.status = 'ended'),
    goals = (SELECT COUNT(*) FROM scoreEvent se
      WHERE se.gatherId = gatherPlayer.gatherId AND se.kind = 'goal' AND se.scorerId = gatherPlayer.playerId)
    """

  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.create(table: "player") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("name", .text).notNull()
        t.column("age", .integer)
        t.column("position", .text)
        t.column("skill", .text)
        t.column("favouriteTeam", .text)
      }
      try db.create(table: "gather") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("status", .text).notNull().check { ["active", "ended"].contains($0) }
        t.column("startedAt", .integer).notNull()
        t.column("endedAt", .integer)
        t.column("scoreA", .integer).notNull().defaults(to: 0)
        t.column("scoreB", .integer).notNull().defaults(to: 0)
        t.column("winner", .text)
        t.column("clockState", .text).notNull()
        t.column("clockDurationMs", .integer).notNull()
        t.column("clockRemainingMs", .integer).notNull()
        t.column("clockEndsAt", .integer)
      }
      // At most one gather is active, whatever the daemon does.
      try db.execute(sql: "CREATE UNIQUE INDEX gather_one_active ON gather(status) WHERE status = 'active'")
      try db.create(table: "gatherPlayer") { t in
        t.autoIncrementedPrimaryKey("id")
        t.belongsTo("gather", onDelete: .cascade).notNull()
        t.belongsTo("player", onDelete: .setNull)
        t.column("playerName", .text).notNull()
        t.column("team", .text).notNull()
        t.uniqueKey(["gatherId", "playerId"])
      }
      try db.create(table: "scoreEvent") { t in
        t.autoIncrementedPrimaryKey("id")
        t.belongsTo("gather", onDelete: .cascade).notNull()
        t.column("kind", .text).notNull()
        t.column("team", .text)
        t.column("scorerId", .integer).references("player", onDelete: .setNull).indexed()
        t.column("scorerName", .text)
        t.column("matchTimeMs", .integer).notNull()
        t.column("scoreA", .integer).notNull()
        t.column("scoreB", .integer).notNull()
        t.column("recordedAt", .integer).notNull()
      }
    }
    // Stats (issue 9): each lineup row of an ended gather keeps the gather's start, how it went for the
    // player (win, draw or loss; null on the bench or while the gather is active) and their goals, so that
    // stats add up one covering index instead of joining all of history. History from before is filled in.
    migrator.registerMigration("v2-stats") { db in
      try db.alter(table: "gatherPlayer") { t in
        t.add(column: "startedAt", .integer)
        t.add(column: "result", .text)
        t.add(column: "goals", .integer).notNull().defaults(to: 0)
      }
      try db.execute(sql: "UPDATE gatherPlayer SET " + Self.lineupResultSQL + " WHERE TRUE")
      try db.execute(
        sql: """
          CREATE INDEX gatherPlayer_stats ON gatherPlayer(playerId, result, startedAt, goals)
          WHERE result IS NOT NULL
          """)
    }
    // Periods, half-time and added time (issue 9). Gathers and goals from before keep one period.
    migrator.registerMigration("v3-periods") { db in
      try db.alter(table: "gather") { t in
        t.add(column: "clockPeriods", .integer).notNull().defaults(to: 1)
        t.add(column: "clockBreakMs", .integer).notNull().defaults(to: 0)
        t.add(column: "clockPeriod", .integer).notNull().defaults(to: 1)
        t.add(column: "clockAddedMs", .integer).notNull().defaults(to: 0)
      }
      try db.alter(table: "scoreEvent") { t in
        t.add(column: "period", .integer).notNull().defaults(to: 1)
        t.add(column: "periods", .integer).notNull().defaults(to: 1)
      }
    }
    // History keeps a deleted player's position beside the name (filled in by deletePlayer).
    migrator.registerMigration("gatherPlayer.playerPosition") { db in
      try db.alter(table: "gatherPlayer") { t in t.add(column: "playerPosition", .text) }
    }
    return migrator
  }
}
