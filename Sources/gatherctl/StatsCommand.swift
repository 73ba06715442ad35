import ArgumentParser
import GatherAPI
import GatherRPC

/// `gatherctl stats …`: who wins most and who scores, over ended gathers.
struct StatsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stats", abstract: "Show player stats over ended gathers.", discussion: Render.ratingExplanation,
    subcommands: [Table.self, Player.self], defaultSubcommand: Table.self)

  static let orders = ["rating", "wins", "goals", "winRate", "played", "attendance"]

  /// The strikes that count now, "2", and "2 (held back)" when they make the player wait for plans' openings.
  static func strikes(_ attendance: API.Attendance) -> String {
    "\(attendance.strikes)" + (attendance.heldBack ? " (held back)" : "")
  }

  /// A ratio as a percentage, "66.7%".
  static func percent(_ ratio: Double) -> String {
    guard ratio.isFinite else { return "-" }
    let tenths = Int((ratio * 1000).rounded())
    return "\(tenths / 10).\(tenths % 10)%"
  }

  /// Goals per gather with two decimals, "0.67".
  static func perGather(_ ratio: Double) -> String {
    guard ratio.isFinite else { return "-" }
    let hundredths = Int((ratio * 100).rounded())
    return "\(hundredths / 100)." + (hundredths % 100 < 10 ? "0" : "") + "\(hundredths % 100)"
  }

  struct Table: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "table", abstract: "Every player's record as a table (the default).",
      discussion: Render.ratingExplanation
        + " FORM is the last 5 results, newest first. MOTM counts man-of-the-match awards, shared ones too.",
      aliases: ["players"])
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Option(
      help: """
        Sort by rating (the RATING shown, highest first), wins, goals, winRate, played or attendance (most \
        plans played, then fewest no-shows, fewest left late, most plans joined; default rating). With \
        attendance, LEFT LATE counts places left within 24 h of the start, and LATE DROP-OUTS those left after \
        the plan's own cut-off (plan.create cutOff, 24 h by default), which strikes and fines count. STRIKES \
        counts late drop-outs and no-shows of the last strike-days (gatherd's setting, 60 by default), "held \
        back" when they reach gatherd's strikes setting: the player then waits for plans' openings to everyone.
        """)
    var order: String?
    @Option(help: "Only gathers started on or after this UTC date, e.g. 2026-11-01.") var since: String?
    @Option(help: "Only gathers started before this UTC date.") var until: String?
    @Option(
      name: .customLong("min-gathers"),
      help: """
        Only players with at least this many gathers (default 1; 0 with --order attendance), and those with \
        strikes that count now.
        """)
    var minGathers: Int64?

    func validate() throws {
      if let order, !StatsCommand.orders.contains(order) {
        throw ValidationError("The order must be one of \(StatsCommand.orders.joined(separator: ", ")).")
      }
    }

    func run() throws {
      var params: JSONObject = [:]
      if let order { params["order"] = .string(order) }
      if let since { params["since"] = .string(since) }
      if let until { params["until"] = .string(until) }
      if let minGathers { params["minGathers"] = .int(minGathers) }
      try global.run(.statsPlayers, params) { result in
        let players = result.players
        guard !players.isEmpty else {
          let filtered = since != nil || until != nil || (minGathers ?? (order == "attendance" ? 0 : 1)) > 1
          return filtered
            ? "No player matches: no one played enough ended gathers in that range."
            : "No player has played an ended gather yet."
        }
        // Plans: by attendance, the plans each player joined, played, missed, left late and dropped out of late,
        // and the strikes that count now (held back: they wait for plans' openings to everyone).
        if order == "attendance" {
          return Render.table(
            [
              "ID", "NAME", "PLANS JOINED", "PLANS PLAYED", "NO-SHOWS", "LEFT LATE", "LATE DROP-OUTS", "STRIKES",
              "PLAYED",
            ],
            players.map { row in
              [
                Render.text(row.id), Render.text(row.name), Render.text(row.attendance.joined),
                Render.text(row.attendance.played), Render.text(row.attendance.noShows),
                Render.text(row.attendance.leftLate), Render.text(row.attendance.lateDropOuts),
                StatsCommand.strikes(row.attendance), Render.text(row.played),
              ]
            })
        }
        // STRIKES when a player has some: it says why one who never played is listed.
        let struck = players.contains { $0.attendance.strikes > 0 }
        return Render.table(
          ["ID", "NAME", "RATING", "FORM", "PLAYED", "W", "D", "L", "GOALS", "PER GATHER", "WIN RATE", "MOTM"]
            + (struck ? ["STRIKES"] : []),
          players.map { row in
            [
              Render.text(row.id), Render.text(row.name), Render.rating(row.rating), Render.form(row.form),
              Render.text(row.played), Render.text(row.wins), Render.text(row.draws), Render.text(row.losses),
              Render.text(row.goals), StatsCommand.perGather(row.goalsPerGather), StatsCommand.percent(row.winRate),
              Render.text(row.manOfTheMatch),
            ] + (struck ? [StatsCommand.strikes(row.attendance)] : [])
          })
      }
    }
  }

  struct Player: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "player", abstract: "One player's record, form, last 10 results and best teammates.",
      discussion: Render.ratingExplanation)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The player: an id or a name.") var player: String
    @OptionGroup var names: NameFlag

    func validate() throws { try PlayerResolver.check(player) }

    func run() throws {
      try global.run(.statsPlayer, namesOnly: names.namesOnly) { players in
        ["id": .int(try players.id(player))]
      } render: { report in
        let attendance = report.attendance
        var lines = [
          "\(Render.text(report.name)) #\(report.id): played \(report.played), won \(report.wins), "
            + "drew \(report.draws), lost \(report.losses), \(Render.count(report.goals, "goal")), "
            + "win rate \(StatsCommand.percent(report.winRate)), "
            + "man of the match \(Render.count(report.manOfTheMatch, "time"))",
          Self.rating(report),
          "Form (last 5, newest first): \(Render.form(report.form))",
          "Plans: joined \(attendance.joined), played \(attendance.played), no-shows \(attendance.noShows), "
            + "left within 24 h of the start \(attendance.leftLate), "
            + "late drop-outs (after the plan's cut-off) \(attendance.lateDropOuts)",
          "Strikes (late drop-outs and no-shows that count now): \(attendance.strikes)"
            + (attendance.heldBack ? ", enough to wait for each plan's opening to everyone" : ""),
        ]
        lines.append(report.recent.isEmpty ? "No results yet." : "Last results:")
        lines += Render.columns(
          report.recent.map { result in
            [
              "  gather \(result.gather)", result.result.rawValue, Render.score(result.score, names: result.names),
              "for \(Render.text(result.side))", Render.count(result.goals, "goal"),
            ]
          })
        if !report.teammates.isEmpty {
          lines.append(
            "Won most with: "
              + report.teammates.map { "\(Render.text($0.name)) (\(Render.count($0.wins, "win")))" }
              .joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
      }
    }

    /// "Rating 62 (mu 31.6, sigma 8.0); after each gather: 50, 53, …" with the last 10, oldest first; "Rating 54,
    /// settling (3 of 5 gathers; …)" before 5 gathers.
    static func rating(_ report: API.PlayerReport) -> String {
      let rating = report.rating
      let detail = "mu \(Render.decimal(rating.mu)), sigma \(Render.decimal(rating.sigma))"
      var line =
        rating.settling
        ? "Rating \(rating.display), settling (\(rating.gathers) of 5 gathers; \(detail))"
        : "Rating \(rating.display) (\(detail))"
      let points = report.ratings
      if !points.isEmpty {
        line += points.count > 10 ? "; after the last 10 gathers: " : "; after each gather: "
        line += points.suffix(10).map { String($0.display) }.joined(separator: ", ")
      }
      return line
    }
  }
}
