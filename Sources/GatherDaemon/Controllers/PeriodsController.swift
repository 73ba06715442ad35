import GatherModel
import GatherRPC

/// timer.format and timer.addTime: periods, the break between them, and added time.
enum PeriodsController {
  static func methods<C>(_ session: GatherSession<C>) -> [RPCMethod<Caller>] {
    [
      .mutate("timer.format") { params, _ in
        let format = try Self.format(&params)
        try params.finish()
        guard format.periods != nil || format.seconds != nil || format.breakSeconds != nil else {
          throw RPCError.invalidParams(
            field: "periods", "Give at least one of periods, periodLength and breakLength.")
        }
        return try session.timer(
          .format(periods: format.periods, seconds: format.seconds, breakSeconds: format.breakSeconds)
        ).json
      },
      .mutate("timer.addTime") { params, _ in
        let seconds = try params.int("seconds", in: -1_000_000...1_000_000)
        try params.finish()
        return try session.timer(.addTime(seconds: Int(seconds))).json
      },
    ]
  }

  /// Reads `periods`, `periodLength` and `breakLength` (seconds), each optional; the model checks the ranges.
  /// The bounds here only keep the arithmetic from overflowing.
  static func format(_ params: inout Params) throws(RPCError) -> (periods: Int?, seconds: Int?, breakSeconds: Int?) {
    let periods = try params.optionalInt("periods", in: -1_000_000...1_000_000)
    let range = MatchClock.durationRange
    let seconds = try params.optionalInt("periodLength", in: Int64(range.lowerBound)...Int64(range.upperBound))
    let breakSeconds = try params.optionalInt("breakLength", in: -1_000_000...1_000_000)
    return (periods.map(clampedInt), seconds.map(clampedInt), breakSeconds.map(clampedInt))
  }
}
