import FoundationEssentials
import GatherModel

/// The active gather's writes: one per change the model accepts.
extension GatherStore {
  /// Saves a new active gather and returns its id. `name` gives each player's name, `names` the sides'. From an
  /// open `plan`, the plan becomes started and the gather keeps it, in the same transaction.
  public func startGather(
    lineup: Lineup, clock: MatchClock.Snapshot, startedAt: Date, names: TeamNames = .standard, plan: Plan.ID? = nil,
    name: (Player.ID) -> String
  ) throws -> Int64 {
    try transaction { db in
      guard try db.fetchValue("SELECT EXISTS (SELECT 1 FROM gather WHERE status = 'active')") == false else {
        throw GatherError.gatherAlreadyActive
      }
      if let plan {
        try db.execute(
          "UPDATE plan SET status = 'started', closedAt = ?, sequence = sequence + 1 WHERE id = ? AND status = 'open'",
          [startedAt.unixMilliseconds, plan])
        guard db.changesCount == 1 else { throw try Self.planError(plan, db) }
      }
      try db.execute(
        """
        INSERT INTO gather (status, startedAt, endedAt, scoreA, scoreB, winner, clockState, clockDurationMs,
          clockRemainingMs, clockEndsAt, clockPeriods, clockBreakMs, clockPeriod, clockAddedMs, teamAName, teamBName)
        VALUES ('active', ?, NULL, 0, 0, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          startedAt.unixMilliseconds, clock.state.rawValue, clock.durationMs, clock.remainingMs,
          clock.endsAt?.unixMilliseconds, clock.periods, clock.breakMs, clock.period, clock.addedMs, names.teamA,
          names.teamB,
        ])
      let id = db.lastInsertedRowID
      if let plan { try db.execute("UPDATE gather SET planId = ? WHERE id = ?", [plan, id]) }
      for assignment in lineup.assignments {
        try saveAssignment(assignment, name: name(assignment.player), gatherID: id, db)
      }
      return id
    }
  }

  /// Saves a player's move to another team, or their joining the gather.
  public func assign(_ assignment: Lineup.Assignment, name: String, gatherID: Int64) throws {
    try transaction { db in
      try requireActive(gatherID, db)
      try saveAssignment(assignment, name: name, gatherID: gatherID, db)
    }
  }

  /// Saves new names for the active gather's sides.
  public func renameTeams(_ names: TeamNames, gatherID: Int64) throws {
    try transaction { db in
      try db.execute(
        "UPDATE gather SET teamAName = ?, teamBName = ? WHERE id = ? AND status = 'active'",
        [names.teamA, names.teamB, gatherID])
      guard db.changesCount == 1 else { throw GatherError.noActiveGather }
    }
  }

  /// Saves a goal or a correction and the score it leads to.
  public func recordScoreEvent(_ event: ScoreEvent, gatherID: Int64) throws {
    try transaction { db in
      try ScoreEventRow(event, gatherID: gatherID).insert(db)
      try saveScore(event.score, gatherID: gatherID, db)
    }
  }

  /// Takes back the gather's last goal, leaving `score`.
  public func undoLastScoreEvent(gatherID: Int64, score: Score) throws {
    try transaction { db in
      try requireActive(gatherID, db)
      try db.execute(
        """
        DELETE FROM scoreEvent WHERE kind = 'goal' AND id = (SELECT MAX(id) FROM scoreEvent WHERE gatherId = ?)
        """,
        [gatherID])
      guard db.changesCount == 1 else { throw GatherError.invalidTransition("There is no goal to undo.") }
      try saveScore(score, gatherID: gatherID, db)
    }
  }

  /// Saves the match clock after a change of state.
  public func saveClock(_ clock: MatchClock.Snapshot, gatherID: Int64) throws {
    try transaction { db in
      try db.execute(
        """
        UPDATE gather SET clockState = ?, clockDurationMs = ?, clockRemainingMs = ?, clockEndsAt = ?,
          clockPeriods = ?, clockBreakMs = ?, clockPeriod = ?, clockAddedMs = ?
        WHERE id = ? AND status = 'active'
        """,
        [
          clock.state.rawValue, clock.durationMs, clock.remainingMs, clock.endsAt?.unixMilliseconds, clock.periods,
          clock.breakMs, clock.period, clock.addedMs, gatherID,
        ])
      guard db.changesCount == 1 else { throw GatherError.noActiveGather }
    }
  }

  /// Ends the active gather and files it in history with its final score, winner and names, and rates its
  /// players (Team A and Team B; not the bench) from the result; opens its man-of-the-match `vote` and writes the
  /// ledger `charges` of its cost (``FeeSplit/lines``), if any; all in one transaction. Returns their new ratings.
  @discardableResult
  public func endGather(
    _ record: GatherRecord, vote: ManOfTheMatchVote? = nil, charges: [FeeEntry] = []
  ) throws -> [Player.ID: Rating] {
    try transaction { db in
      try db.execute(
        """
        UPDATE gather SET status = 'ended', endedAt = ?, scoreA = ?, scoreB = ?, winner = ?
        WHERE id = ? AND status = 'active'
        """,
        [
          record.endedAt.unixMilliseconds, record.score.teamA, record.score.teamB, record.winner.rawValue, record.id,
        ])
      guard db.changesCount == 1 else { throw GatherError.noActiveGather }
      for member in record.members {
        try db.execute(
          "UPDATE gatherPlayer SET playerName = ? WHERE gatherId = ? AND playerId = ?",
          [member.name, record.id, member.playerID])
      }
      // Stats: file each player's result and goals with the lineup.
      try db.execute(
        "UPDATE gatherPlayer SET " + Self.lineupResultSQL + " WHERE gatherId = ?", [record.id])
      if let vote { try Self.openVote(vote, db) }
      for line in charges { _ = try Self.insert(line, db) }
      return try Self.rateEndedGather(record.id, winner: record.winner, db)
    }
  }

  /// Cancels the active gather: it is deleted and leaves no trace in history. The plan it came from, if any, is
  /// open again, as it was before the start, and returned.
  @discardableResult
  public func cancelGather(id: Int64) throws -> Plan? {
    try transaction { db in
      let planColumn: Int64?? = try db.fetchValue("SELECT planId FROM gather WHERE id = ? AND status = 'active'", [id])
      try db.execute("DELETE FROM gather WHERE id = ? AND status = 'active'", [id])
      guard db.changesCount == 1 else { throw GatherError.noActiveGather }
      guard let plan = planColumn ?? nil else { return nil }
      try db.execute(
        "UPDATE plan SET status = 'open', closedAt = NULL, sequence = sequence + 1 WHERE id = ? AND status = 'started'",
        [plan])
      return try Self.plans("WHERE id = ?", [plan], db).first
    }
  }

  private func saveAssignment(_ assignment: Lineup.Assignment, name: String, gatherID: Int64, _ db: SQLiteConnection)
    throws
  {
    // A player who joins keeps the rating they join with, for the gather's prediction.
    try db.execute(
      """
      INSERT INTO gatherPlayer (gatherId, playerId, playerName, team, kickOffMu, kickOffSigma)
      SELECT ?, ?, ?, ?, ratingMu, ratingSigma FROM player WHERE id = ?
      ON CONFLICT (gatherId, playerId) DO UPDATE SET team = excluded.team, playerName = excluded.playerName
      """,
      [gatherID, assignment.player, name, assignment.team.rawValue, assignment.player])
    guard db.changesCount == 1 else { throw GatherError.playerNotFound(assignment.player) }
  }

  private func requireActive(_ gatherID: Int64, _ db: SQLiteConnection) throws {
    let active = "SELECT EXISTS (SELECT 1 FROM gather WHERE id = ? AND status = 'active')"
    guard try db.fetchValue(active, [gatherID]) == true else { throw GatherError.noActiveGather }
  }

  private func saveScore(_ score: Score, gatherID: Int64, _ db: SQLiteConnection) throws {
    try db.execute(
      "UPDATE gather SET scoreA = ?, scoreB = ? WHERE id = ? AND status = 'active'",
      [score.teamA, score.teamB, gatherID])
    guard db.changesCount == 1 else { throw GatherError.noActiveGather }
  }
}
