import FoundationEssentials
import GatherModel

/// Who turned up for a plan, and what the sign-up codes of closed plans still tell.
extension GatherStore {
  /// Records who turned up for an open plan at `at`, in one transaction: the players new to the roster are added,
  /// then `record` (the model's rule, given them) returns the plan with its check-in, which replaces any before,
  /// and its no-shows replace the plan's no-show strikes, fined as `fines` say.
  /// Returns the new players and the plan.
  public func saveCheckIn(
    plan id: Plan.ID, newcomers: [PlayerDetails], at: Date, fines: Fines = Fines(), record: ([Player]) throws -> Plan
  ) throws -> (players: [Player], plan: Plan) {
    try transaction { db in
      try Self.requireOpenPlan(id, db)
      let players = try newcomers.map { try Self.insertPlayer($0, db) }
      let plan = try record(players)
      guard plan.id == id, let checkIn = plan.checkIn else { throw StoreError("Plan \(id) has no check-in to save.") }
      try db.execute("DELETE FROM planCheckIn WHERE planId = ?", [id])
      for entry in checkIn.entries {
        try db.execute(
          "INSERT INTO planCheckIn (planId, playerId, playerName, presence, guest) VALUES (?, ?, ?, ?, ?)",
          [id, entry.player, entry.name, entry.presence.rawValue, entry.guest])
      }
      try db.execute("UPDATE plan SET checkedInAt = ? WHERE id = ?", [checkIn.at.unixMilliseconds, id])
      try Self.recordNoShows(of: plan, at: at, fines: fines, db)
      return (players, plan)
    }
  }

  /// A plan's check-in, checked at `at` (nil when it has none), from its rows in the order they were written.
  static func checkIn(of plan: Plan.ID, at: Int64?, _ db: SQLiteConnection) throws -> CheckIn? {
    guard let at else { return nil }
    let entries = try db.fetchAll("SELECT * FROM planCheckIn WHERE planId = ? ORDER BY id", [plan]).map { row in
      try CheckIn.Entry(
        player: row["playerId"], name: row["playerName"], guest: row["guest"],
        presence: decode(CheckIn.Presence.self, row["presence"]))
    }
    return CheckIn(at: at.date, entries: entries)
  }

  /// The cancelled and started plans whose sign-up codes are kept, with the gather each started.
  static func closedPlans(_ db: SQLiteConnection) throws -> [ClosedPlan] {
    try db.fetchAll(
      """
      SELECT p.id, p.status, p.signUpCode, (SELECT g.id FROM gather g WHERE g.planId = p.id) AS gatherId
      FROM plan p WHERE p.status <> 'open' AND p.signUpCode IS NOT NULL ORDER BY p.id
      """
    ).map { row in
      try ClosedPlan(
        id: row["id"], status: decode(Plan.Status.self, row["status"]), gatherID: row["gatherId"],
        signUpCode: row["signUpCode"])
    }
  }
}
