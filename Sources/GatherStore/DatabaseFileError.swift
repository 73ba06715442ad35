import Glibc

/// Why a backup or a restore of the database file was refused or failed: a stable problem for programs and a
/// sentence that names the file for people.
public struct DatabaseFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, as a stable code.
  public enum Problem: String, Sendable {
    /// There is no file at the path.
    case missing
    /// The copy would replace a file that exists, and replacing was not asked for.
    case exists
    /// The copy would replace the database it is a copy of.
    case sameFile = "same_file"
    /// The file is not an SQLite database.
    case notSQLite = "not_sqlite"
    /// The file is an SQLite database, damaged: `PRAGMA integrity_check` finds faults, or SQLite cannot read it.
    case damaged
    /// The file is an SQLite database, but not gatherd's: it has no record of gatherd's migrations.
    case notGatherd = "not_gatherd"
    /// The file is a gatherd database made by a newer gatherd, whose schema this one does not know.
    case newer
    /// Another process has the database open: a running gatherd, most likely.
    case inUse = "in_use"
    /// The system refused a file operation (permissions, a full disk, …).
    case system
  }

  /// What went wrong.
  public let problem: Problem
  /// The sentence, naming the file.
  public let description: String

  init(_ problem: Problem, _ description: String) {
    self.problem = problem
    self.description = description
  }

  /// A file operation failed with `code` (an errno): "cannot write PATH: Permission denied."
  static func system(_ what: String, _ code: Int32) -> DatabaseFileError {
    DatabaseFileError(.system, "gatherd \(what): \(String(cString: strerror(code))).")
  }

  /// The copy's destination exists.
  static func exists(_ path: String) -> DatabaseFileError {
    DatabaseFileError(
      .exists, "\(path) exists already; nothing was written. Choose another name, or replace it with --force.")
  }
}
