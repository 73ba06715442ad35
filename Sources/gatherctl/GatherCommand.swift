import ArgumentParser
import GatherAPI
import GatherRPC

/// `gatherctl gather …`: the active gather and history.
struct GatherCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "gather", abstract: "Start, inspect, change and end gathers; browse history.",
    subcommands: [
      Start.self, SuggestCommand.self, Status.self, Move.self, RenameCommand.self, End.self, Cancel.self,
      History.self, Show.self, Report.self, Vote.self, VoteLink.self,
    ],
    defaultSubcommand: Status.self)

  struct Start: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Start a gather.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Option(name: .customLong("team-a"), help: "Team A's players, ids or names: 1,2,3 or Ana,Bruno.") var teamA: String?
    @Option(name: .customLong("team-b"), help: "Team B's players, ids or names.") var teamB: String?
    @Option(help: "The bench's players, ids or names.") var bench: String?
    @Option(help: "The match clock of each period, mm:ss or seconds (default 10:00).") var duration: String?
    @OptionGroup var match: MatchOptions
    @OptionGroup var teamNames: TeamNameOptions
    @OptionGroup var names: NameFlag
    @Option(
      help: ArgumentHelp(
        "Start from this plan: those checked in, else the going players, in fair teams (gather suggest --plan ID shows them first).",
        valueName: "id"))
    var plan: Int64?
    @Flag(help: "With --plan: start it even more than 12 hours before the plan's start.") var force = false

    func validate() throws {
      for list in [teamA, teamB, bench] { if let list { _ = try PlayerResolver.words(list) } }
      if let duration { _ = try TimerCommand.seconds(duration) }
      // Plans: the plan gives the players.
      if plan == nil, force { throw ValidationError("--force goes with --plan.") }
      if plan != nil {
        if teamA != nil || teamB != nil || bench != nil || match.balanced {
          throw ValidationError(
            "--plan picks the players and the teams; leave out --team-a, --team-b, --bench and --balanced.")
        }
        return try match.validate(teamsGiven: false)
      }
      try match.validate(teamsGiven: teamA != nil || teamB != nil)
      if !match.balanced, teamA == nil || teamB == nil {
        throw ValidationError("Give --team-a and --team-b, or --balanced --players 1,2,3,…, or --plan ID.")
      }
    }

    func run() throws {
      if let plan {
        var params: JSONObject = ["plan": .int(plan)]
        if let duration { params["seconds"] = .int(Int64(try TimerCommand.seconds(duration))) }
        try match.addFormat(to: &params)
        teamNames.add(to: &params)
        let gather = try PlanGuards.reply(.gatherStart, params, force: force, on: try global.connect())
        return try global.show(gather) { "Started from plan \(plan) with fair teams. " + Render.gather($0) }
      }
      if match.balanced {
        try match.startBalanced(
          bench: bench, duration: duration, teamNames: teamNames, namesOnly: names.namesOnly, global: global)
        return
      }
      try global.run(.gatherStart, namesOnly: names.namesOnly) { players in
        var params: JSONObject = [
          "teamA": .ids(try players.ids(teamA ?? "")), "teamB": .ids(try players.ids(teamB ?? "")),
        ]
        if let bench { params["bench"] = .ids(try players.ids(bench)) }
        if let duration { params["seconds"] = .int(Int64(try TimerCommand.seconds(duration))) }
        try match.addFormat(to: &params)
        teamNames.add(to: &params)
        return params
      } render: {
        "Started. " + Render.gather($0)
      }
    }
  }

  struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the active gather.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions

    func run() throws {
      try global.run(.gatherCurrent) { $0.map(Render.gather) ?? "No gather is being played." }
    }
  }

  struct Move: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Move a player to a team, or add a roster player.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The player: an id or a name.") var player: String
    @Argument(help: "a, b or bench.") var team: String
    @OptionGroup var names: NameFlag

    func validate() throws {
      try PlayerResolver.check(player)
      if Render.teamArgument(team) == nil { throw ValidationError("The team must be a, b or bench.") }
    }

    func run() throws {
      let name = Render.teamArgument(team)?.rawValue ?? team
      try global.run(.gatherAssign, namesOnly: names.namesOnly) { players in
        ["player": .int(try players.id(player)), "team": .string(name)]
      } render: {
        Render.gather($0)
      }
    }
  }

  struct Cancel: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Cancel the gather; it keeps no result.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions

    func run() throws { try global.run(.gatherCancel) { "Cancelled gather \($0.cancelled)." } }
  }

  struct History: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List ended gathers, newest first.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Option(help: "How many, 1 to 100 (default 20).") var limit: Int64?
    @Option(help: "Only gathers older than this id (for the next page).") var before: Int64?
    @Option(help: "Only the gathers of this player: an id or a name.") var player: String?
    @OptionGroup var names: NameFlag

    func validate() throws {
      if names.namesOnly, player == nil { throw ValidationError("--name goes with --player.") }
      try PlayerResolver.check(player)
    }

    func run() throws {
      try global.run(.gathersList, namesOnly: names.namesOnly) { players in
        var params: JSONObject = [:]
        if let limit { params["limit"] = .int(limit) }
        if let before { params["before"] = .int(before) }
        if let player { params["player"] = .int(try players.id(player)) }
        return params
      } render: { result in
        guard !result.gathers.isEmpty else { return "No gathers in the history." }
        var text = Render.table(
          ["ID", "ENDED", "SCORE", "WINNER"],
          result.gathers.map { gather in
            [
              Render.text(gather.id),
              String(Render.text(gather.endedAt).prefix(16).map { $0 == "T" ? " " : $0 }),
              Render.score(gather.score, names: gather.names),
              Render.winner(gather.winner, names: gather.names),
            ]
          })
        if let next = result.next { text += "\nMore: gatherctl gather history --before \(next)" }
        return text
      }
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show an ended gather.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The gather's id.") var id: Int64

    func run() throws { try global.run(.gathersGet, ["id": .int(id)]) { Render.gather($0) } }
  }

  struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print an ended gather's result as a message to share: score, scorers, man of the match, the next plan."
    )
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The gather's id (default: the last one that ended).") var id: Int64?

    func run() throws {
      // The message's own lines, each printed safely.
      try global.run(.gatherReport, id.map { ["gather": .int($0)] } ?? [:]) { report in
        report.text.split(separator: "\n", omittingEmptySubsequences: false)
          .map { Printable.text(String($0)) }.joined(separator: "\n")
      }
    }
  }
}
