/// The JSON-RPC fuzz target's database: one in-memory SQLite database for the process, emptied for each input.

@_spi(Fuzzing) import GatherStore

/// Creating a database and running gatherd's migrations takes far longer than a request, so every fuzz input
/// reuses one store, with its schema, emptied first: as if gatherd started on a new database.
enum FuzzDatabase {
  /// gatherd's store on a private in-memory database, migrated once.
  private static let store = try! GatherStore.inMemory()

  /// The store, with every row of every table deleted and ids starting again from 1.
  static func emptyStore() throws -> GatherStore {
    try store.eraseAllRows()
    return store
  }
}
