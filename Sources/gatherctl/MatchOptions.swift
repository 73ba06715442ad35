import ArgumentParser
import GatherAPI
import GatherRPC

/// The match-day options of `gatherctl gather start`: the format, and fair teams picked by gatherd.
struct MatchOptions: ParsableArguments {
  @Option(help: "Periods, 1 to 4 (default 1).") var periods: Int64?
  @Option(name: .customLong("break"), help: "The break between periods, mm:ss or seconds (default none).")
  var breakLength: String?
  @Flag(help: "Let gatherd split --players into two fair teams (gather suggest), then start.") var balanced = false
  @Option(help: "With --balanced: the players to split, ids or names, e.g. 1,2,3,4.") var players: String?
  @Option(help: "With --balanced: the seed that picks among equally fair splits.") var seed: Int64?

  /// "15:00", "90" or "0" as seconds, with no range check.
  static func seconds(_ text: String, _ what: String) throws -> Int64 {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int64($0) }
    switch (parts.count, parts.first ?? nil, parts.last ?? nil) {
    case (1, let seconds?, _) where seconds >= 0: return seconds
    case (2, let minutes?, let seconds?) where minutes >= 0 && (0..<60).contains(seconds): return minutes * 60 + seconds
    default: throw ValidationError("\"\(text)\" is not \(what); write mm:ss or seconds, such as 15:00.")
    }
  }

  func validate(teamsGiven: Bool) throws {
    if let breakLength { _ = try Self.seconds(breakLength, "a break") }
    if balanced {
      guard let players else { throw ValidationError("--balanced needs --players 1,2,3,….") }
      _ = try PlayerResolver.words(players)
      if teamsGiven { throw ValidationError("--balanced picks the teams; leave out --team-a and --team-b.") }
    } else if players != nil || seed != nil {
      throw ValidationError("--players and --seed go with --balanced.")
    }
  }

  func addFormat(to params: inout JSONObject) throws {
    if let periods { params["periods"] = .int(periods) }
    if let breakLength { params["breakLength"] = .int(try Self.seconds(breakLength, "a break")) }
  }

  /// Asks gatherd for fair teams, then starts the gather with them (and the bench, clock and format given)
  /// and prints it.
  func startBalanced(
    bench: String?, duration: String?, teamNames: TeamNameOptions, namesOnly: Bool, global: GlobalOptions
  ) throws {
    var resolver = PlayerResolver(connection: try global.connect(), namesOnly: namesOnly)
    let suggestion = try resolver.connection.call(
      .gatherSuggest, try SuggestCommand.params(players: players ?? "", bench: bench, seed: seed, &resolver))
    var params: JSONObject = [
      "teamA": .ids(suggestion.teamA.players.map(\.id)), "teamB": .ids(suggestion.teamB.players.map(\.id)),
    ]
    if let bench { params["bench"] = .ids(try resolver.ids(bench)) }
    if let duration { params["seconds"] = .int(Int64(try TimerCommand.seconds(duration))) }
    try addFormat(to: &params)
    teamNames.add(to: &params)
    try global.show(try resolver.connection.reply(.gatherStart, params)) {
      "Started with fair teams. " + Render.gather($0)
    }
  }
}
