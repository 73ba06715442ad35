/// The schema of the weekly schedules and of plans that close by themselves (migrations `plan.expired` and
/// `planSchedule`).
extension GatherStore {
  /// The weekly schedules, and each plan's terms. A schedule's times are milliseconds like every time: its
  /// `time` is seconds into the day, `utcOffset` null for the server's zone; `reminders` lists milliseconds before
  /// the start, comma-separated (null: the daemon's own; empty: none). A plan keeps the schedule that made it
  /// (null once that schedule is deleted) and the same columns for its own terms.
  static let scheduleSchemaSQL = """
    CREATE TABLE "planSchedule" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
    "weekday" INTEGER NOT NULL CHECK ("weekday" BETWEEN 1 AND 7), "time" INTEGER NOT NULL, "utcOffset" INTEGER, \
    "capacity" INTEGER NOT NULL, "place" TEXT, "note" TEXT, "opensBeforeMs" INTEGER NOT NULL, \
    "regularsFirstMs" INTEGER, "regularsPlayed" INTEGER, "regularsOfLast" INTEGER, "reminders" TEXT, \
    "createdAt" INTEGER NOT NULL, "changedAt" INTEGER NOT NULL, "lastStart" INTEGER);
    ALTER TABLE "plan" ADD COLUMN "scheduleId" INTEGER REFERENCES "planSchedule"("id") ON DELETE SET NULL;
    ALTER TABLE "plan" ADD COLUMN "regularsFirstMs" INTEGER;
    ALTER TABLE "plan" ADD COLUMN "regularsPlayed" INTEGER;
    ALTER TABLE "plan" ADD COLUMN "regularsOfLast" INTEGER;
    ALTER TABLE "plan" ADD COLUMN "opensToAllAt" INTEGER;
    ALTER TABLE "plan" ADD COLUMN "reminders" TEXT;
    ALTER TABLE "plan" ADD COLUMN "remindedUntil" INTEGER;
    CREATE INDEX "plan_on_scheduleId" ON "plan"("scheduleId") WHERE "scheduleId" IS NOT NULL;
    """

  /// Lets `plan.status` be 'expired'. SQLite cannot change a CHECK constraint in place, so the table is made
  /// again as SQLite's documentation says (a new table, the rows copied, the old one dropped, the new one
  /// renamed, its indexes made again), from the table's own statement with only the list of statuses changed:
  /// whatever columns other migrations have added to `plan` come along. The migrator runs it with foreign keys
  /// off, so the rows that refer to plans stay as they are, and checks them at the end.
  static func allowExpiredPlans(_ db: SQLiteConnection) throws {
    let statuses = #"CHECK ("status" IN ('open', 'cancelled', 'started'))"#
    guard
      let create: String = try db.fetchValue("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'plan'"),
      create.contains(statuses), create.hasPrefix(#"CREATE TABLE "plan" ("#)
    else { throw StoreError("The table plan is not as gatherd made it: its statuses cannot be extended.") }
    let indexes = try db.fetchAll(
      "SELECT sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'plan' AND sql IS NOT NULL"
    ).map { try $0.first(as: String.self) }
    let sequence: Int64? = try db.fetchValue("SELECT seq FROM sqlite_sequence WHERE name = 'plan'")
    let newCreate =
      create
      .replacing(statuses, with: #"CHECK ("status" IN ('open', 'cancelled', 'started', 'expired'))"#)
      .replacing(#"CREATE TABLE "plan" ("#, with: #"CREATE TABLE "plan_new" ("#)
    try db.execute(newCreate)
    try db.execute(#"INSERT INTO "plan_new" SELECT * FROM "plan""#)
    try db.execute(#"DROP TABLE "plan""#)
    try db.execute(#"ALTER TABLE "plan_new" RENAME TO "plan""#)
    for index in indexes { try db.execute(index) }
    if let sequence { try db.execute("UPDATE sqlite_sequence SET seq = ? WHERE name = 'plan'", [sequence]) }
  }
}
