import ArgumentParser
import GatherRPC

/// `gatherctl score …`: goals, undo and corrections.
struct ScoreCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "score", abstract: "Score goals, undo the last one, correct or show the score.",
    subcommands: [Goal.self, Undo.self, Set.self, Show.self], defaultSubcommand: Show.self)

  struct Goal: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Score a goal for team a or b.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "a or b.") var team: String
    @Option(help: "The scorer: a player's id or name.") var player: String?
    @OptionGroup var names: NameFlag

    func validate() throws {
      if Render.team(team, allowBench: false) == nil { throw ValidationError("The team must be a or b.") }
      if names.namesOnly, player == nil { throw ValidationError("--name goes with --player.") }
      try PlayerResolver.check(player)
    }

    func run() throws {
      let name = Render.team(team, allowBench: false) ?? team
      try global.runNamingTeams("score.goal", namesOnly: names.namesOnly) { players in
        var params: JSONObject = ["team": .string(name)]
        if let player { params["player"] = .int(try players.id(player)) }
        return params
      } render: {
        Render.goalScored($0, names: $1)
      }
    }
  }

  struct Undo: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Take back the last goal.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    func run() throws { try global.runNamingTeams("score.undo") { Render.goalTakenBack($0, names: $1) } }
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
      try global.runNamingTeams("score.set") { _ in
        ["teamA": .int(parts[0]), "teamB": .int(parts[1])]
      } render: {
        Render.score($0["score"], names: $1)
      }
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the score and the goals.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions

    func run() throws {
      try global.runNamingTeams("score.get") { result, names in
        ([Render.score(result["score"], names: names)]
          + (result["goals"]?.arrayValue ?? []).map { "  " + Render.goal($0, names: names) })
          .joined(separator: "\n")
      }
    }
  }
}
