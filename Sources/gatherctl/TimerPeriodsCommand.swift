import ArgumentParser
import GatherAPI
import GatherRPC

/// `gatherctl timer format` and `gatherctl timer add` (or `add-time`): periods, the break and added time;
/// `gatherctl timer end-half`: half time called early.
enum TimerPeriodsCommand {
  struct Format: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Set periods, period length and break before kick-off.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Option(help: "Periods, 1 to 4.") var periods: Int64?
    @Option(help: "The length of one period, mm:ss or seconds.") var length: String?
    @Option(name: .customLong("break"), help: "The break between periods, mm:ss or seconds.") var breakLength: String?

    func validate() throws {
      if periods == nil, length == nil, breakLength == nil {
        throw ValidationError("Give --periods, --length or --break.")
      }
      if let length { _ = try TimerCommand.seconds(length) }
      if let breakLength { _ = try MatchOptions.seconds(breakLength, "a break") }
    }

    func run() throws {
      var params: JSONObject = [:]
      if let periods { params["periods"] = .int(periods) }
      if let length { params["periodLength"] = .int(Int64(try TimerCommand.seconds(length))) }
      if let breakLength { params["breakLength"] = .int(try MatchOptions.seconds(breakLength, "a break")) }
      try global.run(.timerFormat, params) { Render.timer($0) }
    }
  }

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add time to the current period: timer add 2:00, or timer add 90 (seconds).",
      discussion: """
        Added time goes on the period that runs, is paused, or has just reached 0 (then it plays on into the \
        added time): the clock shows the regular time and the added time left, 00:00 +1:30. Up to 15:00 at a \
        time. add-time is the same command.
        """,
      aliases: ["add-time"])
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The time to add, m:ss or seconds, up to 15:00.") var time: String

    func validate() throws { _ = try MatchOptions.seconds(time, "a time to add") }

    func run() throws {
      try global.run(.timerAddTime, ["seconds": .int(try MatchOptions.seconds(time, "a time to add"))]) {
        Render.timer($0)
      }
    }
  }

  struct EndHalf: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "end-half", abstract: "End the running or paused period now, as if its time ran out.",
      discussion: """
        Half time when the group agrees: the period ends exactly as when its time runs out, into the break \
        (or waiting for the next period), or at full time after the last period. The next period still \
        starts at its regular minute (the second half of 2 x 25 at 25'). Refused before kick-off, in the \
        break and at full time. end-period is the same command.
        """,
      aliases: ["end-period"])
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    func run() throws { try global.run(.timerEndPeriod) { Render.timer($0) } }
  }
}
