import ArgumentParser
import GatherAPI
import GatherRPC

/// `gatherctl plan schedule`, `plan schedules` and `plan unschedule`: the weekly game that plans itself.
extension PlanCommand {
  struct Schedule: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Set up a weekly game, or change one (--schedule ID): each week's plan opens by itself.",
      usage: """
        gatherctl plan schedule <weekday> <time> --capacity <capacity> --opens-before <duration> [<options>]
        gatherctl plan schedule --schedule <id> [<weekday>] [<time>] [<options>]
        """,
      discussion: """
        For example: gatherctl plan schedule thursday 19:00 --capacity 10 --place "Astro 2" --opens-before 6d. \
        Each week's plan opens --opens-before its start with the schedule's capacity, place and note; the first \
        week is the first whose opening is still to come. The day and time are the server's wall clock (its time \
        zone, summer and winter alike) unless --utc-offset fixes one. --regulars-first 1d gives the players marked \
        regular (gatherctl players edit NAME --regular), and with --regulars-played 3 --regulars-of-last 5 those who \
        played 3 of the last 5 gathers, a day before everyone may join. --reminders 48h,3h sets when its reminders \
        go out (none: no reminders). Durations are like 6d, 24h, 90m, 1d12h or seconds. With --schedule ID only \
        what is given changes, from the next week on; an empty --place or --note clears it, --utc-offset server \
        goes back to the server's zone, --regulars-first 0 ends the head start; a time alone (gatherctl plan \
        schedule --schedule 1 20:00) keeps the day. Skip a week by cancelling its plan (gatherctl plan cancel \
        --plan ID). A second weekly game on another's day at its time is refused unless --force.
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The day: monday to sunday, or mon to sun (with --schedule, may be left out).")
    var weekday: String?
    @Argument(help: "The time, 19:00.") var time: String?
    @Option(help: ArgumentHelp("Change this schedule instead of making one.", valueName: "id")) var schedule: Int64?
    @Option(help: "How many may go each week, 2 to 40.") var capacity: Int64?
    @Option(help: "Where (empty: none).") var place: String?
    @Option(help: "Anything else the group should know (empty: none).") var note: String?
    @Option(
      name: .customLong("opens-before"), parsing: .unconditional,
      help: ArgumentHelp("How long before the start each plan opens: 6d.", valueName: "duration"))
    var opensBefore: String?
    @Option(
      name: .customLong("utc-offset"),
      help: ArgumentHelp(
        "A fixed offset, +01:00 (default: the server's zone; server: back to it).", valueName: "offset"))
    var utcOffset: String?
    @Option(
      name: .customLong("regulars-first"), parsing: .unconditional,
      help: ArgumentHelp("How long regulars have each plan first: 1d (0: nobody first).", valueName: "duration"))
    var regularsFirst: String?
    @Option(name: .customLong("regulars-played"), help: "Also regular: who played this many of the last gathers…")
    var regularsPlayed: Int64?
    @Option(name: .customLong("regulars-of-last"), help: "… of this many (1 to 20).") var regularsOfLast: Int64?
    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("When reminders go out before the start: 48h,3h (none: none).", valueName: "durations"))
    var reminders: String?
    @Flag(help: "Set it up, or move it, even when another weekly game is on that day at that time.") var force = false

    func validate() throws {
      if schedule == nil, weekday == nil || time == nil || capacity == nil || opensBefore == nil {
        throw ValidationError("Give the day, the time, --capacity and --opens-before (or --schedule ID to change one).")
      }
      for text in [opensBefore, regularsFirst].compactMap({ $0 }) + (reminders.map(Self.list) ?? []) {
        guard Self.seconds(text) != nil else {
          throw ValidationError("\"\(text)\" is not a duration such as 6d or 90m.")
        }
      }
    }

    func run() throws {
      var params: JSONObject = [:]
      if let schedule { params["schedule"] = .int(schedule) }
      // With --schedule, a lone argument that starts with a digit is the time: the day stays.
      if schedule != nil, time == nil, let weekday, weekday.first?.isNumber == true {
        params["time"] = .string(weekday)
      } else {
        if let weekday { params["weekday"] = .string(weekday) }
        if let time { params["time"] = .string(time) }
      }
      if let capacity { params["capacity"] = .int(capacity) }
      if let place { params["place"] = place.isEmpty ? .null : .string(place) }
      if let note { params["note"] = note.isEmpty ? .null : .string(note) }
      if let opensBefore { params["opensBefore"] = Self.seconds(opensBefore).map { .int($0) } }
      if let utcOffset { params["utcOffset"] = utcOffset == "server" ? .null : .string(utcOffset) }
      if let regularsFirst {
        let seconds = Self.seconds(regularsFirst) ?? 0
        params["regularsFirst"] = seconds == 0 ? .null : .int(seconds)
      }
      if let regularsPlayed { params["regularsPlayed"] = .int(regularsPlayed) }
      if let regularsOfLast { params["regularsOfLast"] = .int(regularsOfLast) }
      if let reminders {
        params["reminders"] = .array(
          reminders == "none" ? [] : Self.list(reminders).compactMap { Self.seconds($0).map { .int($0) } })
      }
      let method: API.Method<API.Schedule> = schedule == nil ? .planSchedule : .planReschedule
      let result = try PlanGuards.reply(method, params, force: force, on: try global.connect())
      try global.show(result) {
        (schedule == nil ? "Set up" : "Changed") + " schedule \($0.id).\n" + ScheduleRender.schedule($0)
      }
    }

    static func list(_ text: String) -> [String] {
      text == "none" ? [] : text.split(separator: ",").map(String.init)
    }

    /// Seconds from "6d", "24h", "90m", "1d12h", "30s" or a plain number of seconds, negative after a minus sign
    /// (gatherd names the range a negative duration is out of); nil for anything else.
    static func seconds(_ text: String) -> Int64? {
      if text.hasPrefix("-") {
        return text.dropFirst().hasPrefix("-") ? nil : seconds(String(text.dropFirst())).map { -$0 }
      }
      if let plain = Int64(text), plain >= 0 { return plain }
      let units: [Character: Int64] = ["d": 86400, "h": 3600, "m": 60, "s": 1]
      var total: Int64 = 0
      var digits = ""
      for character in text {
        if character.isASCII, character.isNumber {
          digits.append(character)
        } else if let unit = units[character], let number = Int64(digits), digits.count <= 9 {
          total += number * unit
          digits = ""
        } else {
          return nil
        }
      }
      return digits.isEmpty && !text.isEmpty ? total : nil
    }
  }

  struct Schedules: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the weekly games and the week each opens next.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions

    func run() throws {
      try global.run(.planSchedules) { result in
        let schedules = result.schedules
        return schedules.isEmpty
          ? "No weekly game; set one up with: gatherctl plan schedule thursday 19:00 --capacity 10 --opens-before 6d"
          : schedules.map(ScheduleRender.schedule).joined(separator: "\n\n")
      }
    }
  }

  struct Unschedule: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "End a weekly game; the plans it opened stay as they are.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The schedule's id (gatherctl plan schedules).") var schedule: Int64

    func run() throws {
      try global.run(.planUnschedule, ["schedule": .int(schedule)]) {
        "Ended schedule \($0.unscheduled); the plans it opened stay."
      }
    }
  }

  struct Calendar: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the plans' calendar feed's link, to subscribe to in a calendar app.",
      discussion: """
        The feed lists every open plan, and those of the last four weeks, with each open plan's sign-up link: \
        give it to the group as you give them sign-up links. --renew makes a new link, and the old one stops \
        working. Only a controller may ask for it; gatherd must serve its page (gatherd --http).
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Flag(help: "Make a new link; the old one stops working.") var renew = false

    func run() throws {
      try global.run(.planCalendarLink, renew ? ["renew": true] : [:]) { result in
        var lines = [Render.text(result.url), "For calendar apps: \(Render.text(result.webcal))"]
        if let note = Render.string(result.note) { lines.append(note) }
        return lines.joined(separator: "\n")
      }
    }
  }
}
