import ArgumentParser
import GatherAPI
import GatherRPC

extension PlanCommand {
  /// `gatherctl plan new`: a plan made by hand, or a weekly game's (`--schedule`).
  struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make a plan: when, how many, and where; or a weekly game's, by hand (--schedule).",
      usage: """
        gatherctl plan new <when> --capacity <capacity> [--place <place>] [--note <note>] [--force]
        gatherctl plan new --schedule <id> [<when>] [--capacity <capacity>] [--place <place>] [--note <note>] [--force]
        """,
      discussion: """
        For example: gatherctl plan new thu 19:00 --capacity 10 --place "Astro 2". The start is in the \
        server's local time, whatever this machine's time zone: 2026-12-03 19:00 (or 2026-12-03T19:00), a \
        weekday (thu 19:00: the soonest Thursday whose 19:00 is still to come; next thu 19:00: the first \
        Thursday after today), today, tomorrow, or a time alone (the next 19:00); 7pm and 19h30 are times too. \
        With a time zone (2026-12-03T19:00+01:00) it is sent as written. A plan that starts when another open \
        plan starts is refused unless --force.

        --schedule ID makes a weekly game's plan by hand, such as this week's before the schedule opens one \
        by itself: it takes the schedule's capacity, place, note, cost and terms (regulars first, reminders) \
        unless told otherwise (an empty --place or --note: none), and starts at the schedule's day and time, the \
        soonest still to come, unless <when> says another. For example: gatherctl plan new --schedule 1. \
        gatherctl plan schedules lists the weekly games.
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(
      help: ArgumentHelp(
        "When it starts, in the server's local time: 2026-12-03 19:00, thu 19:00, next thursday 19:00, tomorrow 19:00.",
        valueName: "when"))
    var when: [String] = []
    @Option(help: "How many may go, 2 to 40; past it, players wait (with --schedule: the schedule's).")
    var capacity: Int64?
    @Option(help: "Where (with --schedule: the schedule's; empty: none).") var place: String?
    @Option(help: "Anything else the group should know (with --schedule: the schedule's; empty: none).")
    var note: String?
    @Option(help: ArgumentHelp("The weekly game this is the plan of (gatherctl plan schedules).", valueName: "id"))
    var schedule: Int64?
    @Flag(help: "Make it even when another open plan starts at the same time.") var force = false

    func validate() throws {
      if schedule == nil {
        guard !when.isEmpty, capacity != nil else {
          throw ValidationError(
            "Give when it starts and --capacity, such as: gatherctl plan new thu 19:00 --capacity 10 (or --schedule ID)."
          )
        }
      }
      if !when.isEmpty { try PlanStart(when, argument: "<when>").validate() }
    }

    func run() throws {
      let connection = try global.connect()
      let start = PlanStart(
        try when.isEmpty ? Self.weeklyStart(of: schedule ?? 0, on: connection) : when, argument: "<when>")
      let startsAt = try start.startsAt(on: connection)
      var params: JSONObject = ["startsAt": .string(startsAt)]
      if let capacity { params["capacity"] = .int(capacity) }
      if let place { params["place"] = place.isEmpty ? .null : .string(place) }
      if let note { params["note"] = note.isEmpty ? .null : .string(note) }
      if let schedule { params["schedule"] = .int(schedule) }
      let plan: Reply<API.Plan>
      do { plan = try PlanGuards.reply(.planCreate, params, force: force, on: connection) } catch {
        throw start.explained(error, resolved: startsAt)
      }
      try global.show(plan) { plan in
        let weekly = schedule.map { " for weekly game \($0)" } ?? ""
        return "Made plan \(plan.id)\(weekly).\n" + PlanRender.plan(plan)
      }
    }

    /// The start of weekly game `id`'s plan as words `PlanStart` reads: its day and time, in its fixed offset if it
    /// has one ("thursday", "19:00+01:00"); a clear refusal when there is no such weekly game.
    static func weeklyStart(of id: Int64, on connection: Connection) throws -> [String] {
      let schedules = try connection.call(.planSchedules).schedules
      guard let schedule = schedules.first(where: { $0.id == id }) else {
        throw CtlError.declined(
          schedules.isEmpty
            ? "There is no weekly game \(id): none is set up (gatherctl plan schedule sets one up)."
            : "There is no weekly game \(id); gatherctl plan schedules lists them.")
      }
      return [schedule.weekday, schedule.time + (schedule.utcOffset ?? "")]
    }
  }
}
