import ArgumentParser
import GatherAPI
import GatherRPC

/// `--team-a-name` and `--team-b-name` of `gatherctl gather start`: what the sides are called.
struct TeamNameOptions: ParsableArguments {
  @Option(
    name: .customLong("team-a-name"),
    help: ArgumentHelp("What Team A is called, 1 to 24 characters, e.g. Bibs (default Team A).", valueName: "name"))
  var teamA: String?
  @Option(
    name: .customLong("team-b-name"),
    help: ArgumentHelp("What Team B is called, e.g. Colours (default Team B).", valueName: "name"))
  var teamB: String?

  /// Adds `names` to `gather.start`'s params when a name was given; gatherd checks the names.
  func add(to params: inout JSONObject) {
    var names: JSONObject = [:]
    if let teamA { names["teamA"] = .string(teamA) }
    if let teamB { names["teamB"] = .string(teamB) }
    if !names.keys.isEmpty { params["names"] = .object(names) }
  }
}

/// `gatherctl gather rename a Bibs [b Colours]`: renames the sides of the active gather.
struct RenameCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rename", abstract: "Rename the teams of the active gather.",
    discussion: """
      Give a side, a or b, and its new name, for one side or both: gatherctl gather rename a Bibs b Colours. \
      A name has 1 to 24 characters (quote one with spaces), and the two sides' names must differ. The \
      names go to history with the gather; the teams keep their places (teamA and teamB).
      """)
  @OptionGroup(visibility: .hidden) var global: GlobalOptions
  @Argument(help: ArgumentHelp("a or b and its new name, once or for both sides.", valueName: "side name"))
  var pairs: [String]

  /// The new names by the daemon's side ("teamA", "teamB").
  func names() throws -> JSONObject {
    guard !pairs.isEmpty, pairs.count % 2 == 0, pairs.count <= 4 else {
      throw ValidationError("Give a side and its new name, for one side or both: rename a Bibs b Colours.")
    }
    var names: JSONObject = [:]
    for index in stride(from: 0, to: pairs.count, by: 2) {
      guard let side = Render.sideArgument(pairs[index]) else {
        throw ValidationError("\"\(pairs[index])\" is not a side; write a or b before each new name.")
      }
      guard names[side.rawValue] == nil else { throw ValidationError("Side \(pairs[index]) is named twice.") }
      names[side.rawValue] = .string(pairs[index + 1])
    }
    return names
  }

  func validate() throws { _ = try names() }

  func run() throws {
    try global.run(.gatherRename, ["names": .object(try names())]) { gather in
      "Renamed: \(Render.score(gather.score, names: gather.names))"
    }
  }
}
