import Synchronization

/// An SQLite database shared by threads: one writer connection, and for a file, reader connections that read
/// WAL snapshots beside the writer, so a long query never waits for a write nor holds one up.
///
/// Every access holds a connection alone: the writer under its lock, a reader taken out of the idle list for
/// the time of the read. An in-memory database has only the writer, which reads too.
final class SQLiteDatabase: Sendable {
  /// The most idle readers kept open; more are opened while more threads read at once, then closed.
  static let maxIdleReaders = 4

  /// The database file, or ":memory:".
  let path: String
  private let writer: Mutex<SQLiteConnection>
  private let idleReaders: Mutex<[SQLiteConnection]>
  private let isInMemory: Bool

  /// Opens, or creates, the database file at `path` in WAL mode.
  init(path: String) throws {
    let connection = try SQLiteConnection(path: path)
    let mode = try connection.fetchValue("PRAGMA journal_mode = WAL", as: String.self)
    guard mode == "wal" else { throw StoreError("The database \(path) cannot use WAL (journal mode \(mode ?? "?")).") }
    self.path = path
    writer = Mutex(connection)
    idleReaders = Mutex([])
    isInMemory = false
  }

  /// A private in-memory database with a single connection.
  init() throws {
    path = ":memory:"
    writer = Mutex(try SQLiteConnection(path: path))
    idleReaders = Mutex([])
    isInMemory = true
  }

  /// Runs `updates` in one `BEGIN IMMEDIATE` transaction on the writer; committed when this returns, rolled back
  /// if it throws.
  func write<T: Sendable>(_ updates: (SQLiteConnection) throws -> T) throws -> T {
    try writer.withLock { connection in try connection.inTransaction(immediate: true, updates) }
  }

  /// Runs `body` on the writer outside any transaction (pragmas, migrations that open their own).
  func writeWithoutTransaction<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    try writer.withLock { connection in try body(connection) }
  }

  /// Runs `query` in one read transaction, on a reader for a file, so it sees one snapshot of the database.
  func read<T: Sendable>(_ query: (SQLiteConnection) throws -> T) throws -> T {
    if isInMemory {
      return try writer.withLock { connection in try connection.inTransaction(immediate: false, query) }
    }
    let reader = try idleReaders.withLock { $0.popLast() } ?? SQLiteConnection(path: path, readOnly: true)
    defer {
      idleReaders.withLock { idle in
        if idle.count < Self.maxIdleReaders, !reader.isInTransaction { idle.append(reader) }
      }
    }
    return try reader.inTransaction(immediate: false, query)
  }

  /// Closes every connection; the database is not used afterwards.
  func close() {
    idleReaders.withLock { idle in
      for reader in idle { reader.close() }
      idle.removeAll()
    }
    writer.withLock { $0.close() }
  }
}
