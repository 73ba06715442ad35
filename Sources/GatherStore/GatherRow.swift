import FoundationEssentials
import GatherModel

/// A row of `gather`: the active gather with its clock, or an ended one with its result.
struct GatherRow {
  enum Status: String { case active, ended }

  var id: Int64?
  var status: String
  var startedAt: Int64
  var endedAt: Int64?
  var scoreA: Int
  var scoreB: Int
  var winner: String?
  var clockState: String
  var clockDurationMs: Int64
  var clockRemainingMs: Int64
  var clockEndsAt: Int64?
  var clockPeriods: Int
  var clockBreakMs: Int64
  var clockPeriod: Int
  var clockAddedMs: Int64
  /// The plan it was started from.
  var planId: Int64?
  var teamAName: String
  var teamBName: String

  /// The gather that `row` of `SELECT * FROM gather` holds.
  init(row: SQLiteRow) throws {
    id = try row["id"]
    status = try row["status"]
    startedAt = try row["startedAt"]
    endedAt = try row["endedAt"]
    scoreA = try row["scoreA"]
    scoreB = try row["scoreB"]
    winner = try row["winner"]
    clockState = try row["clockState"]
    clockDurationMs = try row["clockDurationMs"]
    clockRemainingMs = try row["clockRemainingMs"]
    clockEndsAt = try row["clockEndsAt"]
    clockPeriods = try row["clockPeriods"]
    clockBreakMs = try row["clockBreakMs"]
    clockPeriod = try row["clockPeriod"]
    clockAddedMs = try row["clockAddedMs"]
    planId = try row["planId"]
    teamAName = try row["teamAName"]
    teamBName = try row["teamBName"]
  }

  func score() throws -> Score {
    do { return try Score(teamA: scoreA, teamB: scoreB) } catch {
      throw StoreError("Gather \(id ?? 0) has an impossible score \(scoreA)-\(scoreB).")
    }
  }

  func clockSnapshot() throws -> MatchClock.Snapshot {
    MatchClock.Snapshot(
      state: try decode(MatchClock.State.self, clockState), durationMs: clockDurationMs,
      remainingMs: clockRemainingMs, endsAt: clockEndsAt?.date, periods: clockPeriods, breakMs: clockBreakMs,
      period: clockPeriod, addedMs: clockAddedMs)
  }

  /// What the sides are called.
  var names: TeamNames { TeamNames(stored: teamAName, teamBName) }

  func summary() throws -> GatherSummary {
    GatherSummary(
      id: id ?? 0, startedAt: startedAt.date, endedAt: (endedAt ?? startedAt).date, score: try score(), names: names)
  }
}

/// A row of `gatherPlayer`: one player's place in one gather, with the name history shows.
struct GatherPlayerRow {
  var id: Int64?
  var gatherId: Int64
  var playerId: Int64?
  var playerName: String
  var team: String
  /// The position the player had when deleted from the roster; nil while they are on it.
  var playerPosition: String?
  /// The rating the player joined the gather with, if kept.
  var kickOff: Rating?

  /// The lineup row that `row` of `SELECT * FROM gatherPlayer` holds.
  init(row: SQLiteRow) throws {
    id = try row["id"]
    gatherId = try row["gatherId"]
    playerId = try row["playerId"]
    playerName = try row["playerName"]
    team = try row["team"]
    playerPosition = try row["playerPosition"]
    let mu: Double? = try row["kickOffMu"]
    let sigma: Double? = try row["kickOffSigma"]
    kickOff = mu.flatMap { mu in sigma.map { Rating(mu: mu, sigma: $0) } }
  }

  func teamValue() throws -> Team { try decode(Team.self, team) }
}
