import GatherModel

/// The history as the ratings see it, read in one pass: each ended gather's Team A and Team B (in the order the
/// players joined), its winner, each lineup row's stored rating, and every participant's prior.
///
/// Who a row is: its player while on the roster; once deleted, the id and declared skill the row kept at the
/// deletion, so a deleted player stays one participant with the prior they had (their teammates' and opponents'
/// ratings do not move when they are deleted). Rows of players deleted before ratings were kept have neither: each
/// is a guest of one gather, from the default prior.
struct RatingHistory {
  /// A lineup row of an ended gather and the rating stored on it, if any.
  struct Row {
    let id: Int64
    let stored: Rating?
  }

  /// The gathers, in the order they ended.
  private(set) var matches: [RatingBook.Match] = []
  /// Each match's rows, side by side with its participants.
  private(set) var rows: [(teamA: [Row], teamB: [Row])] = []
  /// Every participant's prior, from the declared skill: the roster's now, a deleted player's when deleted.
  private(set) var priors: [RatingBook.Participant: Rating] = [:]

  /// Reads it all.
  init(_ db: SQLiteConnection) throws {
    for row in try db.fetchAll("SELECT id, skill FROM player") {
      priors[.player(try row["id"])] = .prior(for: try (row["skill"] as String?).map { try decode(Skill.self, $0) })
    }
    var gatherID: Int64?
    for row in try db.fetchAll(
      """
      SELECT gp.id, gp.gatherId, gp.playerId, gp.formerPlayerId, gp.playerSkill, gp.team, g.winner,
        gp.ratingMu, gp.ratingSigma
      FROM gatherPlayer gp JOIN gather g ON g.id = gp.gatherId
      WHERE g.status = 'ended' AND gp.team IN ('teamA', 'teamB') ORDER BY gp.gatherId, gp.id
      """)
    {
      let id: Int64 = try row["id"]
      let gather: Int64 = try row["gatherId"]
      if gather != gatherID {
        gatherID = gather
        matches.append(.init(teamA: [], teamB: [], winner: try decode(Winner.self, row["winner"] ?? "none")))
        rows.append(([], []))
      }
      let participant = try participant(row, id: id)
      let mu: Double? = try row["ratingMu"]
      let sigma: Double? = try row["ratingSigma"]
      let stored = Row(id: id, stored: mu.flatMap { mu in sigma.map { Rating(mu: mu, sigma: $0) } })
      let team: String = try row["team"]
      if team == Team.teamA.rawValue {
        matches[matches.count - 1].teamA.append(participant)
        rows[rows.count - 1].teamA.append(stored)
      } else {
        matches[matches.count - 1].teamB.append(participant)
        rows[rows.count - 1].teamB.append(stored)
      }
    }
  }

  /// Who a row is, noting a deleted player's prior the first time they appear.
  private mutating func participant(_ row: SQLiteRow, id: Int64) throws -> RatingBook.Participant {
    if let player: Int64 = try row["playerId"] { return .player(player) }
    guard let former: Int64 = try row["formerPlayerId"] else { return .guest(id) }
    if priors[.player(former)] == nil {
      priors[.player(former)] = .prior(for: try (row["playerSkill"] as String?).map { try decode(Skill.self, $0) })
    }
    return .player(former)
  }
}
