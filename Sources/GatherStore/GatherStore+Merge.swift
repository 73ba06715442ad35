import FoundationEssentials
import GatherModel

/// Two roster players who are one person, made one: everything the first did becomes the second's.
extension GatherStore {
  /// The ended or active gathers both players played in: they cannot be made one player.
  public func gathersShared(by first: Player.ID, and second: Player.ID) throws -> [Int64] {
    try database.read { db in
      try db.fetchAll(
        """
        SELECT a.gatherId FROM gatherPlayer a JOIN gatherPlayer b ON a.gatherId = b.gatherId
        WHERE a.playerId = ? AND b.playerId = ? ORDER BY a.gatherId
        """, [first, second]
      ).map { try $0.first(as: Int64.self) }
    }
  }

  /// Makes roster player `from` one with `into`, in one transaction: `from`'s lineup rows, goals, plan answers and
  /// check-ins (where `into` has none of the same plan: `into`'s answer stands), man-of-the-match votes and tallies
  /// become `into`'s; `from`'s balance in each currency moves to `into` by two corrections (the ledger is never
  /// rewritten), noted with `note` at `at`; `from` leaves the roster; every rating is replayed. Returns the
  /// corrections written.
  public func mergePlayers(from: Player.ID, into: Player.ID, note: String, at: Date) throws -> [FeeEntry] {
    try transaction { db in
      guard let source = try db.fetchOne("SELECT * FROM player WHERE id = ?", [from]).map(PlayerRow.init(row:)),
        let target = try db.fetchOne("SELECT * FROM player WHERE id = ?", [into]).map(PlayerRow.init(row:))
      else { throw GatherError.playerNotFound(try Self.playerExists(from, db) ? into : from) }
      try db.execute(
        "UPDATE gatherPlayer SET playerId = ?, playerName = ? WHERE playerId = ?", [into, target.name, from])
      try db.execute(
        "UPDATE scoreEvent SET scorerId = ?, scorerName = ? WHERE scorerId = ?", [into, target.name, from])
      for table in ["planSignUp", "planCheckIn"] {
        try db.execute(
          "DELETE FROM \(table) WHERE playerId = ? AND planId IN (SELECT planId FROM \(table) WHERE playerId = ?)",
          [from, into])
        try db.execute(
          "UPDATE \(table) SET playerId = ?, playerName = ? WHERE playerId = ?", [into, target.name, from])
      }
      try db.execute("UPDATE planSignUp SET broughtBy = ? WHERE broughtBy = ?", [into, from])
      try db.execute("UPDATE motmTally SET playerId = ?, playerName = ? WHERE playerId = ?", [into, target.name, from])
      try db.execute("UPDATE motmVoter SET playerId = ? WHERE playerId = ?", [into, from])
      let lines = try db.fetchAll("SELECT * FROM feeEntry WHERE playerId = ? ORDER BY id", [from]).map(Self.entry)
      var corrections: [FeeEntry] = []
      for balance in FeeLedger.balances(lines) where balance.owed.minorUnits != 0 {
        let moved = balance.owed.minorUnits
        for (player, name, amount) in [(from, source.name, -moved), (into, target.name, moved)] {
          corrections.append(
            try Self.insert(
              FeeEntry(
                at: at, player: player, name: name, kind: .correction,
                amount: Money(minorUnits: amount, currency: balance.owed.currency), note: note), db))
        }
      }
      try db.execute("DELETE FROM player WHERE id = ?", [from])
      try Self.replayRatings(db)
      return corrections
    }
  }

  private static func playerExists(_ id: Player.ID, _ db: SQLiteConnection) throws -> Bool {
    try db.fetchValue("SELECT EXISTS (SELECT 1 FROM player WHERE id = ?)", [id]) ?? false
  }
}
