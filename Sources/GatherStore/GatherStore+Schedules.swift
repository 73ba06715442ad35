import FoundationEssentials
import GatherModel

/// Weekly schedules, the plans they open, plans that close by themselves and their reminders: one named write
/// per change the session's scheduler or a controller makes.
extension GatherStore {
  /// Saves a new schedule and returns it with its id.
  public func createSchedule(_ details: ScheduleDetails, at: Date) throws -> PlanSchedule {
    try transaction { db in
      let row = ScheduleRow(PlanSchedule(id: 0, details: details, createdAt: at))
      try db.execute(
        "INSERT INTO planSchedule (\(ScheduleRow.columns.joined(separator: ", "))) VALUES (\(Self.placeholders(row.arguments.count)))",
        row.arguments)
      return PlanSchedule(id: db.lastInsertedRowID, details: details, createdAt: at)
    }
  }

  /// Saves a schedule's changed details (or its last week).
  public func updateSchedule(_ schedule: PlanSchedule) throws {
    try transaction { db in try Self.saveSchedule(schedule, db) }
  }

  /// Deletes a schedule; the plans it made stay, without it.
  public func deleteSchedule(_ id: PlanSchedule.ID) throws {
    try transaction { db in
      try db.execute("DELETE FROM planSchedule WHERE id = ?", [id])
      guard db.changesCount == 1 else { throw GatherError.scheduleNotFound(id) }
    }
  }

  /// Opens a schedule's plan for a week, with its sign-up code and terms, and moves the schedule on to that week,
  /// in one transaction; returns the plan with its id.
  public func openScheduledPlan(
    _ details: PlanDetails, terms: PlanTerms, signUpCode: String, createdAt: Date, schedule: PlanSchedule
  ) throws -> Plan {
    try transaction { db in
      let plan = try Self.insertPlan(
        details, terms: terms, signUpCode: signUpCode, createdAt: createdAt, fee: schedule.details.fee, db)
      try Self.saveSchedule(schedule, db)
      return plan
    }
  }

  /// Closes an open plan whose start passed long ago; its sign-up code is kept, to say so.
  public func expirePlan(_ id: Plan.ID, at: Date) throws {
    try transaction { db in
      try db.execute(
        "UPDATE plan SET status = 'expired', closedAt = ?, sequence = sequence + 1 WHERE id = ? AND status = 'open'",
        [at.unixMilliseconds, id])
      guard db.changesCount == 1 else { throw try Self.planError(id, db) }
    }
  }

  /// Records that an open plan's reminders up to `until` went out.
  public func saveReminder(_ id: Plan.ID, until: Date) throws {
    try transaction { db in
      try db.execute(
        "UPDATE plan SET remindedUntil = ? WHERE id = ? AND status = 'open'", [until.unixMilliseconds, id])
      guard db.changesCount == 1 else { throw try Self.planError(id, db) }
    }
  }

  /// The plans a calendar shows: every open one, and the others that start from `since` on, soonest first.
  public func calendarPlans(since: Date) throws -> [Plan] {
    try database.read { db in
      try Self.plans("WHERE status = 'open' OR startsAt >= ? ORDER BY startsAt, id", [since.unixMilliseconds], db)
    }
  }

  /// Saves the calendar feed's code, replacing the one before.
  public func saveCalendarCode(_ code: String, at: Date) throws {
    try transaction { db in
      try db.execute(
        """
        INSERT INTO calendarFeed (id, code, createdAt) VALUES (1, ?, ?)
        ON CONFLICT (id) DO UPDATE SET code = excluded.code, createdAt = excluded.createdAt
        """, [code, at.unixMilliseconds])
    }
  }

  static func saveSchedule(_ schedule: PlanSchedule, _ db: SQLiteConnection) throws {
    let row = ScheduleRow(schedule)
    let assignments = ScheduleRow.columns.map { "\($0) = ?" }
    try db.execute(
      "UPDATE planSchedule SET \(assignments.joined(separator: ", ")) WHERE id = ?", row.arguments + [schedule.id])
    guard db.changesCount == 1 else { throw GatherError.scheduleNotFound(schedule.id) }
  }

  /// What the session loads of the week: the schedules, who played the last gathers (newest first), and the
  /// calendar's code.
  static func week(_ db: SQLiteConnection) throws -> (
    schedules: [PlanSchedule], recentLineups: [Set<Player.ID>], calendarCode: String?
  ) {
    let schedules = try db.fetchAll("SELECT * FROM planSchedule ORDER BY id").map {
      try ScheduleRow(row: $0).schedule()
    }
    let last = RegularsRule.ofLastRange.upperBound
    let gathers = try db.fetchAll(
      "SELECT id FROM gather WHERE status = 'ended' ORDER BY endedAt DESC, id DESC LIMIT ?", [last]
    ).map { try $0.first(as: Int64.self) }
    let lineups = try gathers.map { id in
      Set(
        try db.fetchAll("SELECT playerId FROM gatherPlayer WHERE gatherId = ? AND playerId IS NOT NULL", [id]).map {
          try $0.first(as: Int64.self)
        })
    }
    let code: String? = try db.fetchValue("SELECT code FROM calendarFeed WHERE id = 1")
    return (schedules, lineups, code)
  }

  static func placeholders(_ count: Int) -> String { Array(repeating: "?", count: count).joined(separator: ", ") }
}
