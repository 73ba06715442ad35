import ArgumentParser
import GatherDaemon
import GatherStore

/// Where `gatherd backup --dated` keeps its dated copies, and how many: options of gatherd's, so that they are
/// keys of the configuration file (`backup-directory`, `backup-keep`) and variables (`GATHERD_BACKUP_DIRECTORY`,
/// `GATHERD_BACKUP_KEEP`) like every other setting.
struct BackupOptions: ParsableArguments {
  /// How many dated copies are kept when nothing says.
  static let defaultKeep = 14

  @Option(
    name: .customLong("backup-directory"),
    help: ArgumentHelp(
      "Where gatherd backup --dated keeps dated copies of the database (default: the folder backups beside the database).",
      valueName: "path"))
  var backupDirectory: String?

  @Option(
    name: .customLong("backup-keep"),
    help: ArgumentHelp(
      "How many dated copies gatherd backup --dated keeps, deleting the oldest: 1 to 10000 (default 14).",
      valueName: "count"))
  var backupKeep: Int?

  /// The folder of dated copies for the database at `database`.
  func folder(beside database: String, _ sources: SettingSources) -> BackupFolder {
    let parent = Folders.parent(of: database)
    let beside = (parent.isEmpty ? "." : parent == "/" ? "" : parent) + "/backups"
    return BackupFolder(path: sources.value(backupDirectory, "GATHERD_BACKUP_DIRECTORY") ?? beside)
  }

  /// How many dated copies to keep; a bad value names its setting (and the file's line).
  func keep(_ sources: SettingSources) throws -> Int {
    let text = sources.value(backupKeep.map(String.init), "GATHERD_BACKUP_KEEP") ?? String(Self.defaultKeep)
    guard let keep = Int(text), BackupFolder.keepRange.contains(keep) else {
      throw sources.locating(
        SettingsError("--backup-keep must be a whole number of copies from 1 to 10000, not \"\(text)\"."))
    }
    return keep
  }
}
