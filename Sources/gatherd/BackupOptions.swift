import ArgumentParser
import GatherDaemon
import GatherStore
import Glibc

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

  /// The folder of dated copies beside the database at `database`, and how many to keep; a bad value is
  /// refused naming its option, variable or file and line. gatherd reads them at start too, so that a bad
  /// value stops it as any other does, before the timer's first copy.
  func settings(beside database: String, _ sources: SettingSources) throws -> BackupSettings {
    let range = BackupFolder.keepRange
    let keep =
      try sources.value(backupKeep.map(String.init), "GATHERD_BACKUP_KEEP")?.wholeNumber(
        in: range.lowerBound...range.upperBound, of: "copies") ?? Self.defaultKeep
    guard let directory = sources.value(backupDirectory, "GATHERD_BACKUP_DIRECTORY") else {
      let parent = Folders.parent(of: database)
      let beside = (parent.isEmpty ? "." : parent == "/" ? "" : parent) + "/backups"
      return BackupSettings(folder: BackupFolder(path: beside), keep: keep)
    }
    var status = stat()
    if stat(directory.text, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR {
      throw directory.refuse("exists and is not a folder")
    }
    return BackupSettings(folder: BackupFolder(path: directory.text), keep: keep)
  }
}

/// Where dated copies go and how many stay.
struct BackupSettings: Sendable {
  /// The folder of dated copies.
  let folder: BackupFolder
  /// How many copies it keeps.
  let keep: Int
}
