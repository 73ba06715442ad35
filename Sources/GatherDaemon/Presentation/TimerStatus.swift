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

  /// The clock at monotonic moment `now`; `endsAt` is when it reaches 0, while it runs.
  init(_ clock: MatchClock, at now: Duration, endsAt: Date?) {
    let remaining = clock.remaining(at: now)
    state = clock.state
    durationSeconds = Int(clock.duration.components.seconds)
    remainingMs = remaining.inMilliseconds
    remainingSeconds = clock.remainingSeconds(at: now)
    self.endsAt = clock.state == .running ? endsAt : nil
  }

  var json: JSONValue {
    .object([
      "state": .string(state.rawValue),
      "duration": .int(Int64(durationSeconds)),
      "remaining": .int(Int64(remainingSeconds)),
      "remainingMs": .int(remainingMs),
      "display": .string(MatchClock.display(seconds: remainingSeconds)),
      "endsAt": endsAt.map { .string(ISO8601.string($0)) } ?? .null,
    ])
  }
}
