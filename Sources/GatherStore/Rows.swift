import Foundation
import GRDB
import GatherModel

/// A row of `player`.
struct PlayerRow: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "player"
  var id: Int64?
  var name: String
  var age: Int?
  var position: String?
  var skill: String?
  var favouriteTeam: String?

  mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

  init(id: Int64?, details: PlayerDetails) {
    self.id = id
    name = details.name
    age = details.age
    position = details.position?.rawValue
    skill = details.skill?.rawValue
    favouriteTeam = details.favouriteTeam
  }

  func player() throws -> Player {
    guard let id else { throw StoreError("A player row has no id.") }
    do {
      let details = try PlayerDetails(
        name: name, age: age, position: try position.map { try decode(Position.self, $0) },
        skill: try skill.map { try decode(Skill.self, $0) }, favouriteTeam: favouriteTeam)
      return Player(id: id, details: details)
    } catch let error as GatherError {
      throw StoreError("Player \(id) in the database is invalid: \(error.message)")
    }
  }
}

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

  func score() throws -> Score {
    do { return try Score(teamA: scoreA, teamB: scoreB) } catch {
      throw StoreError("Gather \(id ?? 0) has an impossible score \(scoreA)-\(scoreB).")
    }
  }

  func clockSnapshot() throws -> MatchClock.Snapshot {
    MatchClock.Snapshot(
      state: try decode(MatchClock.State.self, clockState), durationMs: clockDurationMs,
      remainingMs: clockRemainingMs, endsAt: clockEndsAt?.date)
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

  func teamValue() throws -> Team { try decode(Team.self, team) }
}

/// A row of `scoreEvent`: a goal or a correction.
struct ScoreEventRow: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "scoreEvent"
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
  }

  func scoreEvent() throws -> ScoreEvent {
    guard let score = try? Score(teamA: scoreA, teamB: scoreB) else {
      throw StoreError("A goal of gather \(gatherId) has an impossible score \(scoreA)-\(scoreB).")
    }
    return ScoreEvent(
      kind: try decode(ScoreEvent.Kind.self, kind), team: try team.map { try decode(Team.self, $0) },
      scorerID: scorerId, scorerName: scorerName, matchTimeMs: matchTimeMs, score: score,
      recordedAt: recordedAt.date)
  }
}

/// Reads a stored enumeration value, or explains which value the model does not know.
func decode<T: RawRepresentable<String>>(_ type: T.Type, _ raw: String) throws -> T {
  guard let value = T(rawValue: raw) else { throw StoreError("The database holds an unknown \(T.self) \"\(raw)\".") }
  return value
}
