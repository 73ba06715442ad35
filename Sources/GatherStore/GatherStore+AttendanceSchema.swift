import FoundationEssentials
import GatherModel

/// The schema of offered places, strikes and push subscriptions (migration `attendance.push`), and how a plan's
/// offers are read and written.
extension GatherStore {
  /// Registers these migrations after the earlier ones.
  static func registerAttendanceMigrations(_ migrator: inout SQLiteMigrator) {
    // A plan's and a schedule's offer period and cut-off (milliseconds before the start; null: no offers, and the
    // standard 24 hours); the places offered and not yet taken (planOffer: sent and expiring once out of quiet
    // hours); late drop-outs and no-shows (planStrike, with the ledger line of the fine, if any: keeping the
    // player's id without a foreign key, and the name, as a sign-up row does); and the phones that asked to be
    // told (pushSubscription, gone with their player).
    migrator.registerMigration("attendance.push") { db in
      try db.execute(
        """
        ALTER TABLE "plan" ADD COLUMN "offerPeriodMs" INTEGER;
        ALTER TABLE "plan" ADD COLUMN "cutOffMs" INTEGER;
        ALTER TABLE "planSchedule" ADD COLUMN "offerPeriodMs" INTEGER;
        ALTER TABLE "planSchedule" ADD COLUMN "cutOffMs" INTEGER;
        CREATE TABLE "planOffer" ("planId" INTEGER NOT NULL REFERENCES "plan"("id") ON DELETE CASCADE, \
        "playerId" INTEGER NOT NULL, "offeredAt" INTEGER NOT NULL, "sentAt" INTEGER, "expiresAt" INTEGER, \
        PRIMARY KEY ("planId", "playerId")) WITHOUT ROWID;
        CREATE TABLE "planStrike" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
        "planId" INTEGER NOT NULL REFERENCES "plan"("id") ON DELETE CASCADE, "playerId" INTEGER NOT NULL, \
        "playerName" TEXT NOT NULL, "kind" TEXT NOT NULL CHECK ("kind" IN ('lateDropOut', 'noShow')), \
        "at" INTEGER NOT NULL, "fineEntryId" INTEGER, UNIQUE ("planId", "playerId", "kind"));
        CREATE INDEX "planStrike_on_playerId" ON "planStrike"("playerId", "at");
        CREATE TABLE "pushSubscription" ("endpoint" TEXT PRIMARY KEY NOT NULL, \
        "playerId" INTEGER NOT NULL REFERENCES "player"("id") ON DELETE CASCADE, "p256dh" TEXT NOT NULL, \
        "auth" TEXT NOT NULL, "language" TEXT NOT NULL, "createdAt" INTEGER NOT NULL) WITHOUT ROWID;
        CREATE INDEX "pushSubscription_on_playerId" ON "pushSubscription"("playerId");
        """)
    }
  }

  /// A plan as loaded, with its offers while it is open (a closed plan offers nothing).
  static func withOffers(_ plan: Plan, _ db: SQLiteConnection) throws -> Plan {
    guard plan.status == .open else { return plan }
    let offers = try db.fetchAll(
      "SELECT * FROM planOffer WHERE planId = ? ORDER BY offeredAt, playerId", [plan.id]
    ).map { row in
      PlanOffer(
        player: try row["playerId"], offeredAt: (try row["offeredAt"] as Int64).date,
        sentAt: (try row["sentAt"] as Int64?)?.date, expiresAt: (try row["expiresAt"] as Int64?)?.date)
    }
    return offers.isEmpty ? plan : plan.restoring(offers: offers)
  }

  /// Writes a plan's offers as they now are, replacing those before, in the caller's transaction.
  static func saveOffers(of plan: Plan, _ db: SQLiteConnection) throws {
    try db.execute("DELETE FROM planOffer WHERE planId = ?", [plan.id])
    for offer in plan.offers {
      try db.execute(
        "INSERT INTO planOffer (planId, playerId, offeredAt, sentAt, expiresAt) VALUES (?, ?, ?, ?, ?)",
        [
          plan.id, offer.player, offer.offeredAt.unixMilliseconds, offer.sentAt?.unixMilliseconds,
          offer.expiresAt?.unixMilliseconds,
        ])
    }
  }

  /// Saves an open plan's offers (one went out, or its time ran out and the place passed on): the answer of a
  /// player whose offer lapsed (`left`, now not going) and the offers, in one transaction.
  public func saveOffers(of plan: Plan, left player: Player? = nil, at: Date) throws {
    try transaction { db in
      try Self.requireOpenPlan(plan.id, db)
      if let player { try Self.saveAnswer("out", player, plan: plan.id, at: at, guest: false, db) }
      try Self.saveOffers(of: plan, db)
    }
  }
}
