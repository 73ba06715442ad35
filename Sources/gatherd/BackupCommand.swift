import ArgumentParser
import FoundationEssentials
import GatherStore

/// `gatherd backup`: a consistent copy of the database, taken beside a running gatherd.
struct BackupCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "backup",
    abstract: "Copy the database to FILE, consistently, while gatherd runs on.",
    discussion: """
      The copy is taken with SQLite's online backup API from a read-only connection of its own: gatherd goes on \
      serving and writing meanwhile, every change it acknowledged before the copy began is in it, and none is \
      half in it. It is written beside FILE under a temporary name, synced to disk and renamed, so FILE is never \
      a partial file; it is a plain SQLite file (mode 0600) that gatherd restore takes back.

      The database is the one gatherd uses with the same settings: gatherd's --database (before or after the \
      word backup), GATHERD_DATABASE, the configuration file's database key (--config), systemd's \
      STATE_DIRECTORY, else the default. Reading it takes the \
      right to open it: run this as the user gatherd runs as, or as root (the system service's database is \
      /var/lib/gatherd/gather.sqlite: sudo gatherd backup FILE).

      With --dated, the copy goes into the backup directory (--backup-directory; default: backups beside the \
      database), named by the time in UTC (gather-2026-11-25T031500.123Z.sqlite), and the oldest dated copies \
      there beyond --backup-keep (default 14) are deleted. gatherd-backup.timer runs this once a day.

      Exit status: 0 copied, 1 not copied (the reason on stderr).
      """)

  @Argument(help: ArgumentHelp("The copy to write; it must not exist yet, unless --force.", valueName: "file"))
  var file: String?

  @Flag(help: "Replace FILE if it exists.") var force = false

  @Flag(help: "Write a dated copy into the backup directory and delete the oldest beyond --backup-keep.")
  var dated = false

  /// gatherd's own options: --database, --config, --backup-directory and --backup-keep.
  @ParentCommand var gatherd: Gatherd

  func validate() throws {
    if dated == (file != nil) {
      throw ValidationError("Give the FILE to write, or --dated for a dated copy in the backup directory.")
    }
    if dated, force { throw ValidationError("--force replaces FILE; a dated copy never replaces anything.") }
  }

  func run() throws {
    try OneShot.run("backup", config: gatherd.config) { sources in
      let database = try DatabaseLocation.database(gatherd.database, sources)
      guard let file else {
        let backups = try gatherd.backups.settings(beside: database, sources)
        let (copy, removed) = try backups.folder.add(databaseAt: database, at: Date(), keep: backups.keep)
        let deleted = removed.isEmpty ? "" : "; deleted the oldest: " + removed.joined(separator: ", ")
        return "Copied \(database) to \(copy)\(deleted)."
      }
      let size = try DatabaseBackup.copy(databaseAt: database, to: file, replacing: force)
      return "Copied \(database) to \(file) (\(OneShot.size(size)))."
    }
  }
}
