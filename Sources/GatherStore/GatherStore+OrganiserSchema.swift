/// The schema's migrations for what the organiser does from the page: who paid for the pitch, a schedule's cost,
/// how players are to pay, and players who signed up by name and await the organiser's word.
extension GatherStore {
  /// Registers these migrations after the earlier ones.
  static func registerOrganiserMigrations(_ migrator: inout SQLiteMigrator) {
    // Who paid for the pitch (a roster player's id, without a foreign key: the ledger keeps names), for a plan's
    // cost, a gather's and a schedule's; the schedule's cost, which each plan it opens takes; and one daemon-wide
    // note saying how to pay, which players see beside what they owe.
    migrator.registerMigration("fees.paidBy") { db in
      try db.execute(
        """
        ALTER TABLE "plan" ADD COLUMN "feePaidBy" INTEGER;
        ALTER TABLE "gather" ADD COLUMN "feePaidBy" INTEGER;
        ALTER TABLE "planSchedule" ADD COLUMN "feeAmount" INTEGER;
        ALTER TABLE "planSchedule" ADD COLUMN "feeCurrency" TEXT;
        ALTER TABLE "planSchedule" ADD COLUMN "feeGuests" TEXT;
        ALTER TABLE "planSchedule" ADD COLUMN "feePaidBy" INTEGER;
        CREATE TABLE "feeSettings" ("id" INTEGER PRIMARY KEY CHECK ("id" = 1), "howToPay" TEXT);
        """)
    }
    // A player added by name through a sign-up link is new until the organiser confirms them (0); everyone else,
    // and every player made before, is confirmed (1).
    migrator.registerMigration("player.confirmed") { db in
      try db.execute(#"ALTER TABLE "player" ADD COLUMN "confirmed" BOOLEAN NOT NULL DEFAULT 1"#)
    }
  }
}
