import GatherModel
import GatherRPC

extension TimerStatus {
  /// The clock as `timer.status` and every `timer` event show it.
  var json: JSONValue {
    .object([
      "state": .string(state.rawValue),
      "duration": .int(Int64(durationSeconds)),
      "remaining": .int(Int64(remainingSeconds)),
      "remainingMs": .int(remainingMs),
      "display": .string(MatchClock.display(seconds: displaySeconds)),
      "endsAt": endsAt.map { .string(ISO8601.string($0)) } ?? .null,
      "period": .int(Int64(period)),
      "periods": .int(Int64(periods)),
      "periodName": MatchClock.periodName(period, of: periods).map { .string($0) } ?? .null,
      "breakLength": .int(Int64(breakSeconds)),
      "addedSeconds": .int(Int64(addedSeconds)),
      "added": addedRemaining.map { .string(MatchClock.addedDisplay(seconds: $0)) } ?? .null,
      "breakName": breakName.map { .string($0) } ?? .null,
    ])
  }
}
