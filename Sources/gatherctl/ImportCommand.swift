import ArgumentParser
import GatherAPI
import GatherRPC

/// `gatherctl import FILE`: a roster from CSV, all of it or nothing.
struct ImportCommand: ParsableCommand {
  /// The columns import reads, as the header names them (in any order and case); `id` is skipped, so
  /// the players.csv that export writes imports as it is.
  static let columns = ["name", "position", "skill", "age", "favouriteTeam"]
  /// The most players one import adds (`players.import` takes as many).
  static let maxPlayers = 1_000

  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Add the players of a CSV file to the roster: all of them, or none.",
    discussion: """
      FILE (- for standard input) is CSV as RFC 4180 writes it, in UTF-8: a header row, then one player per row. \
      The header names the columns, in any order: name (required), and any of position, skill, age, \
      favouriteTeam; an id column, as in gatherctl export's players.csv, is skipped. An empty cell leaves the \
      field unset. For example:

        name,position,skill
        Ana,striker,amateur
        "Silva, Bruno",GK,professional

      Every row is checked by gatherd before anything is added, and the players are added in one go: if a row \
      is refused (an unknown position or skill, an empty name, a name already on the roster or twice in the \
      file), gatherctl names its line and nothing is imported. --allow-duplicate adds names that are taken.
      """)

  @OptionGroup(visibility: .hidden) var global: GlobalOptions
  @Argument(help: ArgumentHelp("The CSV file, or - for standard input.", valueName: "file")) var file: String
  @Flag(help: "Add a player even if one of that name is already on the roster or in the file.")
  var allowDuplicate = false

  func run() throws {
    let rows = try Self.rows(file, text: String(decoding: try OutputFile.read(file, limit: 16 << 20), as: UTF8.self))
    var params: JSONObject = ["players": .array(rows.map { .object($0.player) })]
    if allowDuplicate { params["allowDuplicate"] = true }
    try global.show(try send(params, rows: rows)) { result in
      "Imported \(Render.count(result.players.count, "player")):\n"
        + Render.table(Render.playerHeader, result.players.map(Render.playerRow))
    }
  }

  /// Calls `players.import`; a refused row is named by its line.
  private func send(_ params: JSONObject, rows: [Row]) throws(CtlError) -> Reply<API.PlayersImported> {
    do {
      return try global.connect().reply(.playersImport, params)
    } catch {
      guard case .refused(let reply) = error, reply.code == -32602 else { throw error }
      throw .declined(Self.explain(reply, file: file, rows: rows))
    }
  }

  /// One data row: the line it starts on and the player's params.
  struct Row {
    let line: Int
    let player: JSONObject
  }

  /// The rows of the CSV text, or an error that names the line.
  static func rows(_ file: String, text: String) throws(CtlError) -> [Row] {
    let records: [CSVReader.Record]
    do { records = try CSVReader.records(text) } catch {
      throw .declined("\(file) line \(error.line): \(error.message). Nothing was imported.")
    }
    guard let header = records.first else {
      throw .declined("\(file) is empty: it needs a header row such as name,position,skill.")
    }
    var columns: [String?] = []
    for name in header.fields.map({ $0.trimmingSpaces }) {
      if let known = Self.columns.first(where: { $0.lowercased() == name.lowercased() }) {
        guard !columns.contains(known) else {
          throw .declined("\(file) line \(header.line): the column \(known) is there twice.")
        }
        columns.append(known)
      } else if name.lowercased() == "id" {
        columns.append(nil)
      } else {
        throw .declined(
          "\(file) line \(header.line): unknown column \"\(name)\"; the columns are \(Self.columns.joined(separator: ", ")) (and id, which is skipped)."
        )
      }
    }
    guard columns.contains("name") else {
      throw .declined("\(file) line \(header.line): the header has no name column.")
    }
    let data = records.dropFirst()
    guard !data.isEmpty else { throw .declined("\(file) has a header but no players. Nothing was imported.") }
    guard data.count <= maxPlayers else {
      throw .declined(
        "\(file) has \(data.count) players; one import takes at most \(maxPlayers). Nothing was imported.")
    }
    return try data.map { record throws(CtlError) in
      guard record.fields.count == columns.count else {
        throw .declined(
          "\(file) line \(record.line): \(record.fields.count) fields, but the header has \(columns.count). Nothing was imported."
        )
      }
      var player: JSONObject = [:]
      for (column, cell) in zip(columns, record.fields) {
        guard let column, !cell.trimmingSpaces.isEmpty else { continue }
        if column == "age", let age = Int64(cell.trimmingSpaces) {
          player[column] = .int(age)
        } else {
          player[column] = .string(
            column == "name" || column == "favouriteTeam" ? CSVReader.plainText(cell) : cell.trimmingSpaces)
        }
      }
      return Row(line: record.line, player: player)
    }
  }

  /// The daemon's refusal of a row (`players[4].skill`), as the line of the file it came from.
  static func explain(_ error: RPCErrorReply, file: String, rows: [Row]) -> String {
    let prefix = "players["
    guard error.field.hasPrefix(prefix), let close = error.field.firstIndex(of: "]"),
      let index = Int(error.field[error.field.index(error.field.startIndex, offsetBy: prefix.count)..<close]),
      rows.indices.contains(index)
    else { return "\(error.message) Nothing was imported." }
    var message = error.message
    if message.hasPrefix("players[\(index)]: ") { message.removeFirst("players[\(index)]: ".count) }
    message = message.replacing("with allowDuplicate", with: "with --allow-duplicate")
    // Another row the message names (a name that is twice in the file) is a line too.
    for (other, row) in rows.enumerated() where message.contains("players[\(other)]") {
      message = message.replacing("players[\(other)]", with: "line \(row.line)")
    }
    return "\(file) line \(rows[index].line): \(message) Nothing was imported."
  }
}

extension String {
  /// The text without spaces and tabs at either end.
  var trimmingSpaces: String {
    let blank = { (character: Character) in character == " " || character == "\t" }
    return String(drop(while: blank).reversed().drop(while: blank).reversed())
  }
}
