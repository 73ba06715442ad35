import FoundationEssentials
import GatherModel

/// A row of `scoreEvent`: a goal or a correction.
struct ScoreEventRow {
  var id: Int64?
  var gatherId: Int64
  var kind: String
  var team: String?
  var scorerId: Int64?
  var scorerName: String?
  var matchTimeMs: Int64
  var scoreA: Int
  var scoreB: Int
  var recordedAt: Int64
  var period: Int
  var periods: Int
  var periodLengthMs: Int64

  init(_ event: ScoreEvent, gatherID: Int64) {
    gatherId = gatherID
    kind = event.kind.rawValue
    team = event.team?.rawValue
    scorerId = event.scorerID
    scorerName = event.scorerName
    matchTimeMs = event.matchTimeMs
    scoreA = event.score.teamA
    scoreB = event.score.teamB
    recordedAt = event.recordedAt.unixMilliseconds
    period = event.period
    periods = event.periods
    periodLengthMs = event.periodLengthMs
  }

  /// The score event that `row` of `SELECT * FROM scoreEvent` holds.
  init(row: SQLiteRow) throws {
    id = try row["id"]
    gatherId = try row["gatherId"]
    kind = try row["kind"]
    team = try row["team"]
    scorerId = try row["scorerId"]
    scorerName = try row["scorerName"]
    matchTimeMs = try row["matchTimeMs"]
    scoreA = try row["scoreA"]
    scoreB = try row["scoreB"]
    recordedAt = try row["recordedAt"]
    period = try row["period"]
    periods = try row["periods"]
    periodLengthMs = try row["periodLengthMs"]
  }

  /// Adds the row to `scoreEvent`.
  func insert(_ db: SQLiteConnection) throws {
    try db.execute(
      """
      INSERT INTO scoreEvent (gatherId, kind, team, scorerId, scorerName, matchTimeMs, scoreA, scoreB, recordedAt,
        period, periods, periodLengthMs) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        gatherId, kind, team, scorerId, scorerName, matchTimeMs, scoreA, scoreB, recordedAt, period, periods,
        periodLengthMs,
      ])
  }

  func scoreEvent() throws -> ScoreEvent {
    guard let score = try? Score(teamA: scoreA, teamB: scoreB) else {
      throw StoreError("A goal of gather \(gatherId) has an impossible score \(scoreA)-\(scoreB).")
    }
    return ScoreEvent(
      kind: try decode(ScoreEvent.Kind.self, kind), team: try team.map { try decode(Team.self, $0) },
      scorerID: scorerId, scorerName: scorerName, matchTimeMs: matchTimeMs, score: score,
      recordedAt: recordedAt.date, period: period, periods: periods, periodLengthMs: periodLengthMs)
  }
}
