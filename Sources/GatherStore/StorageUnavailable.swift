import CSQLite

/// The database could not be written: the disk is full, failing or read-only, or another program held its lock
/// for longer than the busy timeout. The write's transaction was rolled back, so nothing of it is on disk; the
/// same write may succeed once storage recovers.
public struct StorageUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
  private enum Cause: String, Sendable {
    case diskFull = "disk_full"
    case ioError = "io_error"
    case readOnly = "read_only"
    case cannotOpen = "cannot_open"
    case busy = "busy"
  }

  private let code: Cause
  /// The database file that could not be written.
  public let path: String
  /// What SQLite said, e.g. "database or disk is full".
  public let detail: String

  private init(_ code: Cause, path: String, detail: String) {
    self.code = code
    self.path = path
    self.detail = detail
  }

  /// The cause as a stable code: `disk_full`, `io_error`, `read_only`, `cannot_open` or `busy`.
  public var cause: String { code.rawValue }

  /// The cause in words, e.g. "the disk is full".
  public var causeText: String {
    switch code {
    case .diskFull: "the disk is full"
    case .ioError: "an I/O error"
    case .readOnly: "the database is read-only"
    case .cannotOpen: "its journal cannot be opened"
    case .busy: "another program, such as a backup or the sqlite3 shell, is holding it locked"
    }
  }

  /// The error, naming the database and the cause.
  public var description: String { "The database \(path) cannot be written: \(causeText) (\(detail))." }

  /// The disk holding the database is full (SQLITE_FULL, ENOSPC).
  public static func diskFull(path: String, detail: String = "database or disk is full") -> StorageUnavailable {
    StorageUnavailable(.diskFull, path: path, detail: detail)
  }
  /// Reading or writing the database failed (SQLITE_IOERR, EIO).
  public static func ioError(path: String, detail: String = "disk I/O error") -> StorageUnavailable {
    StorageUnavailable(.ioError, path: path, detail: detail)
  }
  /// The database, or its file system, is read-only (SQLITE_READONLY, EROFS).
  public static func readOnly(path: String, detail: String = "attempt to write a readonly database")
    -> StorageUnavailable
  {
    StorageUnavailable(.readOnly, path: path, detail: detail)
  }
  /// The database's journal or WAL cannot be opened (SQLITE_CANTOPEN).
  public static func cannotOpen(path: String, detail: String = "unable to open database file") -> StorageUnavailable {
    StorageUnavailable(.cannotOpen, path: path, detail: detail)
  }

  /// Another program held the database's write lock past the busy timeout (SQLITE_BUSY, SQLITE_LOCKED).
  public static func busy(path: String, detail: String = "database is locked") -> StorageUnavailable {
    StorageUnavailable(.busy, path: path, detail: detail)
  }

  /// The storage failure behind an SQLite error, or nil when the error is of another kind (a constraint, out of
  /// memory, …), which keeps its own handling.
  static func classify(_ error: SQLiteError, path: String) -> StorageUnavailable? {
    let detail = error.message
    // SQLITE_IOERR_NOMEM is memory, not storage: it keeps the generic handling, like SQLITE_NOMEM.
    if error.extendedResultCode == CSQLITE_IOERR_NOMEM { return nil }
    switch error.resultCode {
    case SQLITE_FULL: return .diskFull(path: path, detail: detail)
    case SQLITE_IOERR: return .ioError(path: path, detail: detail)
    case SQLITE_READONLY: return .readOnly(path: path, detail: detail)
    case SQLITE_CANTOPEN: return .cannotOpen(path: path, detail: detail)
    case SQLITE_BUSY, SQLITE_LOCKED: return .busy(path: path, detail: detail)
    default: return nil
    }
  }
}

extension GatherStore {
  /// Runs `updates` in one transaction on the writer. If SQLite cannot write (disk full, I/O error,
  /// read-only), the transaction has been rolled back and this throws ``StorageUnavailable``; the connection
  /// stays usable, so a later write succeeds once storage recovers.
  func transaction<T: Sendable>(_ updates: (SQLiteConnection) throws -> T) throws -> T {
    do {
      return try database.write(updates)
    } catch let error as SQLiteError {
      guard let unavailable = StorageUnavailable.classify(error, path: database.path) else { throw error }
      throw unavailable
    }
  }
}
