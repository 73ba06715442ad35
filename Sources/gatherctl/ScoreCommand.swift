import ArgumentParser
import GatherAPI
import GatherRPC

/// `gatherctl score …`: goals, undo and corrections.
struct ScoreCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "score", abstract: "Score goals, undo the last one, correct or show the score.",
    subcommands: [Goal.self, Undo.self, Set.self, Show.self], defaultSubcommand: Show.self)

  struct Goal: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Score a goal: for the scorer's side, or for a side named a, b or by its name.",
      discussion: """
        score goal Ana scores for the side Ana plays for; score goal bibs (or a) for the side called Bibs, \
        with --player for its scorer. Sides are named ignoring case, and a side's name wins over a player's \
        of the same name (--player names the player). A name that matches nobody is refused with the closest \
        names, and nothing is scored.
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(
      help: ArgumentHelp("The side (a, b or its name) or the scorer (a name or an id).", valueName: "side|scorer"))
    var side: String?
    @Option(help: "The scorer: a player's id or name.") var player: String?
    @OptionGroup var names: NameFlag

    func validate() throws {
      if side == nil, player == nil {
        throw ValidationError(
          "Say who scored or for which side: score goal Ana, score goal bibs, or score goal a --player Ana.")
      }
      if names.namesOnly, player == nil, let side, Render.sideArgument(side) != nil {
        throw ValidationError("--name reads a scorer's name: score goal --player \(side) --name.")
      }
      try PlayerResolver.check(side)
      try PlayerResolver.check(player)
    }

    func run() throws {
      var players = PlayerResolver(connection: try global.connect(), namesOnly: names.namesOnly)
      let gather = try players.connection.call(.gatherCurrent)
      let target = try GoalTarget(word: side, player: player, gather: gather, players: &players)
      var params: JSONObject = ["team": .string(target.team.rawValue)]
      if let scorer = target.scorer { params["player"] = .int(scorer) }
      try global.show(try players.connection.reply(.scoreGoal, params)) {
        Render.goalScored($0, names: gather?.names)
      }
    }
  }

  struct Undo: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Take back the last goal.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    func run() throws { try global.runNamingTeams(.scoreUndo) { Render.goalTakenBack($0, names: $1) } }
  }

  struct Set: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Set the score outright, e.g. 2-1 (logged).")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "A-B, e.g. 2-1.") var score: String

    func validate() throws {
      if score.split(separator: "-", omittingEmptySubsequences: false).compactMap({ Int64($0) }).count != 2 {
        throw ValidationError("\"\(score)\" is not a score; write it as 2-1.")
      }
    }

    func run() throws {
      let parts = score.split(separator: "-", omittingEmptySubsequences: false).compactMap { Int64($0) }
      guard parts.count == 2 else { throw ValidationError("\"\(score)\" is not a score; write it as 2-1.") }
      try global.runNamingTeams(.scoreSet) { _ in
        ["teamA": .int(parts[0]), "teamB": .int(parts[1])]
      } render: {
        Render.score($0.score, names: $1)
      }
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the score and the goals.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions

    func run() throws {
      try global.runNamingTeams(.scoreGet) { result, names in
        ([Render.score(result.score, names: names)] + result.goals.map { "  " + Render.goal($0, names: names) })
          .joined(separator: "\n")
      }
    }
  }
}
