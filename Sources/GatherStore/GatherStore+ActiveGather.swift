import Foundation
import GRDB
import GatherModel

/// The active gather's writes: one per change the model accepts.
extension GatherStore {
  /// Saves a new active gather and returns its id. `name` gives each player's name.
  public func startGather(
    lineup: Lineup, clock: MatchClock.Snapshot, startedAt: Date, name: (Player.ID) -> String
  ) throws -> Int64 {
    try transaction { db in
      guard try GatherRow.filter(Column("status") == GatherRow.Status.active.rawValue).isEmpty(db) else {
        throw GatherError.gatherAlreadyActive
      }
      try GatherRow(
        id: nil, status: GatherRow.Status.active.rawValue, startedAt: startedAt.unixMilliseconds, endedAt: nil,
        scoreA: 0, scoreB: 0, winner: nil, clockState: clock.state.rawValue, clockDurationMs: clock.durationMs,
        clockRemainingMs: clock.remainingMs, clockEndsAt: clock.endsAt?.unixMilliseconds, clockPeriods: clock.periods,
        clockBreakMs: clock.breakMs, clockPeriod: clock.period, clockAddedMs: clock.addedMs
      ).insert(db)
      let id = db.lastInsertedRowID
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
        sql: """
          DELETE FROM scoreEvent WHERE kind = 'goal' AND id = (SELECT MAX(id) FROM scoreEvent WHERE gatherId = ?)
          """,
        arguments: [gatherID])
      guard db.changesCount == 1 else { throw GatherError.invalidTransition("There is no goal to undo.") }
      try saveScore(score, gatherID: gatherID, db)
    }
  }

  /// Saves the match clock after a change of state.
  public func saveClock(_ clock: MatchClock.Snapshot, gatherID: Int64) throws {
    try transaction { db in
      try db.execute(
        sql: """
          UPDATE gather SET clockState = ?, clockDurationMs = ?, clockRemainingMs = ?, clockEndsAt = ?,
            clockPeriods = ?, clockBreakMs = ?, clockPeriod = ?, clockAddedMs = ?
          WHERE id = ? AND status = 'active'
          """,
        arguments: [
          clock.state.rawValue, clock.durationMs, clock.remainingMs, clock.endsAt?.unixMilliseconds, clock.periods,
          clock.breakMs, clock.period, clock.addedMs, gatherID,
        ])
      guard db.changesCount == 1 else { throw GatherError.noActiveGather }
    }
  }

  /// Ends the active gather and files it in history with its final score, winner and names.
  public func endGather(_ record: GatherRecord) throws {
    try transaction { db in
      try db.execute(
        sql: """
          UPDATE gather SET status = 'ended', endedAt = ?, scoreA = ?, scoreB = ?, winner = ?
          WHERE id = ? AND status = 'active'
          """,
        arguments: [
          record.endedAt.unixMilliseconds, record.score.teamA, record.score.teamB, record.winner.rawValue, record.id,
        ])
      guard db.changesCount == 1 else { throw GatherError.noActiveGather }
      for member in record.members {
        try db.execute(
          sql: "UPDATE gatherPlayer SET playerName = ? WHERE gatherId = ? AND playerId = ?",
          arguments: [member.name, record.id, member.playerID])
      }
      // Stats (issue 9): file each player's result and goals with the lineup.
      try db.execute(
        sql: "UPDATE gatherPlayer SET " + Self.lineupResultSQL + " WHERE gatherId = ?", arguments: [record.id])
    }
  }

  /// Cancels the active gather: it is deleted and leaves no trace in history.
  public func cancelGather(id: Int64) throws {
    try transaction { db in
      try db.execute(sql: "DELETE FROM gather WHERE id = ? AND status = 'active'", arguments: [id])
      guard db.changesCount == 1 else { throw GatherError.noActiveGather }
    }
  }

  private func saveAssignment(_ assignment: Lineup.Assignment, name: String, gatherID: Int64, _ db: Database) throws {
    try db.execute(
      sql: """
        INSERT INTO gatherPlayer (gatherId, playerId, playerName, team) VALUES (?, ?, ?, ?)
        ON CONFLICT (gatherId, playerId) DO UPDATE SET team = excluded.team, playerName = excluded.playerName
        """,
      arguments: [gatherID, assignment.player, name, assignment.team.rawValue])
  }

  private func requireActive(_ gatherID: Int64, _ db: Database) throws {
    let active = GatherRow.filter(key: gatherID).filter(Column("status") == GatherRow.Status.active.rawValue)
    guard try !active.isEmpty(db) else { throw GatherError.noActiveGather }
  }

  private func saveScore(_ score: Score, gatherID: Int64, _ db: Database) throws {
    try db.execute(
      sql: "UPDATE gather SET scoreA = ?, scoreB = ? WHERE id = ? AND status = 'active'",
      arguments: [score.teamA, score.teamB, gatherID])
    guard db.changesCount == 1 else { throw GatherError.noActiveGather }
  }
}
