import FoundationEssentials
import GatherModel
import GatherRPC
import Glibc

/// The match clock as clients see it at one instant.
struct TimerStatus: Sendable, Equatable {
  var state: MatchClock.State
  var durationSeconds: Int
  var remainingMs: Int64
  var remainingSeconds: Int
  var endsAt: Date?
  // Periods (issue 9): the format, the period in play and its added time.
  var displaySeconds: Int
  var period: Int
  var periods: Int
  var breakSeconds: Int
  var addedSeconds: Int
  var addedRemaining: Int?

  /// The clock at monotonic moment `now`; `endsAt` is when it (or the break) reaches 0, while it counts down.
  init(_ clock: MatchClock, at now: Duration, endsAt: Date?) {
    let remaining = clock.remaining(at: now)
    state = clock.state
    durationSeconds = Int(clock.duration.components.seconds)
    remainingMs = remaining.inMilliseconds
    remainingSeconds = clock.remainingSeconds(at: now)
    self.endsAt = clock.state == .running || clock.state == .halfTimeBreak ? endsAt : nil
    displaySeconds = clock.displaySeconds(at: now)
    period = clock.period
    periods = clock.periods
    breakSeconds = Int(clock.breakLength.components.seconds)
    // Stopped before a period, nothing has been added to it yet (the clock keeps the last period's added time
    // only so that it can be reopened).
    addedSeconds = clock.state == .stopped ? 0 : clock.addedSeconds
    addedRemaining = clock.addedRemainingSeconds(at: now)
  }

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
    ])
  }
}
