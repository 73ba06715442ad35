import ArgumentParser
import GatherRPC

/// `gatherctl players …`: the roster.
struct PlayersCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "players", abstract: "List, add, show, edit and remove players.",
    subcommands: [Add.self, List.self, Show.self, Edit.self, Remove.self], defaultSubcommand: List.self)

  /// The player fields `add` and `edit` share.
  struct Fields: ParsableArguments {
    @Option(help: "Age in years, 1 to 120.") var age: Int?
    @Option(help: "goalkeeper, defender, midfielder, winger or striker (or GK, DEF, MID, W, ST).") var position: String?
    @Option(help: "beginner, amateur or professional.") var skill: String?
    @Option(help: ArgumentHelp("Favourite team.", valueName: "team")) var team: String?

    var params: JSONObject {
      var params: JSONObject = [:]
      if let age { params["age"] = .int(Int64(age)) }
      if let position { params["position"] = .string(position) }
      if let skill { params["skill"] = .string(skill) }
      if let team { params["favouriteTeam"] = .string(team) }
      return params
    }
  }

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Add a player to the roster.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The player's name.") var name: String
    @OptionGroup var fields: Fields

    func run() throws {
      var params = fields.params
      params["name"] = .string(name)
      try global.run("players.create", params) { "Added player \(Render.text($0["id"])): \(Render.text($0["name"]))." }
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the roster.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions

    func run() throws {
      try global.run("players.list") { result in
        let players = result["players"]?.arrayValue ?? []
        return players.isEmpty
          ? "No players yet; add one with: gatherctl players add NAME"
          : Render.table(Render.playerHeader, players.map(Render.playerRow))
      }
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show one player.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The player's id.") var id: Int64

    func run() throws {
      try global.run("players.get", ["id": .int(id)]) { Render.table(Render.playerHeader, [Render.playerRow($0)]) }
    }
  }

  struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Change a player's details.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The player's id.") var id: Int64
    @Option(help: "A new name.") var name: String?
    @OptionGroup var fields: Fields

    func validate() throws {
      if name == nil, fields.params.keys.isEmpty { throw ValidationError("Say what to change, e.g. --age 28.") }
    }

    func run() throws {
      var params = fields.params
      params["id"] = .int(id)
      if let name { params["name"] = .string(name) }
      try global.run("players.update", params) {
        "Updated player \(Render.text($0["id"])): \(Render.text($0["name"]))."
      }
    }
  }

  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove a player from the roster.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The player's id.") var id: Int64

    func run() throws {
      try global.run("players.delete", ["id": .int(id)]) { "Removed player \(Render.text($0["deleted"]))." }
    }
  }
}
