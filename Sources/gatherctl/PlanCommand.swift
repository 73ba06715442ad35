import ArgumentParser
import GatherAPI
import GatherRPC

/// `gatherctl plan …`: who's coming: the week's plans, their lists and the sign-up link.
struct PlanCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "plan", abstract: "Plan coming gathers: who is going, who waits, and the sign-up link.",
    discussion: """
      A plan has a start, a capacity and a list that people join and leave. Past the capacity a player waits; \
      when a going player leaves, the first waiting one moves up. Commands that act on a plan take --plan ID; \
      without it they act on the soonest open plan. On the night, gatherctl plan check-in marks who turned up; \
      gatherctl gather start --plan ID (or check-in --start) then starts a gather with them (else the going \
      players) split into fair teams.
      """,
    subcommands: [
      List.self, New.self, Show.self, Join.self, Leave.self, Update.self, Link.self, CheckIn.self, Cancel.self,
      Schedule.self, Schedules.self, Unschedule.self, Calendar.self,
    ],
    defaultSubcommand: List.self)

  /// `--plan ID`, or the soonest open plan.
  struct Choice: ParsableArguments {
    @Option(help: ArgumentHelp("The plan's id (default: the soonest open plan).", valueName: "id")) var plan: Int64?

    /// The plan's id: the one given, else the soonest open one, read on `connection`.
    func id(on connection: Connection) throws(CtlError) -> Int64 {
      if let plan { return plan }
      guard let soonest = try connection.call(.plansList).plans.first else {
        throw .declined(ScheduleRender.noPlanOpen(try connection.call(.planSchedules)))
      }
      return soonest.id
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the open plans with their lists.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions

    func run() throws {
      let connection = try global.connect()
      try global.show(try connection.reply(.plansList)) { result in
        result.plans.isEmpty
          ? ScheduleRender.noPlanOpen(try connection.call(.planSchedules))
          : result.plans.map(PlanRender.plan).joined(separator: "\n\n")
      }
    }
  }

  struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make a plan: when, how many, and where.",
      discussion: """
        For example: gatherctl plan new thu 19:00 --capacity 10 --place "Astro 2". The start is in the \
        server's local time, whatever this machine's time zone: 2026-12-03 19:00 (or 2026-12-03T19:00), a \
        weekday (thu 19:00: the soonest Thursday whose 19:00 is still to come; next thu 19:00: the first \
        Thursday after today), today, tomorrow, or a time alone (the next 19:00); 7pm and 19h30 are times too. \
        With a time zone (2026-12-03T19:00+01:00) it is sent as written. A plan that starts when another open \
        plan starts is refused unless --force.
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(
      help: ArgumentHelp(
        "When it starts, in the server's local time: 2026-12-03 19:00, thu 19:00, next thursday 19:00, tomorrow 19:00.",
        valueName: "when"))
    var when: [String]
    @Option(help: "How many may go, 2 to 40; past it, players wait.") var capacity: Int64
    @Option(help: "Where.") var place: String?
    @Option(help: "Anything else the group should know.") var note: String?
    @Flag(help: "Make it even when another open plan starts at the same time.") var force = false

    func validate() throws { try PlanStart(when, argument: "<when>").validate() }

    func run() throws {
      let connection = try global.connect()
      let start = PlanStart(when, argument: "<when>")
      let startsAt = try start.startsAt(on: connection)
      var params: JSONObject = ["startsAt": .string(startsAt), "capacity": .int(capacity)]
      if let place { params["place"] = .string(place) }
      if let note { params["note"] = .string(note) }
      let plan: Reply<API.Plan>
      do { plan = try PlanGuards.reply(.planCreate, params, force: force, on: connection) } catch {
        throw start.explained(error, resolved: startsAt)
      }
      try global.show(plan) { "Made plan \($0.id).\n" + PlanRender.plan($0) }
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show one plan, open or not, with its lists.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @OptionGroup var choice: Choice

    func run() throws {
      let connection = try global.connect()
      try global.show(try connection.reply(.planGet, ["plan": .int(try choice.id(on: connection))])) {
        PlanRender.plan($0)
      }
    }
  }

  struct Join: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Say a player is in: going, or waiting past the capacity.",
      discussion:
        "With --guest NAME instead of a player, a new player of that name is added to the roster as a guest and joins.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The player: an id or a name.") var player: String?
    @Option(help: "Add a new player of this name as a guest, who joins.") var guest: String?
    @OptionGroup var choice: Choice
    @OptionGroup var names: NameFlag

    func validate() throws {
      guard (player == nil) != (guest == nil) else { throw ValidationError("Give a player, or --guest NAME.") }
      try PlayerResolver.check(player)
    }

    func run() throws {
      try global.run(.planJoin, namesOnly: names.namesOnly) { players in
        var params: JSONObject = ["plan": .int(try choice.id(on: players.connection))]
        if let player { params["player"] = .int(try players.id(player)) }
        if let guest { params["guest"] = .string(guest) }
        return params
      } render: {
        PlanRender.answer($0)
      }
    }
  }

  struct Leave: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Say a player can't make it; the first waiting player moves up.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The player: an id or a name.") var player: String
    @OptionGroup var choice: Choice
    @OptionGroup var names: NameFlag

    func validate() throws { try PlayerResolver.check(player) }

    func run() throws {
      try global.run(.planLeave, namesOnly: names.namesOnly) { players in
        ["plan": .int(try choice.id(on: players.connection)), "player": .int(try players.id(player))]
      } render: {
        PlanRender.answer($0)
      }
    }
  }

  struct Update: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Change a plan's start, capacity, place or note.",
      discussion: """
        A new capacity moves players between going and waiting in the order they joined. An empty --place or \
        --note clears it. --starts-at takes what plan new takes, in the server's local time (quote it when it \
        has spaces: --starts-at "fri 20:00"); a start another open plan has is refused unless --force.
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Option(
      name: .customLong("starts-at"),
      help: ArgumentHelp("A new start, as plan new takes it: \"2026-12-03 19:00\", \"thu 19:00\".", valueName: "when"))
    var startsAt: String?
    @Option(help: "A new capacity, 2 to 40.") var capacity: Int64?
    @Option(help: "A new place (empty: none).") var place: String?
    @Option(help: "A new note (empty: none).") var note: String?
    @Flag(help: "Move it even when another open plan starts at that time.") var force = false
    @OptionGroup var choice: Choice

    /// The new start as given, for reading and for messages.
    var start: PlanStart? { startsAt.map { PlanStart([$0], argument: "--starts-at") } }

    func validate() throws {
      if startsAt == nil, capacity == nil, place == nil, note == nil {
        throw ValidationError("Give at least one of --starts-at, --capacity, --place or --note.")
      }
      try start?.validate()
    }

    func run() throws {
      let connection = try global.connect()
      var params: JSONObject = ["plan": .int(try choice.id(on: connection))]
      var sent: String?
      if let start {
        let startsAt = try start.startsAt(on: connection)
        params["startsAt"] = .string(startsAt)
        sent = startsAt
      }
      if let capacity { params["capacity"] = .int(capacity) }
      if let place { params["place"] = place.isEmpty ? .null : .string(place) }
      if let note { params["note"] = note.isEmpty ? .null : .string(note) }
      let plan: Reply<API.Plan>
      do { plan = try PlanGuards.reply(.planUpdate, params, force: force, on: connection) } catch {
        throw start?.explained(error, resolved: sent) ?? error
      }
      try global.show(plan) { "Updated.\n" + PlanRender.plan($0) }
    }
  }

  struct Link: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the plan's sign-up link for the group chat.",
      discussion: """
        Anyone with the link may join or leave that plan for any player on the roster, or add themselves as a \
        guest, from the page gatherd serves (gatherd --http); nothing else. The link stays the same while the \
        plan is open and stops working when it is cancelled. Only a controller may ask for it.

        The link names the address people use, as gatherctl web link does: gatherd's --public-url when it is \
        set, otherwise the address gatherd listens on, and for a wildcard listener this machine's network \
        addresses, the default route's first (--all prints every one). --qr draws it as a QR code below it, to \
        show a phone's camera or to screenshot into the chat.
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @OptionGroup var choice: Choice

    @Flag(name: .long, help: "Also draw the link as a QR code, for a phone's camera.")
    var qr = false

    @Flag(name: .long, help: "Print a link for every address of this machine, not only the first.")
    var all = false

    func run() throws {
      let connection = try global.connect()
      let reply = try connection.reply(.planLink, ["plan": .int(try choice.id(on: connection))])
      if global.json {
        print(JSONWriter.string(reply.json))
        return
      }
      let result = try reply.value()
      try LinkPrinter(qr: qr, all: all, allCommand: "gatherctl plan link --all").print(
        result.links.isEmpty ? [result.url] : result.links, note: result.note)
    }
  }
}
