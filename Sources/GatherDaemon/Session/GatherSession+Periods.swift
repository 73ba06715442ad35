import GatherModel
import GatherRPC

/// Periods, the break between them, and added time (issue 9): what the clock announces besides the ticks of
/// play and the final whistle.
extension GatherSession {
  /// Publishes a break tick, or the end of a period or of a break, saving the clock at each end so that a
  /// restart finds it where it was (unless the caller has just `saved` it).
  func publishPeriodEvent(_ event: MatchClock.Event, gather: ActiveGather, at moment: Duration, saved: Bool = false) {
    switch event {
    case .breakTick(let seconds):
      let inBreak = gather.clock.state == .halfTimeBreak
      let endsAt = inBreak ? wallEndsAt(gather.clock).map { JSONValue.string(ISO8601.string($0)) } : nil
      hub.publish(
        .tick,
        [
          "state": .string(seconds == 0 ? MatchClock.State.stopped.rawValue : "break"),
          "remaining": .int(Int64(seconds)),
          "remainingMs": .int(inBreak ? gather.clock.remaining(at: moment).inMilliseconds : 0),
          "display": .string(MatchClock.display(seconds: seconds)), "endsAt": endsAt ?? .null,
          "period": .int(Int64(gather.clock.periodOfPlay)), "added": .null,
        ])
    case .periodEnded(let period):
      if !saved { persistFinishedClockIfNeeded() }
      logger.info("Gather \(gather.id): period \(period) ended.", metadata: ["gather_id": "\(gather.id)"])
      hub.publish(
        .timer, ["change": "periodEnded", "period": .int(Int64(period)), "timer": timerStatus(of: gather).json])
    case .breakEnded(let next):
      if !saved { persistFinishedClockIfNeeded() }
      hub.publish(.timer, ["change": "breakEnded", "period": .int(Int64(next)), "timer": timerStatus(of: gather).json])
    case .tick, .finished:
      break
    }
  }
}
