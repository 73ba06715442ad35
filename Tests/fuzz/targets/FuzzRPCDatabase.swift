/// The JSON-RPC fuzz target's database: one in-memory SQLite database for the process, emptied for each input.

import GRDB
import GatherStore

/// Creating a database and running gatherd's migrations takes far longer than a request, so every fuzz input
/// reuses one database, with its schema, emptied first: as if gatherd started on a new database.
enum FuzzDatabase {
  /// The connection, with foreign keys on, as `GatherStore`'s own configuration has them.
  private static let queue: DatabaseQueue = {
    var configuration = Configuration()
    configuration.foreignKeysEnabled = true
    return try! DatabaseQueue(configuration: configuration)
  }()
  /// gatherd's store on it, migrated once.
  private static let store = try! GatherStore(queue)
  /// gatherd's tables, and SQLite's record of the last id of each.
  private static let tables = try! queue.read { db in
    try String.fetchAll(
      db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'grdb_%' ORDER BY name")
  }

  /// The store, with every row of every table deleted and ids starting again from 1.
  static func emptyStore() throws -> GatherStore {
    // Both are made on first use, with a database access of their own: not inside the one below.
    let (store, tables) = (store, tables)
    try queue.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA foreign_keys = OFF")
      try db.inTransaction {
        for table in tables { try db.execute(sql: "DELETE FROM \(table.quotedDatabaseIdentifier)") }
        return .commit
      }
      try db.execute(sql: "PRAGMA foreign_keys = ON")
    }
    return store
  }
}
