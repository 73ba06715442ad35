import ArgumentParser
import GatherRPC
import Glibc

/// `gatherctl gather …`: the active gather and history.
struct GatherCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "gather", abstract: "Start, inspect, change and end gathers; browse history.",
    subcommands: [
      Start.self, SuggestCommand.self, Status.self, Move.self, End.self, Cancel.self, History.self, Show.self,
    ],
    defaultSubcommand: Status.self)

  /// "1,2,3" as ids.
  static func ids(_ text: String) throws -> [JSONValue] {
    try text.split(separator: ",").map { part in
      guard let id = Int64(part.filter { !$0.isWhitespace }) else {
        throw ValidationError("\"\(text)\" is not a list of player ids such as 1,2,3.")
      }
      return .int(id)
    }
  }

  struct Start: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Start a gather.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Option(name: .customLong("team-a"), help: "Team A's player ids, e.g. 1,2,3.") var teamA: String?
    @Option(name: .customLong("team-b"), help: "Team B's player ids.") var teamB: String?
    @Option(help: "The bench's player ids.") var bench: String?
    @Option(help: "The match clock of each period, mm:ss or seconds (default 10:00).") var duration: String?
    @OptionGroup var match: MatchOptions

    func validate() throws {
      for list in [teamA ?? "", teamB ?? "", bench ?? ""] where !list.isEmpty { _ = try GatherCommand.ids(list) }
      if let duration { _ = try TimerCommand.seconds(duration) }
      try match.validate(teamsGiven: teamA != nil || teamB != nil)
      if !match.balanced, teamA == nil || teamB == nil {
        throw ValidationError("Give --team-a and --team-b, or --balanced --players 1,2,3,….")
      }
    }

    func run() throws {
      var params: JSONObject = [:]
      if let bench { params["bench"] = .array(try GatherCommand.ids(bench)) }
      if let duration { params["seconds"] = .int(Int64(try TimerCommand.seconds(duration))) }
      try match.addFormat(to: &params)
      if match.balanced {
        try match.startBalanced(params, global: global)
        return
      }
      params["teamA"] = .array(try GatherCommand.ids(teamA ?? ""))
      params["teamB"] = .array(try GatherCommand.ids(teamB ?? ""))
      try global.run("gather.start", params) { "Started. " + Render.gather($0) }
    }
  }

  struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the active gather.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions

    func run() throws {
      try global.run("gather.current") { $0 == .null ? "No gather is being played." : Render.gather($0) }
    }
  }

  struct Move: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Move a player to a team, or add a roster player.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The player's id.") var player: Int64
    @Argument(help: "a, b or bench.") var team: String

    func validate() throws {
      if Render.team(team, allowBench: true) == nil { throw ValidationError("The team must be a, b or bench.") }
    }

    func run() throws {
      let name = Render.team(team, allowBench: true) ?? team
      try global.run("gather.assign", ["player": .int(player), "team": .string(name)]) { Render.gather($0) }
    }
  }

  struct End: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "End the gather and record its result.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions

    func run() throws { try global.run("gather.end") { "Ended. " + Render.gather($0) } }
  }

  struct Cancel: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Cancel the gather; it keeps no result.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions

    func run() throws { try global.run("gather.cancel") { "Cancelled gather \(Render.text($0["cancelled"]))." } }
  }

  struct History: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List ended gathers, newest first.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Option(help: "How many, 1 to 100 (default 20).") var limit: Int64?
    @Option(help: "Only gathers older than this id (for the next page).") var before: Int64?
    @Option(help: "Only the gathers of this player id.") var player: Int64?

    func run() throws {
      var params: JSONObject = [:]
      if let limit { params["limit"] = .int(limit) }
      if let before { params["before"] = .int(before) }
      if let player { params["player"] = .int(player) }
      try global.run("gathers.list", params) { result in
        let gathers = result["gathers"]?.arrayValue ?? []
        guard !gathers.isEmpty else { return "No gathers in the history." }
        var text = Render.table(
          ["ID", "ENDED", "SCORE", "WINNER"],
          gathers.map { gather in
            [
              Render.text(gather["id"]),
              String(Render.text(gather["endedAt"]).prefix(16).map { $0 == "T" ? " " : $0 }),
              Render.score(gather["score"]),
              ["teamA": "Team A", "teamB": "Team B", "none": "draw"][Render.text(gather["winner"])] ?? "-",
            ]
          })
        if let next = result["next"]?.intValue { text += "\nMore: gatherctl gather history --before \(next)" }
        return text
      }
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show an ended gather.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The gather's id.") var id: Int64

    func run() throws { try global.run("gathers.get", ["id": .int(id)]) { Render.gather($0) } }
  }
}
