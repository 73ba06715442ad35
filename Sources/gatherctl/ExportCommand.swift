import ArgumentParser
import GatherRPC
import Glibc

/// `gatherctl export`: the roster, the history and the plans, as data to take away.
struct ExportCommand: ParsableCommand {
  /// What to write.
  enum Format: String, ExpressibleByArgument, CaseIterable {
    case json, csv
  }

  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Export the roster, every ended gather (lineups and goals) and every plan, as JSON or CSV.",
    discussion: """
      json writes one document, {"format":"gatherd-export", "gatherd", "players", "gathers", "plans"}, with the \
      objects the daemon's methods answer (Player, GatherRecord oldest first, Plan by id), to standard output \
      or to --output FILE.

      csv writes one file per table into the folder --output names (made if missing), each with a header row, \
      in UTF-8 with CRLF line ends (RFC 4180), for a spreadsheet: players.csv (name, position, skill, age, \
      favouriteTeam, id: what gatherctl import reads), gathers.csv, lineups.csv, goals.csv (each row names its \
      gather), plans.csv and signups.csv (each row names its plan). A name, place or note that starts with =, \
      +, -, @ is written after an apostrophe, so that a spreadsheet shows it instead of running it as a \
      formula; gatherctl import takes the apostrophe off.

      Everything is read through the daemon's read methods, so whoever may watch may export. Files are written \
      under a temporary name and renamed (mode 0600); an existing file is kept unless --force.
      """)

  @OptionGroup(visibility: .hidden) var global: GlobalOptions
  @Option(help: "json (one document) or csv (one file per table).") var format: Format = .json
  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      "json: the file to write (default: standard output); csv: the folder to write the tables into.",
      valueName: "path"))
  var output: String?
  @Flag(help: "Replace files that exist.") var force = false

  func validate() throws {
    if format == .csv, output == nil {
      throw ValidationError("CSV is one file per table: give the folder to write them into with --output.")
    }
  }

  func run() throws {
    let data = try ExportData.fetch(try global.connect())
    let counts =
      "\(Render.count(data.players.count, "player")), \(Render.count(data.gathers.count, "gather")) and "
      + Render.count(data.plans.count, "plan")
    switch (format, output) {
    case (.json, nil):
      print(JSONWriter.string(data.json))
    case (.json, let file?):
      try OutputFile.write(JSONWriter.string(data.json) + "\n", to: file, replacing: force)
      print("Exported \(counts) to \(file).")
    case (.csv, let folder):
      let folder = folder ?? "."
      try OutputFile.makeFolder(folder)
      let files = ExportTables.files(data)
      if !force, let existing = files.first(where: { access(folder + "/" + $0.name, F_OK) == 0 }) {
        throw CtlError.declined(
          "\(folder)/\(existing.name) exists already; nothing was written. Choose another folder, or replace the files with --force."
        )
      }
      for file in files { try OutputFile.write(file.text, to: folder + "/" + file.name, replacing: true) }
      print("Exported \(counts) to \(folder): \(files.map(\.name).joined(separator: ", ")).")
    }
  }
}
