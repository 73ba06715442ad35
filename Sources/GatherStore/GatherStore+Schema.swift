import GRDB

extension GatherStore {
  /// The schema, as a list of migrations applied in order; never edit one that has shipped, add a new one.
  ///
  /// Times are integers of milliseconds since 1970. Deleting a player keeps history readable: the rows that
  /// named the player keep the name they had and lose only the link (`ON DELETE SET NULL`).
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
    // History keeps a deleted player's position beside the name (filled in by deletePlayer).
    migrator.registerMigration("gatherPlayer.playerPosition") { db in
      try db.alter(table: "gatherPlayer") { t in t.add(column: "playerPosition", .text) }
    }
    return migrator
  }
}
