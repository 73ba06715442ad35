import ArgumentParser
import GatherAPI
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
    static let configuration = CommandConfiguration(
      abstract: "Add a player to the roster.",
      discussion: """
        A name already on the roster (ignoring case) is not added twice by mistake: gatherctl names the player \
        who has it and exits 1. Add --allow-duplicate to add a second player of that name; commands then tell \
        the two apart by id.
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The player's name.") var name: String
    @OptionGroup var fields: Fields
    @Flag(help: "Add the player even if one of that name is already on the roster.") var allowDuplicate = false

    func run() throws {
      var params = fields.params
      params["name"] = .string(name)
      try global.run(.playersCreate) { players in
        let namesakes = PlayerResolver.players(named: name, in: allowDuplicate ? [] : try players.rosterPlayers())
        if !namesakes.isEmpty {
          let shown = Printable.text(name)
          throw CtlError.declined(
            "\(namesakes.count == 1 ? "A player is" : "\(namesakes.count) players are") already named \"\(shown)\":\n"
              + PlayerResolver.table(namesakes)
              + "\nNothing was added. To add another player of that name, run it again with --allow-duplicate.")
        }
        return params
      } render: {
        "Added player \($0.id): \(Render.text($0.name))."
      }
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the roster.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions

    func run() throws {
      try global.run(.playersList) { result in
        let players = result.players
        return players.isEmpty
          ? "No players yet; add one with: gatherctl players add NAME"
          : Render.table(Render.playerHeader, players.map(Render.playerRow))
      }
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show one player.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The player: an id or a name.") var player: String
    @OptionGroup var names: NameFlag

    func validate() throws { try PlayerResolver.check(player) }

    func run() throws {
      try global.run(.playersGet, namesOnly: names.namesOnly) { players in
        ["id": .int(try players.id(player))]
      } render: {
        Render.table(Render.playerHeader, [Render.playerRow($0)])
      }
    }
  }

  struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Change a player's details.",
      discussion: "A player whose name is all digits is edited by id (--name here is the new name).",
      aliases: ["update"])
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The player: an id or a name.") var player: String
    @Option(help: "A new name.") var name: String?
    @OptionGroup var fields: Fields
    @Flag(
      inversion: .prefixedNo,
      help: "Mark the player a regular, or not: regulars may join a weekly game's plans first (plan schedule).")
    var regular: Bool?

    func validate() throws {
      try PlayerResolver.check(player)
      if name == nil, fields.params.keys.isEmpty, regular == nil {
        throw ValidationError("Say what to change, e.g. --age 28.")
      }
    }

    func run() throws {
      try global.run(.playersUpdate) { players in
        var params = fields.params
        params["id"] = .int(try players.id(player))
        if let name { params["name"] = .string(name) }
        if let regular { params["regular"] = .bool(regular) }
        return params
      } render: {
        "Updated player \($0.id): \(Render.text($0.name))."
      }
    }
  }

  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "rm", abstract: "Remove a player from the roster.", aliases: ["delete"])
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The player: an id or a name.") var player: String
    @OptionGroup var names: NameFlag

    func validate() throws { try PlayerResolver.check(player) }

    func run() throws {
      try global.run(.playersDelete, namesOnly: names.namesOnly) { players in
        ["id": .int(try players.id(player))]
      } render: {
        "Removed player \($0.deleted)."
      }
    }
  }
}
