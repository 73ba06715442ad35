import GatherModel

/// The history as the ratings see it, read in one pass: each ended gather's Team A and Team B (in the order the
/// players joined), its winner, each lineup row's id, and every participant's prior.
///
/// Who a row is: its player while on the roster; once deleted, the id and declared skill the row kept at the
/// deletion, so a deleted player stays one participant with the prior they had (their teammates' and opponents'
/// ratings do not move when they are deleted). A row that has neither (its player was deleted before the
/// `ratings` migration ran on the database) is a guest of one gather, from the default prior.
struct RatingHistory {
  /// The gathers, in the order they ended: by id, since one gather is active at a time.
  private(set) var matches: [RatingBook.Match] = []
  /// Each match's lineup row ids, side by side with its participants.
  private(set) var rows: [(teamA: [Int64], teamB: [Int64])] = []
  /// Every participant's prior, from the declared skill: the roster's now, a deleted player's when deleted.
  private(set) var priors: [RatingBook.Participant: Rating] = [:]

  /// Reads it all.
  init(_ db: SQLiteConnection) throws {
    for row in try db.fetchAll("SELECT id, skill FROM player") {
      priors[.player(try row["id"])] = .prior(for: try (row["skill"] as String?).map { try decode(Skill.self, $0) })
    }
    var gatherIDs: [Int64] = []
    var index: [Int64: Int] = [:]
    // About 12 rows per gather, 120,000 for 10,000 gathers: in the table's own order (a gather's rows come
    // together, since one gather is active at a time) and read by column index, without a row object each.
    try db.forEachRow(
      """
      SELECT gp.id, gp.gatherId, gp.playerId, gp.formerPlayerId, gp.playerSkill, gp.team = 'teamA', g.winner
      FROM gatherPlayer gp JOIN gather g ON g.id = gp.gatherId
      WHERE g.status = 'ended' AND gp.team IN ('teamA', 'teamB') ORDER BY gp.id
      """
    ) { row in
      let id = row.int64(0) ?? 0
      let gather = row.int64(1) ?? 0
      let match: Int
      if gather == gatherIDs.last {
        match = matches.count - 1
      } else if let known = index[gather] {
        match = known
      } else {
        match = matches.count
        index[gather] = match
        gatherIDs.append(gather)
        matches.append(.init(teamA: [], teamB: [], winner: try decode(Winner.self, row.text(6) ?? "none")))
        rows.append(([], []))
      }
      let participant = try participant(id: id, player: row.int64(2), former: row.int64(3), skill: row.text(4))
      if row.int64(5) == 1 {
        matches[match].teamA.append(participant)
        rows[match].teamA.append(id)
      } else {
        matches[match].teamB.append(participant)
        rows[match].teamB.append(id)
      }
    }
    // Only a database whose rows of different gathers interleave (none gatherd writes) needs the sort.
    if gatherIDs != gatherIDs.sorted() {
      let order = gatherIDs.indices.sorted { gatherIDs[$0] < gatherIDs[$1] }
      matches = order.map { matches[$0] }
      rows = order.map { rows[$0] }
    }
  }

  /// Who a row is, noting a deleted player's prior the first time they appear.
  private mutating func participant(id: Int64, player: Int64?, former: Int64?, skill: String?) throws
    -> RatingBook.Participant
  {
    if let player { return .player(player) }
    guard let former else { return .guest(id) }
    if priors[.player(former)] == nil {
      priors[.player(former)] = .prior(for: try skill.map { try decode(Skill.self, $0) })
    }
    return .player(former)
  }
}
