/// Brings a database's schema up to date with migrations applied in order, each in a transaction of its own.
///
/// It records the applied migrations in the table GRDB's DatabaseMigrator keeps, `grdb_migrations`, so that a
/// database that GRDB's migrator made goes on from the migrations it records.
struct SQLiteMigrator: Sendable {
  /// One step of the schema, under the identifier it is recorded with once applied.
  struct Migration: Sendable {
    let identifier: String
    let migrate: @Sendable (SQLiteConnection) throws -> Void
  }

  private(set) var migrations: [Migration] = []

  /// Adds a migration after those already registered; identifiers are unique.
  mutating func registerMigration(
    _ identifier: String, _ migrate: @escaping @Sendable (SQLiteConnection) throws -> Void
  ) {
    precondition(!migrations.contains { $0.identifier == identifier }, "migration \(identifier) is registered twice")
    migrations.append(Migration(identifier: identifier, migrate: migrate))
  }

  /// Applies the migrations that the database has not recorded, in order, up to and including `last` if given.
  func migrate(_ database: SQLiteDatabase, upTo last: String? = nil) throws {
    let target: ArraySlice<Migration>
    if let last {
      guard let end = migrations.firstIndex(where: { $0.identifier == last }) else {
        throw StoreError("There is no migration \"\(last)\".")
      }
      target = migrations[...end]
    } else {
      target = migrations[...]
    }
    let applied = try appliedIdentifiers(database)
    for migration in target where !applied.contains(migration.identifier) {
      try database.writeWithoutTransaction { connection in try Self.apply(migration, connection) }
    }
  }

  /// Applies one migration in its own transaction, with foreign keys checked once at its end, as SQLite
  /// advises for schema changes and as GRDB's migrator does: a migration may rebuild a table that others refer to.
  private static func apply(_ migration: Migration, _ connection: SQLiteConnection) throws {
    try connection.execute("PRAGMA foreign_keys = OFF")
    defer { try? connection.execute("PRAGMA foreign_keys = ON") }
    try connection.inTransaction(immediate: true) { connection in
      try migration.migrate(connection)
      try connection.execute("INSERT INTO grdb_migrations (identifier) VALUES (?)", [migration.identifier])
      if let violation = try connection.fetchOne("PRAGMA foreign_key_check") {
        throw StoreError("Migration \(migration.identifier) breaks a foreign key: \(violation.values).")
      }
    }
  }

  /// The identifiers the database records as applied, creating the record if it has none yet.
  func appliedIdentifiers(_ database: SQLiteDatabase) throws -> Set<String> {
    try database.writeWithoutTransaction { connection in
      try connection.execute("CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
      return Set(
        try connection.fetchAll("SELECT identifier FROM grdb_migrations").map { try $0.first(as: String.self) })
    }
  }
}
