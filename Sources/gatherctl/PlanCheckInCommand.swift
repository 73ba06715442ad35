import ArgumentParser
import GatherAPI
import GatherRPC

extension PlanCommand {
  /// `gatherctl plan check-in`: on the night, who turned up, and fair teams of them.
  struct CheckIn: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "check-in",
      abstract: "On the night: mark who turned up, bring in waiting players and walk-ins, then start fair teams.",
      discussion: """
        Without players it lists the plan's going and waiting players by id, ticking those already checked in. \
        Give everyone who is here by id or name: going players, waiting players (they are brought in), or \
        anyone else on the roster (a walk-in); --walk-in NAME adds someone new to the roster, and a --walk-in \
        name that is a roster player's simply marks them here. The going players not given are no-shows, which \
        gatherctl stats --order attendance counts. A new check-in replaces the one before. --start then starts \
        a gather with those here in fair teams, as gatherctl gather start --plan does afterwards. With --json it \
        prints the plan as checked in; with --start --json, one object: {"plan": the plan as checked in, \
        "gather": the gather started}.
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "Who is here: ids or names, apart or as lists (3 5 Ana, or 3,5,Ana).") var players: [String] = []
    @Option(
      name: .customLong("walk-in"),
      help: ArgumentHelp("Someone new to the roster who is here (once for each).", valueName: "name"))
    var walkIns: [String] = []
    @Flag(help: "Then start a gather with those here, split into fair teams.") var start = false
    @Option(help: "With --start: the match clock of each period, mm:ss or seconds (default 10:00).")
    var duration: String?
    @Option(help: "With --start: periods, 1 to 4 (default 1).") var periods: Int64?
    @Option(name: .customLong("break"), help: "With --start: the break between periods, mm:ss or seconds.")
    var breakLength: String?
    @Flag(help: "With --start: start even more than 12 hours before the plan's start.") var force = false
    @OptionGroup var teamNames: TeamNameOptions
    @OptionGroup var choice: Choice
    @OptionGroup var names: NameFlag

    func validate() throws {
      for list in players { _ = try PlayerResolver.words(list) }
      for name in walkIns where PlayerResolver.trimmed(name).isEmpty {
        throw ValidationError("--walk-in needs a name, such as --walk-in Zé.")
      }
      let marking = !players.isEmpty || !walkIns.isEmpty
      if start, !marking {
        throw ValidationError(
          "Name who is here to start from them (plan check-in 3 5 Ana --start), or start from the check-in already made with gatherctl gather start --plan ID."
        )
      }
      let format =
        duration != nil || periods != nil || breakLength != nil || teamNames.teamA != nil
        || teamNames.teamB != nil
      if format || force, !start {
        throw ValidationError("--duration, --periods, --break, --force and the team names go with --start.")
      }
      if let duration { _ = try TimerCommand.seconds(duration) }
      if let breakLength { _ = try MatchOptions.seconds(breakLength, "a break") }
    }

    func run() throws {
      var resolver = PlayerResolver(connection: try global.connect(), namesOnly: names.namesOnly)
      let plan = try choice.id(on: resolver.connection)
      guard !players.isEmpty || !walkIns.isEmpty else {
        return try global.show(try resolver.connection.reply(.planGet, ["plan": .int(plan)])) {
          PlanRender.checkInList($0)
        }
      }
      var present: [Int64] = []
      for list in players { present += try resolver.ids(list) }
      // A walk-in who is on the roster after all is simply here.
      var newcomers: [JSONValue] = []
      let roster = try resolver.rosterPlayers()
      for name in walkIns.map(PlayerResolver.trimmed) {
        let known = PlayerResolver.players(named: name, in: roster)
        if known.count == 1 { present.append(known[0].id) } else { newcomers.append(.string(name)) }
      }
      var params: JSONObject = ["plan": .int(plan), "present": .ids(present)]
      if !newcomers.isEmpty { params["walkIns"] = .array(newcomers) }
      let checked = try resolver.connection.reply(.planCheckIn, params)
      guard start else { return try global.show(checked) { PlanRender.checkedIn($0, starting: false) } }
      // With --json, one document once the gather has started: the plan as checked in and the gather.
      if !global.json { print(PlanRender.checkedIn(try checked.value(), starting: true)) }
      var match: JSONObject = ["plan": .int(plan)]
      if let duration { match["seconds"] = .int(Int64(try TimerCommand.seconds(duration))) }
      if let periods { match["periods"] = .int(periods) }
      if let breakLength { match["breakLength"] = .int(try MatchOptions.seconds(breakLength, "a break")) }
      teamNames.add(to: &match)
      let gather = try PlanGuards.reply(.gatherStart, match, force: force, on: resolver.connection)
      print(
        global.json
          ? JSONWriter.string(.object(["plan": checked.json, "gather": gather.json]))
          : "Started from plan \(plan) with fair teams. " + Render.gather(try gather.value()))
    }
  }
}
