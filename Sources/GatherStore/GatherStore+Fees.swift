import FoundationEssentials
import GatherModel

/// Who paid for the pitch: plans' and gathers' costs, and the ledger, which is only ever added to. Balances are
/// never stored: ``FeeLedger`` adds them up from the lines.
extension GatherStore {
  /// The triggers that keep the ledger append-only: SQLite refuses to change or delete any line of it.
  static let feeLedgerTriggersSQL = """
    CREATE TRIGGER "feeEntry_append_only_update" BEFORE UPDATE ON "feeEntry"
    BEGIN SELECT RAISE(ABORT, 'the fee ledger is append-only: add a correction instead'); END;
    CREATE TRIGGER "feeEntry_append_only_delete" BEFORE DELETE ON "feeEntry"
    BEGIN SELECT RAISE(ABORT, 'the fee ledger is append-only: add a correction instead'); END;
    """

  /// Saves an open plan's fee (nil clears it).
  public func setFee(_ fee: Fee?, plan: Plan.ID) throws {
    try transaction { db in
      try db.execute(
        "UPDATE plan SET feeAmount = ?, feeCurrency = ?, feeGuests = ?, feePaidBy = ? WHERE id = ? AND status = 'open'",
        Self.feeArguments(fee) + [plan])
      guard db.changesCount == 1 else { throw try Self.planError(plan, db) }
    }
  }

  /// Saves the active gather's own fee (nil clears it).
  public func setFee(_ fee: Fee?, gather: Int64) throws {
    try transaction { db in
      try db.execute(
        """
        UPDATE gather SET feeAmount = ?, feeCurrency = ?, feeGuests = ?, feePaidBy = ? WHERE id = ? AND status = 'active'
        """,
        Self.feeArguments(fee) + [gather])
      guard db.changesCount == 1 else { throw GatherError.noActiveGather }
    }
  }

  /// Sets the fee of ended gather `gather`, which was charged nothing, and writes its `lines` (``FeeSplit/lines``),
  /// in one transaction; returns them. A gather already charged is refused naming `gather`: its lines stay as they
  /// are, and a balance is put right with a correction.
  public func chargeEnded(gather: Int64, fee: Fee, lines: [FeeEntry]) throws -> [FeeEntry] {
    try transaction { db in
      let charged: Int64 =
        try db.fetchValue("SELECT COUNT(*) FROM feeEntry WHERE gatherId = ? AND kind = 'charge'", [gather]) ?? 0
      guard charged == 0 else {
        throw GatherError.validation(
          "gather", "Gather \(gather)'s cost was already charged: put a balance right with a correction (fees.correct)."
        )
      }
      try db.execute(
        """
        UPDATE gather SET feeAmount = ?, feeCurrency = ?, feeGuests = ?, feePaidBy = ? WHERE id = ? AND status = 'ended'
        """,
        Self.feeArguments(fee) + [gather])
      guard db.changesCount == 1 else {
        throw GatherError.validation("gather", "Gather \(gather) has not ended: set its cost while it is played.")
      }
      return try lines.map { try Self.insert($0, db) }
    }
  }

  /// Appends a payment or a correction to the ledger and returns it with its number.
  public func append(_ entry: FeeEntry) throws -> FeeEntry {
    try transaction { db in try Self.insert(entry, db) }
  }

  /// The ledger's lines, oldest first: a player's (as payer), a gather's, or all of them.
  public func feeEntries(player: Player.ID? = nil, gather: Int64? = nil) throws -> [FeeEntry] {
    try database.read { db in
      var clauses: [String] = []
      var arguments: [any SQLiteValueConvertible] = []
      if let player {
        clauses.append("playerId = ?")
        arguments.append(player)
      }
      if let gather {
        clauses.append("gatherId = ?")
        arguments.append(gather)
      }
      let filter = clauses.isEmpty ? "" : " WHERE " + clauses.joined(separator: " AND ")
      return try db.fetchAll("SELECT * FROM feeEntry" + filter + " ORDER BY id", arguments).map(Self.entry)
    }
  }

  static func insert(_ entry: FeeEntry, _ db: SQLiteConnection) throws -> FeeEntry {
    try db.execute(
      """
      INSERT INTO feeEntry (at, playerId, playerName, kind, amount, currency, gatherId, forPlayerId, forPlayerName, note)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        entry.at.unixMilliseconds, entry.player, entry.name, entry.kind.rawValue, entry.amount.minorUnits,
        entry.amount.currency.code, entry.gatherID, entry.forPlayer, entry.forName, entry.note,
      ])
    var saved = entry
    saved.id = db.lastInsertedRowID
    return saved
  }

  static func entry(_ row: SQLiteRow) throws -> FeeEntry {
    FeeEntry(
      id: try row["id"], at: (try row["at"] as Int64).date, player: try row["playerId"], name: try row["playerName"],
      kind: try decode(FeeEntry.Kind.self, row["kind"]),
      amount: Money(minorUnits: try row["amount"], currency: try currency(row["currency"])),
      gatherID: try row["gatherId"], forPlayer: try row["forPlayerId"], forName: try row["forPlayerName"],
      note: try row["note"])
  }

  /// The fee a row of `plan` or `gather` keeps (`feeAmount`, `feeCurrency`, `feeGuests`), or nil for none.
  static func fee(in row: SQLiteRow) throws -> Fee? {
    guard let amount = try row["feeAmount"] as Int64?, let code = try row["feeCurrency"] as String? else { return nil }
    let guests = try (row["feeGuests"] as String?).map { try decode(Fee.GuestShare.self, $0) } ?? .themselves
    return Fee(
      cost: Money(minorUnits: amount, currency: try currency(code)), guests: guests, paidBy: try row["feePaidBy"])
  }

  static func feeArguments(_ fee: Fee?) -> [any SQLiteValueConvertible] {
    [fee?.cost.minorUnits, fee?.cost.currency.code, fee?.guests.rawValue, fee?.paidBy]
  }

  private static func currency(_ code: String) throws -> Currency {
    do { return try Currency(code: code) } catch { throw StoreError("The database holds an unknown currency \(code).") }
  }
}
