import FoundationEssentials
import GatherModel

/// Late drop-outs and no-shows: each written in the transaction of the answer or the check-in that made it, with
/// its fine as a ledger line when gatherd's settings fine it, so that neither is ever lost; and the strikes a
/// player has had lately, for the rule that holds players back.
extension GatherStore {
  /// Saves a player's "Can't make it" to an open plan at `at`, with the plan's offers as they now are and, for a
  /// late drop-out, its strike and fine: one transaction. Returns the fine's ledger line, if any.
  public func saveLeave(_ player: Player, plan: Plan, at: Date, strike: Strike?, fine: Money?) throws -> FeeEntry? {
    try transaction { db in
      try Self.saveAnswer("out", player, plan: plan.id, at: at, guest: false, db)
      try Self.saveOffers(of: plan, db)
      guard let strike else { return nil }
      return try Self.record(strike, fine: fine, db)
    }
  }

  /// Saves a player's "I'm in" to an open plan at `at`; joining the plan again withdraws the late drop-out it may
  /// have given them (its fine put right by a correction), in the same transaction. Returns that correction.
  public func saveJoin(_ player: Player, plan: Plan, at: Date) throws -> FeeEntry? {
    try transaction { db in
      try Self.saveAnswer("in", player, plan: plan.id, at: at, guest: false, db)
      try Self.saveOffers(of: plan, db)
      return try Self.withdrawStrike(plan: plan.id, player: player.id, kind: .lateDropOut, at: at, db)
    }
  }

  /// Writes a strike and its fine, if any, in the caller's transaction; a strike the plan gave the player already
  /// is left as it is.
  static func record(_ strike: Strike, fine: Money?, _ db: SQLiteConnection) throws -> FeeEntry? {
    let exists = "SELECT EXISTS (SELECT 1 FROM planStrike WHERE planId = ? AND playerId = ? AND kind = ?)"
    if try db.fetchValue(exists, [strike.plan, strike.player, strike.kind.rawValue]) == true { return nil }
    let entry = try fine.map { money in
      try insert(
        FeeEntry(
          at: strike.at, player: strike.player, name: strike.name, kind: .charge, amount: money,
          note: strike.kind == .lateDropOut
            ? "Fine: dropped out of plan \(strike.plan) after its cut-off" : "Fine: not there for plan \(strike.plan)"),
        db)
    }
    try db.execute(
      "INSERT INTO planStrike (planId, playerId, playerName, kind, at, fineEntryId) VALUES (?, ?, ?, ?, ?, ?)",
      [strike.plan, strike.player, strike.name, strike.kind.rawValue, strike.at.unixMilliseconds, entry?.id])
    return entry
  }

  /// Takes back the strike of `kind` a plan gave a player, if any, in the caller's transaction; its fine is put
  /// right by a correction line (the ledger is only added to). Returns that correction.
  static func withdrawStrike(
    plan: Plan.ID, player: Player.ID, kind: Strike.Kind, at: Date, _ db: SQLiteConnection
  ) throws -> FeeEntry? {
    guard
      let row = try db.fetchOne(
        "SELECT id, fineEntryId FROM planStrike WHERE planId = ? AND playerId = ? AND kind = ?",
        [plan, player, kind.rawValue])
    else { return nil }
    try db.execute("DELETE FROM planStrike WHERE id = ?", [try row["id"] as Int64])
    guard let fineID = try row["fineEntryId"] as Int64?,
      let fine = try db.fetchOne("SELECT * FROM feeEntry WHERE id = ?", [fineID]).map(Self.entry)
    else { return nil }
    return try insert(
      FeeEntry(
        at: at, player: fine.player, name: fine.name, kind: .correction,
        amount: Money(minorUnits: -fine.amount.minorUnits, currency: fine.amount.currency),
        note: kind == .lateDropOut
          ? "Fine withdrawn: back in plan \(plan)" : "Fine withdrawn: checked in for plan \(plan)"),
      db)
  }

  /// Replaces a plan's no-shows with those of its check-in, in the caller's transaction (the check-in's): a new
  /// no-show gets its strike and fine, and one the check-in no longer has loses them.
  static func recordNoShows(of plan: Plan, at: Date, fines: Fines, _ db: SQLiteConnection) throws {
    let now = Set(plan.noShowStrikes(at: at).map(\.player))
    let before = try db.fetchAll(
      "SELECT playerId FROM planStrike WHERE planId = ? AND kind = 'noShow'", [plan.id]
    ).map { try $0.first(as: Int64.self) }
    for player in before where !now.contains(player) {
      _ = try withdrawStrike(plan: plan.id, player: player, kind: .noShow, at: at, db)
    }
    for strike in plan.noShowStrikes(at: at) { _ = try record(strike, fine: fines.noShow, db) }
  }

  /// When a player had strikes since `since`, oldest first.
  public func strikes(of player: Player.ID, since: Date) throws -> [Date] {
    try database.read { db in
      try db.fetchAll(
        "SELECT at FROM planStrike WHERE playerId = ? AND at > ? ORDER BY at", [player, since.unixMilliseconds]
      ).map { (try $0.first(as: Int64.self)).date }
    }
  }

  /// How many strikes each player had after `since` and up to `until`; players with none are left out.
  public func strikeCounts(since: Date, until: Date) throws -> [Player.ID: Int] {
    try database.read { db in
      var counts: [Player.ID: Int] = [:]
      for row in try db.fetchAll(
        "SELECT playerId, COUNT(*) AS n FROM planStrike WHERE at > ? AND at <= ? GROUP BY playerId",
        [since.unixMilliseconds, until.unixMilliseconds])
      {
        counts[try row["playerId"] as Int64] = Int(try row["n"] as Int64)
      }
      return counts
    }
  }

  /// A player's strikes, newest first, at most `limit`.
  public func strikes(of player: Player.ID, limit: Int = 20) throws -> [Strike] {
    try database.read { db in
      try db.fetchAll(
        "SELECT * FROM planStrike WHERE playerId = ? ORDER BY at DESC, id DESC LIMIT ?", [player, limit]
      ).map { row in
        Strike(
          plan: try row["planId"], player: try row["playerId"], name: try row["playerName"],
          kind: try decode(Strike.Kind.self, row["kind"]), at: (try row["at"] as Int64).date)
      }
    }
  }
}
