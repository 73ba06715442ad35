import GatherModel
import GatherRPC

/// timer.*: the match clock of the active gather.
enum TimerController {
  static func methods<C>(_ session: GatherSession<C>) -> [RPCMethod<Caller>] {
    let commands: [(String, TimerCommand)] = [
      ("timer.start", .start), ("timer.pause", .pause), ("timer.resume", .resume), ("timer.toggle", .toggle),
      ("timer.reset", .reset), ("timer.endPeriod", .endPeriod),
    ]
    return [
      .mutate("timer.set") { params, _ in
        let seconds = try duration(&params, required: true) ?? 0
        try params.finish()
        return try session.timer(.set(seconds: seconds)).json
      },
      .read("timer.status") { params, _ in
        try params.finish()
        return try session.view.timerStatusJSON()
      },
    ]
      + commands.map { name, command in
        .mutate(name) { params, _ in
          try params.finish()
          return try session.timer(command).json
        }
      }
  }

  /// Reads a duration given as `{seconds}` or `{minutes, seconds}`; the model decides whether it is a valid
  /// match length (1 s to 99:59). The bounds here only keep the arithmetic from overflowing.
  static func duration(_ params: inout Params, required: Bool) throws(RPCError) -> Int? {
    let minutes = try params.optionalInt("minutes", in: 0...99)
    let seconds = try params.optionalInt("seconds", in: 0...5999)
    if minutes == nil, seconds == nil {
      if required {
        throw .invalidParams(
          field: "seconds", "Give the duration as {\"seconds\": 600} or {\"minutes\": 10, \"seconds\": 0}.")
      }
      return nil
    }
    if minutes != nil, let seconds, seconds > 59 {
      throw .invalidParams(field: "seconds", "With minutes, seconds must be from 0 to 59.")
    }
    return Int((minutes ?? 0) * 60 + (seconds ?? 0))
  }
}
