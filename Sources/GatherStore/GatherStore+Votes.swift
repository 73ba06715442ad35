import FoundationEssentials
import GatherModel

/// Man-of-the-match votes: opened with their gather's end, a vote counted in one transaction, closed once.
///
/// Who voted and what they chose are kept apart, and nothing links them (see the `motm.votes` migration): a vote
/// sets its voter's flag in `motmVoter` and adds one to its choice's count in `motmTally`, both rows made when the
/// vote opened, in player order, with no time. The write-ahead log holds each transaction's pages until SQLite
/// checkpoints it, so a vote is followed by a checkpoint that empties the log, when no reader holds it.
extension GatherStore {
  /// Opens `vote` in the caller's transaction (the gather's end): its row, and a tally and a voter row for each
  /// candidate.
  static func openVote(_ vote: ManOfTheMatchVote, _ db: SQLiteConnection) throws {
    let gather = vote.gather.id
    try db.execute(
      "INSERT INTO motmVote (gatherId, closesAt, code) VALUES (?, ?, ?)",
      [gather, vote.closesAt.unixMilliseconds, vote.code])
    for candidate in vote.candidates.sorted(by: { $0.player < $1.player }) {
      try db.execute(
        "INSERT INTO motmTally (gatherId, playerId, playerName, team) VALUES (?, ?, ?, ?)",
        [gather, candidate.player, candidate.name, candidate.team.rawValue])
      try db.execute("INSERT INTO motmVoter (gatherId, playerId) VALUES (?, ?)", [gather, candidate.player])
    }
  }

