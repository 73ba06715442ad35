import CSQLite
import FoundationEssentials
import Glibc

/// Puts a checked copy in the place of gatherd's database while no process has that database open, keeping
/// the database it replaces beside it as a dated copy.
public enum DatabaseRestore {
  /// What a restore did.
  public struct Outcome: Sendable {
    /// What the restored file holds.
    public let check: DatabaseCheck
    /// Where the replaced database is kept, if there was one.
    public let keptAs: String?
  }

  /// Whether another connection, in this process or another, has the database at `path` open (a running
  /// gatherd): false when there is no database there.
  public static func isInUse(_ path: String) throws -> Bool {
    guard access(path, F_OK) == 0 else { return false }
    do {
      try ExclusiveDatabase(path: path).close()
      return false
    } catch let error as DatabaseFileError where error.problem == .inUse {
      return true
    }
  }

  /// Puts a copy of `file` in place of the database at `path`, whose folder must exist, once the copy passes
  /// ``DatabaseCheck`` (the copy, not `file`: what is checked is what is put in place, even if `file` changes). The replaced database is first made whole (what its WAL held is written into it, and the WAL is
  /// gone) and then kept as `PATH.replaced-<date>`; the new one is synced to disk before it takes its name, so
  /// `path` always names one whole database. Throws ``DatabaseFileError`` with ``DatabaseFileError/Problem/inUse``
  /// while anything has the database open; nothing changes then.
  public static func replace(databaseAt path: String, with file: String, at date: Date) throws -> Outcome {
    var current = stat()
    let hasCurrent = stat(path, &current) == 0
    var restored = stat()
    if hasCurrent, stat(file, &restored) == 0, restored.st_dev == current.st_dev, restored.st_ino == current.st_ino {
      throw DatabaseFileError(.sameFile, "\(file) is the database itself: there is nothing to restore.")
    }
    // Held until the new database is in place, so that nothing writes to the old one meanwhile.
    let lock = hasCurrent ? try ExclusiveDatabase(path: path) : nil
    defer { lock?.close() }
    try lock?.makeWhole()
    let staged = try StagedFile(for: path)
    let keptAs = hasCurrent ? path + ".replaced-" + BackupFolder.name(at: date).dropFirst("gather-".count) : nil
    let check: DatabaseCheck
    do {
      do {
        try DatabaseBackup.copy(from: SQLiteConnection(path: file, readOnly: true), toFileAt: staged.temporaryPath)
      } catch let error as SQLiteError {
        throw DatabaseCheck.fault(error, in: file) ?? error
      }
      check = try DatabaseCheck.check(staged.temporaryPath, as: file)
      // Run as root for a database of the service's user: the new file is that user's too.
      var folder = stat()
      let owner = hasCurrent ? Optional(current) : (stat(StagedFile.folder(of: path), &folder) == 0 ? folder : nil)
      if geteuid() == 0, let owner, chown(staged.temporaryPath, owner.st_uid, owner.st_gid) != 0 {
        throw DatabaseFileError.system("cannot give \(staged.temporaryPath) to the database's owner", errno)
      }
      try staged.sync()
      if let keptAs, rename(path, keptAs) != 0 {
        throw DatabaseFileError.system("cannot keep the replaced database as \(keptAs)", errno)
      }
      do { try staged.commit(replacing: true) } catch {
        // The replaced database goes back to its name, so that nothing has changed.
        if let keptAs { rename(keptAs, path) }
        throw error
      }
    } catch {
      staged.discard()
      throw error
    }
    return Outcome(check: check, keptAs: keptAs)
  }
}
