import ArgumentParser

/// `gatherctl backup FILE`: `gatherd backup`, the consistent copy of the database taken while gatherd runs.
struct BackupCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "backup",
    abstract: "Copy gatherd's database to FILE, consistently, while gatherd runs on (runs gatherd backup).",
    discussion: """
      The copy is taken from the database file itself, with SQLite's online backup API, by the gatherd installed \
      beside gatherctl: gatherd goes on serving meanwhile, every change it acknowledged before the copy began is \
      in it, and FILE is never a partial file. It takes read access to the database: run it as the user gatherd \
      runs as, or as root for the system service (sudo gatherctl backup FILE). gatherd backup --help says more; \
      gatherd-backup.timer takes a dated copy every day when enabled (systemctl enable --now \
      gatherd-backup.timer).
      """)

  @OptionGroup(visibility: .hidden) var global: GlobalOptions
  @Argument(help: ArgumentHelp("The copy to write; it must not exist yet, unless --force.", valueName: "file"))
  var file: String
  @Flag(help: "Replace FILE if it exists.") var force = false
  @Option(help: ArgumentHelp("The database, when it is not gatherd's default.", valueName: "path"))
  var database: String?
  @Option(help: ArgumentHelp("gatherd's configuration file, which may name the database.", valueName: "path"))
  var config: String?

  func run() throws {
    var arguments = ["backup", file] + (force ? ["--force"] : [])
    if let database { arguments += ["--database", database] }
    if let config { arguments += ["--config", config] }
    try GatherdTool.exec(arguments)
  }
}

/// `gatherctl restore FILE`: `gatherd restore`, a backup put back while gatherd is stopped.
struct RestoreCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "restore",
    abstract: "Replace gatherd's database with FILE, a backup, while gatherd is stopped (runs gatherd restore).",
    discussion: """
      FILE is checked first (an intact SQLite file with a gatherd schema this gatherd knows); then, only while no \
      gatherd runs, it takes the database's place in one rename, and the database it replaces is kept beside it. \
      Under systemd: systemctl stop gatherd.service gatherd.socket gatherd-status.socket, then sudo gatherctl \
      restore FILE, then systemctl start gatherd.socket gatherd-status.socket. gatherd restore --help says more.
      """)

  @OptionGroup(visibility: .hidden) var global: GlobalOptions
  @Argument(help: ArgumentHelp("The backup to restore.", valueName: "file")) var file: String
  @Option(help: ArgumentHelp("The database, when it is not gatherd's default.", valueName: "path"))
  var database: String?
  @Option(help: ArgumentHelp("gatherd's configuration file, which may name the database.", valueName: "path"))
  var config: String?

  func run() throws {
    var arguments = ["restore", file]
    if let database { arguments += ["--database", database] }
    if let config { arguments += ["--config", config] }
    if let socket = global.socket { arguments += ["--socket", socket] }
    try GatherdTool.exec(arguments)
  }
}
