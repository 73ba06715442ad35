import ArgumentParser
import GatherAPI
import GatherRPC

/// `gatherctl gather suggest 1,2,3,…`: two fair sides for these players.
struct SuggestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "suggest", abstract: "Suggest two fair teams from these players (changes nothing).",
    discussion: """
      By rating, each side's strength is the sum of its players' mu, and each player shows their RATING; by \
      skill, the sum of their skill points. Either way the prediction comes from that strength, and a draw from \
      how often the group's gathers were drawn. \(Render.ratingExplanation)
      """)
  @OptionGroup(visibility: .hidden) var global: GlobalOptions
  @Argument(help: "The players to split, ids or names, e.g. 1,2,3,4 or Ana,Bruno,Carla,Dani.") var players: String?
  @Option(
    help: ArgumentHelp(
      "Split this plan's players instead: those checked in, else the going ones, as gather start --plan would.",
      valueName: "id"))
  var plan: Int64?
  @Option(help: "Players to leave on the bench, ids or names.") var bench: String?
  @Option(help: "Ask again with another seed for another split that is just as fair.") var seed: Int64?
  @Option(
    help: ArgumentHelp(
      "Balance by rating (learned from results, the default) or skill (the players' declared levels).",
      valueName: "rating|skill"))
  var by: String?
  @Option(help: ArgumentHelp("Also show the next N fairest splits that really differ (1 to 5).", valueName: "n"))
  var alternatives: Int64?
  @OptionGroup var names: NameFlag

  func validate() throws {
    guard players != nil || plan != nil else {
      throw ValidationError("Give the players to split, such as Ana,Bruno,Carla,Dani, or --plan ID for a plan's.")
    }
    guard players == nil || plan == nil else {
      throw ValidationError("Give the players to split or --plan ID, not both.")
    }
    if plan != nil, bench != nil { throw ValidationError("--plan splits the plan's players; leave out --bench.") }
    if let players { _ = try PlayerResolver.words(players) }
    if let bench { _ = try PlayerResolver.words(bench) }
    if let by, !["rating", "skill"].contains(by) { throw ValidationError("--by is rating or skill, not \(by).") }
    if let alternatives, !(1...5).contains(alternatives) {
      throw ValidationError("--alternatives is a number from 1 to 5.")
    }
  }

  func run() throws {
    var heading: String?
    try global.run(.gatherSuggest, namesOnly: names.namesOnly) { resolver in
      var params: JSONObject
      if let plan {
        let (ids, from) = try Self.players(ofPlan: plan, on: resolver.connection)
        params = ["players": .ids(ids)]
        if let seed { params["seed"] = .int(seed) }
        heading = "Plan \(plan): \(ids.count) \(from)."
      } else {
        params = try Self.params(players: players ?? "", bench: bench, seed: seed, &resolver)
      }
      if let by { params["by"] = .string(by) }
      if let alternatives { params["alternatives"] = .int(alternatives) }
      return params
    } render: {
      (heading.map { $0 + "\n" } ?? "") + Self.render($0)
    }
  }

  /// The players a gather from plan `id` would split, in the order gatherd takes them: those checked in, else
  /// the going ones; and which they are.
  static func players(ofPlan id: Int64, on connection: Connection) throws(CtlError) -> ([Int64], String) {
    let plan = try connection.call(.planGet, ["plan": .int(id)])
    if let checkIn = plan.checkIn { return (checkIn.present.map(\.id), "checked in") }
    return (plan.going.map(\.id), "going (nobody is checked in yet)")
  }

  /// The params of `gather.suggest`, with the players' names looked up.
  static func params(
    players: String, bench: String?, seed: Int64?, _ resolver: inout PlayerResolver
  ) throws -> JSONObject {
    var params: JSONObject = ["players": .ids(try resolver.ids(players))]
    if let bench { params["bench"] = .ids(try resolver.ids(bench)) }
    if let seed { params["seed"] = .int(seed) }
    return params
  }

  /// Each side with its players, strength and why, the predicted result, the difference, then any alternatives.
  static func render(_ suggestion: API.Suggestion) -> String {
    var lines = split(teamA: suggestion.teamA, teamB: suggestion.teamB, percent: suggestion.percent)
    let bench = suggestion.bench.map { Render.text($0.name) }
    if !bench.isEmpty { lines.append("Bench: \(bench.joined(separator: ", "))") }
    // By skill the difference is in whole skill points; by rating, in mu to one decimal.
    let difference = { (value: Double) in
      suggestion.by == .skill ? "\(Render.decimal(value, places: 0)) skill points" : Render.decimal(value)
    }
    lines.append(
      "Difference in strength \(difference(suggestion.difference)), seed \(suggestion.seed), "
        + (suggestion.exact ? "the fairest split." : "found by search."))
    for (number, alternative) in suggestion.alternatives.enumerated() {
      lines.append("Alternative \(number + 1), difference in strength \(difference(alternative.difference)):")
      lines += split(teamA: alternative.teamA, teamB: alternative.teamB, percent: alternative.percent).map {
        "  " + $0
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Both sides of a split, each player with their rating (by rating) or skill points (by skill), each side with
  /// its strength, and its prediction.
  static func split(teamA: API.SuggestedSide, teamB: API.SuggestedSide, percent: API.Percent) -> [String] {
    var lines: [String] = []
    for (side, title) in [(teamA, "Team A"), (teamB, "Team B")] {
      var bySkill = false
      let players = side.players.map { player in
        let number: String
        switch player.rating {
        case .points(let points):
          bySkill = true
          number = " \(points) pts"
        case .rating(let rating): number = " rating \(Render.rating(rating))"
        }
        return "\(Render.text(player.name)) #\(player.id)\(number)"
      }
      let strength =
        bySkill
        ? "\(Render.decimal(side.strength, places: 0)) skill points"
        : "\(Render.decimal(side.strength)), the sum of mu"
      lines.append("\(title), strength \(strength): \(players.joined(separator: ", "))")
      let positions = counts(side.positions)
      let skills = counts(side.skills)
      lines.append("  \(Render.count(side.goalkeepers, "goalkeeper")); positions \(positions); skills \(skills)")
    }
    lines.append(Render.prediction(percent))
    return lines
  }

  /// "defender 2, striker 1", by name.
  private static func counts(_ counts: [String: Int64]) -> String {
    guard !counts.isEmpty else { return "-" }
    return counts.sorted { $0.key < $1.key }.map { "\(Render.text($0.key)) \($0.value)" }.joined(separator: ", ")
  }
}
