import GatherModel
import GatherRPC
import GatherStore

/// gather.* and gathers.*: the active gather and history.
enum GatherController {
  static let teams = Team.allCases.map(\.rawValue)

  static func methods<C>(_ session: GatherSession<C>) -> [RPCMethod<Caller>] {
    [
      .mutate("gather.start") { params, _ in
        let teamA = try params.optionalIntArray("teamA") ?? []
        let teamB = try params.optionalIntArray("teamB") ?? []
        let bench = try params.optionalIntArray("bench") ?? []
        let seconds = try TimerController.duration(&params, required: false)
        // The match format; periodLength is another name for the duration.
        let format = try PeriodsController.format(&params)
        // The sides' names: {teamA?, teamB?}, "Team A" and "Team B" by default.
        let names = try TeamNamesController.names(&params)
        // A plan's going players, split into fair teams, instead of teams given.
        let plan = try params.optionalInt("plan")
        // With a plan: start it even more than 12 hours before its start.
        let force = try params.optionalBool("force")
        try params.finish()
        // A missing side is named before any clash between the optional params.
        if plan == nil || !(teamA + teamB + bench).isEmpty {
          for (side, players) in [("teamA", teamA), ("teamB", teamB)] where players.isEmpty {
            throw RPCError.invalidParams(
              field: side, "\(side == "teamA" ? "Team A" : "Team B") needs at least one player.")
          }
        }
        if plan != nil, !(teamA + teamB + bench).isEmpty {
          throw RPCError.invalidParams(
            field: "plan", "Give a plan or the teams, not both: a plan's going players are split into fair teams.")
        }
        if plan == nil, force != nil {
          throw RPCError.invalidParams(field: "force", "force goes with plan: it starts a plan long before its start.")
        }
        if seconds != nil, format.seconds != nil {
          throw RPCError.invalidParams(
            field: "periodLength", "Give the period length once: periodLength or minutes/seconds.")
        }
        if let plan {
          return try session.startGather(
            plan: plan, seconds: format.seconds ?? seconds, periods: format.periods, breakSeconds: format.breakSeconds,
            names: names, force: force ?? false
          ).json
        }
        return try session.startGather(
          teamA: teamA, teamB: teamB, bench: bench, seconds: format.seconds ?? seconds, periods: format.periods,
          breakSeconds: format.breakSeconds, names: names
        ).json
      },
      .read("gather.current") { params, _ in
        try params.finish()
        return session.view.currentGather?.json ?? .null
      },
      .mutate("gather.assign") { params, _ in
        let player = try params.int("player")
        let team = try params.choice("team", teams, Team.init(rawValue:))
        try params.finish()
        return try session.assign(player, to: team).json
      },
      .mutate("gather.end") { params, _ in
        try params.finish()
        return try session.endGather().json
      },
      .mutate("gather.cancel") { params, _ in
        try params.finish()
        let id = try session.cancelGather()
        return .object(["cancelled": .int(id)])
      },
      .query("gathers.list") { params, _ in
        let limit = try params.optionalInt("limit", in: 1...Int64(GatherStore.maxPageSize)) ?? 20
        let before = try params.optionalInt("before")
        let player = try params.optionalInt("player")
        try params.finish()
        return try session.history(limit: Int(limit), before: before, player: player).json
      },
      .query("gathers.get") { params, _ in
        let id = try params.int("id")
        try params.finish()
        return try session.record(id).json
      },
    ]
  }
}
