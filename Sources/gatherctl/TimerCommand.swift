import ArgumentParser
import GatherAPI
import GatherRPC

/// `gatherctl timer …`: the match clock.
struct TimerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "timer",
    abstract: "Set, start, pause, resume, toggle, reset and show the match clock; add time, end the half.",
    subcommands: [
      Set.self, Action.Start.self, Action.Pause.self, Action.Resume.self, Action.Toggle.self,
      Action.Reset.self, Status.self, TimerPeriodsCommand.Format.self, TimerPeriodsCommand.Add.self,
      TimerPeriodsCommand.EndHalf.self,
    ],
    defaultSubcommand: Status.self)

  /// "10:00", "7:30" or "90" as seconds.
  static func seconds(_ text: String) throws -> Int {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    let numbers = parts.map { Int($0) }
    switch (parts.count, numbers.first ?? nil, numbers.last ?? nil) {
    case (1, let seconds?, _) where (1...5999).contains(seconds): return seconds
    case (2, let minutes?, let seconds?)
    where (0..<60).contains(seconds) && (1...5999).contains(minutes * 60 + seconds):
      return minutes * 60 + seconds
    default:
      throw ValidationError("\"\(text)\" is not a match duration; write mm:ss from 00:01 to 99:59, such as 10:00.")
    }
  }

  struct Set: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Set the clock's duration (not while it runs).")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "mm:ss or seconds, from 00:01 to 99:59.") var duration: String

    func validate() throws { _ = try TimerCommand.seconds(duration) }

    func run() throws {
      try global.run(.timerSet, ["seconds": .int(Int64(try TimerCommand.seconds(duration)))]) { Render.timer($0) }
    }
  }

  /// The commands that take no argument.
  enum Action {
    struct Start: ParsableCommand {
      static let configuration = CommandConfiguration(abstract: "Start the clock.")
      @OptionGroup(visibility: .hidden) var global: GlobalOptions
      func run() throws { try global.run(.timerStart) { Render.timer($0) } }
    }

    struct Pause: ParsableCommand {
      static let configuration = CommandConfiguration(abstract: "Pause the clock.")
      @OptionGroup(visibility: .hidden) var global: GlobalOptions
      func run() throws { try global.run(.timerPause) { Render.timer($0) } }
    }

    struct Resume: ParsableCommand {
      static let configuration = CommandConfiguration(abstract: "Resume the clock.")
      @OptionGroup(visibility: .hidden) var global: GlobalOptions
      func run() throws { try global.run(.timerResume) { Render.timer($0) } }
    }

    struct Toggle: ParsableCommand {
      static let configuration = CommandConfiguration(abstract: "Start, pause or resume, like a single button.")
      @OptionGroup(visibility: .hidden) var global: GlobalOptions
      func run() throws { try global.run(.timerToggle) { Render.timer($0) } }
    }

    struct Reset: ParsableCommand {
      static let configuration = CommandConfiguration(abstract: "Stop the clock at its full duration.")
      @OptionGroup(visibility: .hidden) var global: GlobalOptions
      func run() throws { try global.run(.timerReset) { Render.timer($0) } }
    }
  }

  struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the clock.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    func run() throws { try global.run(.timerStatus) { Render.timer($0) } }
  }
}
