import Foundation
import GRDB
import GatherModel

/// A row of `gather`: the active gather with its clock, or an ended one with its result.
struct GatherRow: Codable, FetchableRecord, PersistableRecord {
  enum Status: String { case active, ended }

  static let databaseTableName = "gather"
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

  func summary() throws -> GatherSummary {
    GatherSummary(id: id ?? 0, startedAt: startedAt.date, endedAt: (endedAt ?? startedAt).date, score: try score())
  }
}

/// A row of `gatherPlayer`: one player's place in one gather, with the name history shows.
struct GatherPlayerRow: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "gatherPlayer"
  var id: Int64?
  var gatherId: Int64
  var playerId: Int64?
  var playerName: String
  var team: String
  /// The position the player had when deleted from the roster; nil while they are on it.
  var playerPosition: String?

  func teamValue() throws -> Team { try decode(Team.self, team) }
}
