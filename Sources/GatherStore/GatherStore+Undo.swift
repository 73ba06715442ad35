import FoundationEssentials
import GatherModel

/// Taking back the big mistakes, each in one transaction: a gather reopened or deleted (its charges reversed by
/// correction lines, its vote gone, every rating replayed), a cancelled plan opened again.
extension GatherStore {
  /// The last gather to have ended, if any: its id and when it ended.
  public func lastEndedGather() throws -> (id: Int64, endedAt: Date)? {
    try database.read { db in
      guard let row = try db.fetchOne("SELECT id, endedAt FROM gather WHERE status = 'ended' ORDER BY id DESC LIMIT 1")
      else { return nil }
      return (try row["id"], (try row["endedAt"] as Int64).date)
    }
  }

  /// Makes ended gather `id` the active gather again, at full time (its clock finished, as when it ended): its
  /// result is taken off every lineup row, its man-of-the-match vote is voided, the corrections that reverse its
  /// charges are written at `at` (noted with `note`), and every rating is replayed without it. Returns the
  /// corrections.
  public func reopenGather(_ id: Int64, note: String, at: Date) throws -> [FeeEntry] {
    try transaction { db in
      try db.execute(
        """
        UPDATE gather SET status = 'active', endedAt = NULL, winner = NULL, clockState = 'finished', \
        clockRemainingMs = 0, clockEndsAt = NULL, clockPeriod = clockPeriods WHERE id = ? AND status = 'ended'
        """, [id])
      guard db.changesCount == 1 else { throw try Self.notEnded(id, db) }
      try db.execute("UPDATE gatherPlayer SET result = NULL WHERE gatherId = ?", [id])
      try db.execute(
        "DELETE FROM gatherPlayerRating WHERE gatherPlayerId IN (SELECT id FROM gatherPlayer WHERE gatherId = ?)", [id])
      try db.execute("DELETE FROM motmVote WHERE gatherId = ?", [id])
      let corrections = try Self.reverseCharges(of: id, note: note, at: at, db)
      try Self.replayRatings(db)
      return corrections
    }
  }

  /// Deletes ended gather `id` from history, with its lineup, goals and vote; the corrections that reverse its
  /// charges are written at `at` (noted with `note`), and every rating is replayed without it. Returns the
  /// corrections.
  public func deleteGather(_ id: Int64, note: String, at: Date) throws -> [FeeEntry] {
    try transaction { db in
      let corrections = try Self.reverseCharges(of: id, note: note, at: at, db)
      try db.execute("DELETE FROM gather WHERE id = ? AND status = 'ended'", [id])
      guard db.changesCount == 1 else { throw try Self.notEnded(id, db) }
      try Self.replayRatings(db)
      return corrections
    }
  }

  /// Opens cancelled plan `id` again, with its lists and its sign-up code as they were, and returns it.
  public func restorePlan(_ id: Plan.ID) throws -> Plan {
    try transaction { db in
      try db.execute(
        "UPDATE plan SET status = 'open', closedAt = NULL, sequence = sequence + 1 WHERE id = ? AND status = 'cancelled'",
        [id])
      guard db.changesCount == 1 else { throw try Self.planError(id, db) }
      guard let plan = try Self.plans("WHERE id = ?", [id], db).first else { throw GatherError.planNotFound(id) }
      return plan
    }
  }

  /// Writes the corrections that square gather `id`'s lines (``FeeLedger/reversal(of:note:at:)``).
  private static func reverseCharges(of id: Int64, note: String, at: Date, _ db: SQLiteConnection) throws
    -> [FeeEntry]
  {
    let lines = try db.fetchAll("SELECT * FROM feeEntry WHERE gatherId = ? ORDER BY id", [id]).map(entry)
    return try FeeLedger.reversal(of: lines, note: note, at: at).map { try insert($0, db) }
  }

  /// Why gather `id` is not an ended one: not found, or being played.
  private static func notEnded(_ id: Int64, _ db: SQLiteConnection) throws -> GatherError {
    let status: String? = try db.fetchValue("SELECT status FROM gather WHERE id = ?", [id])
    guard status != nil else { return .gatherNotFound(id) }
    return .validation("gather", "Gather \(id) is being played: it has not ended.")
  }
}
