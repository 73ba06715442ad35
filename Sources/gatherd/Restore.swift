import ArgumentParser
import FoundationEssentials
import GatherDaemon
import GatherStore

/// `gatherd restore`: a backup put back in the place of the database, while no gatherd runs.
struct RestoreCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "restore",
    abstract: "Replace the database with FILE, a backup, while gatherd is stopped.",
    discussion: """
      FILE is checked first: an SQLite file that PRAGMA integrity_check passes, with gatherd's record of its \
      schema, made by this gatherd or an older one (whose schema gatherd brings up to date when it next starts), \
      never by a newer one. Then, only while gatherd is stopped (its database open in no other process and its \
      socket answering nobody), a copy of FILE is synced to disk and put in place of the database in one rename. \
      The database it replaces is never deleted: it is kept beside it as DATABASE.replaced-DATE.sqlite, whole \
      (what its write-ahead log held is written into it first). FILE itself is left as it is.

      The database and the socket are the ones gatherd uses with the same settings (gatherd's --database and \
      --socket, before or after the word restore, their variables, the configuration file, the defaults). Under \
      systemd, as root: systemctl stop gatherd.service gatherd.socket gatherd-status.socket (and \
      gatherd-http.socket, gatherd-metrics.socket if enabled), then gatherd restore FILE, then systemctl start \
      gatherd.socket gatherd-status.socket. Run as root, the new database is given to the owner of the one it \
      replaces.

      Exit status: 0 restored, 1 refused or failed (the reason on stderr; nothing was changed).
      """)

  @Argument(help: ArgumentHelp("The backup to restore (gatherd backup wrote it).", valueName: "file"))
  var file: String

  /// gatherd's own options: --database, --socket and --config.
  @ParentCommand var gatherd: Gatherd

  func run() throws {
    try OneShot.run("restore", config: gatherd.config) { sources in
      let database = try DatabaseLocation.database(gatherd.database, sources)
      let socket = try DatabaseLocation.socket(gatherd.socket, sources)
      // A bad file is refused first, whether gatherd runs or not.
      _ = try DatabaseCheck.check(file)
      let stop =
        "Stop gatherd first (under systemd: systemctl stop gatherd.service gatherd.socket gatherd-status.socket), "
        + "then restore again. Nothing was changed."
      if try DatabaseRestore.isInUse(database) {
        throw RestoreRefusal("gatherd is running: its database \(database) is open. \(stop)")
      }
      if SocketFile(path: socket).hasListener {
        throw RestoreRefusal(
          "Something listens on gatherd's socket \(socket): a running gatherd, or a socket unit that would start "
            + "one. \(stop)")
      }
      let folder = Folders.parent(of: database)
      if !folder.isEmpty { try Folders.create(folder, mode: 0o700) }
      let outcome = try DatabaseRestore.replace(databaseAt: database, with: file, at: Date())
      let counted = [
        (outcome.check.players, "player"), (outcome.check.gathers, "gather"), (outcome.check.plans, "plan"),
      ]
      let holds = counted.map { count, noun in "\(count) \(noun)\(count == 1 ? "" : "s")" }.joined(separator: ", ")
      let kept = outcome.keptAs.map { " The database it replaced is kept as \($0)." } ?? ""
      let upgrade =
        outcome.check.pendingMigrations.isEmpty
        ? "" : " gatherd brings its schema up to date when it starts (\(outcome.check.pendingMigrations.count) steps)."
      return "Restored \(file) (\(holds)) as \(database).\(kept)\(upgrade)"
    }
  }
}

/// gatherd restore would not go on.
struct RestoreRefusal: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
