/// Starting over on the same database, for the fuzz target.
extension GatherStore {
  /// Deletes every row of every table of gatherd's and starts ids from 1 again, as on a new database; the
  /// schema and its migrations stay. The JSON-RPC fuzz target reuses one migrated in-memory store this way,
  /// since migrating a new one takes far longer than a request.
  @_spi(Fuzzing) public func eraseAllRows() throws {
    try database.writeWithoutTransaction { db in
      // sqlite_sequence, SQLite's record of the last id of each table, is emptied too.
      let tables = try db.fetchAll(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'grdb_%' ORDER BY name"
      ).map { try $0.first(as: String.self) }
      try db.execute("PRAGMA foreign_keys = OFF")
      defer { try? db.execute("PRAGMA foreign_keys = ON") }
      try db.inTransaction(immediate: true) { db in
        // The ledger's triggers refuse any deletion: they go while it is emptied, and come back.
        try db.execute(#"DROP TRIGGER "feeEntry_append_only_update"; DROP TRIGGER "feeEntry_append_only_delete""#)
        for table in tables { try db.execute("DELETE FROM \"\(table.replacing("\"", with: "\"\""))\"") }
        try db.execute(Self.feeLedgerTriggersSQL)
      }
    }
  }
}