  /// Counts `voter`'s vote for `choice` in the open vote of gather `gather`: the voter's flag and the choice's
  /// count, in one transaction, re-checking that the vote is open, that the voter has not voted and that the choice
  /// is someone else who played. Then empties the write-ahead log if it can.
  public func castVote(gather: Int64, voter: Player.ID, choice: Player.ID) throws {
    try transaction { db in
      let open = "SELECT EXISTS (SELECT 1 FROM motmVote WHERE gatherId = ? AND closedAt IS NULL)"
      guard try db.fetchValue(open, [gather]) == true else {
        throw GatherError.validation("gather", "The vote for the man of the match of gather \(gather) has closed.")
      }
      try db.execute(
        "UPDATE motmVoter SET voted = 1 WHERE gatherId = ? AND playerId = ? AND voted = 0", [gather, voter])
      guard db.changesCount == 1 else {
        throw GatherError.validation("voter", "Player \(voter) has voted already, or did not play in gather \(gather).")
      }
      try db.execute(
        "UPDATE motmTally SET votes = votes + 1 WHERE gatherId = ? AND playerId = ? AND playerId <> ?",
        [gather, choice, voter])
      guard db.changesCount == 1 else {
        throw GatherError.validation("player", "Player \(choice) cannot be voted for in gather \(gather).")
      }
    }
    try? database.writeWithoutTransaction { db in try db.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
  }

  /// Closes `vote` at `at`: counts its tallies once (``ManOfTheMatch/counting(_:voters:of:closedAt:)``), marks the
  /// winners and the time, in one transaction, and returns the outcome.
  public func closeVote(_ vote: ManOfTheMatchVote, at: Date) throws -> ManOfTheMatch {
    try transaction { db in
      let gather = vote.gather.id
      var tallies: [Player.ID: Int] = [:]
      for row in try db.fetchAll("SELECT playerId, votes FROM motmTally WHERE gatherId = ?", [gather]) {
        tallies[try row["playerId"]] = try row["votes"]
      }
      let voted: Int =
        try db.fetchValue("SELECT COUNT(*) FROM motmVoter WHERE gatherId = ? AND voted = 1", [gather]) ?? 0
      let outcome = ManOfTheMatch.counting(tallies, voters: voted, of: vote, closedAt: at)
      try db.execute(
        "UPDATE motmVote SET closedAt = ? WHERE gatherId = ? AND closedAt IS NULL", [at.unixMilliseconds, gather])
      guard db.changesCount == 1 else { throw StoreError("The vote of gather \(gather) is not open.") }
      for winner in outcome.winners {
        try db.execute("UPDATE motmTally SET winner = 1 WHERE gatherId = ? AND playerId = ?", [gather, winner.player])
      }
      return outcome
    }
  }

  /// Where the vote of gather `id` stands: open, closed with its outcome, or nil for a gather without one.
  public func voteStanding(of id: Int64) throws -> ManOfTheMatchStanding? {
    try database.read { db in try Self.voteStanding(of: id, db) }
  }

  static func voteStanding(of id: Int64, _ db: SQLiteConnection) throws -> ManOfTheMatchStanding? {
    guard let row = try db.fetchOne("SELECT closesAt, closedAt FROM motmVote WHERE gatherId = ?", [id]) else {
      return nil
    }
    let counts = try db.fetchOne(
      "SELECT COUNT(*) AS eligible, COALESCE(SUM(voted), 0) AS voted FROM motmVoter WHERE gatherId = ?", [id])
    let eligible: Int = try counts?["eligible"] ?? 0
    let voted: Int = try counts?["voted"] ?? 0
    guard let closedAt = try row["closedAt"] as Int64? else {
      return .open(closesAt: (try row["closesAt"] as Int64).date, voted: voted, eligible: eligible)
    }
    let winners = try db.fetchAll(
      "SELECT playerId, playerName, team, votes FROM motmTally WHERE gatherId = ? AND winner = 1", [id])
    let candidates = try winners.map { row in
      ManOfTheMatchVote.Candidate(
        player: try row["playerId"], name: try row["playerName"], team: try decode(Team.self, row["team"]))
    }.sorted { ($0.name.lowercased(), $0.player) < ($1.name.lowercased(), $1.player) }
    return .closed(
      ManOfTheMatch(
        gatherID: id, winners: candidates, votes: try winners.first?["votes"] ?? 0, voters: voted, eligible: eligible,
        closedAt: closedAt.date))
  }

  /// The vote of gather `id` as it stands, with its outcome once closed; nil for a gather without one.
  public func vote(of id: Int64) throws -> (vote: ManOfTheMatchVote, outcome: ManOfTheMatch?)? {
    try database.read { db in
      guard let row = try db.fetchOne("SELECT * FROM motmVote WHERE gatherId = ?", [id]),
        let vote = try Self.vote(row, db)
      else { return nil }
      guard case .closed(let outcome) = try Self.voteStanding(of: id, db) else { return (vote, nil) }
      return (vote, outcome)
    }
  }

  /// The outcome of the vote that closed last (by its close, then by gather), if any has.
  static func lastOutcome(_ db: SQLiteConnection) throws -> ManOfTheMatch? {
    let last = try db.fetchOne(
      "SELECT gatherId FROM motmVote WHERE closedAt IS NOT NULL ORDER BY closedAt DESC, gatherId DESC LIMIT 1")
    guard let last, case .closed(let outcome)? = try voteStanding(of: try last["gatherId"], db) else { return nil }
    return outcome
  }

  /// The open votes, as the session holds them, and the codes of the closed ones' links.
  static func votes(_ db: SQLiteConnection) throws -> (open: [ManOfTheMatchVote], closedCodes: [Int64: String]) {
    var open: [ManOfTheMatchVote] = []
    var closed: [Int64: String] = [:]
    for row in try db.fetchAll("SELECT * FROM motmVote ORDER BY gatherId") {
      if try row["closedAt"] as Int64? != nil {
        closed[try row["gatherId"]] = try row["code"]
      } else if let vote = try vote(row, db) {
        open.append(vote)
      }
    }
    return (open, closed)
  }

  /// The vote a row of `motmVote` holds, with its gather, its candidates and who has voted.
  private static func vote(_ row: SQLiteRow, _ db: SQLiteConnection) throws -> ManOfTheMatchVote? {
    let id: Int64 = try row["gatherId"]
    guard let gather = try db.fetchOne("SELECT * FROM gather WHERE id = ?", [id]) else { return nil }
    let candidates = try db.fetchAll("SELECT playerId, playerName, team FROM motmTally WHERE gatherId = ?", [id]).map {
      row in
      ManOfTheMatchVote.Candidate(
        player: try row["playerId"], name: try row["playerName"], team: try decode(Team.self, row["team"]))
    }
    let voted = try db.fetchAll("SELECT playerId FROM motmVoter WHERE gatherId = ? AND voted = 1", [id]).map {
      try $0.first(as: Int64.self)
    }
    return ManOfTheMatchVote(
      gather: try GatherRow(row: gather).summary(), candidates: candidates,
      closesAt: (try row["closesAt"] as Int64).date, code: try row["code"], voted: Set(voted))
  }
}
