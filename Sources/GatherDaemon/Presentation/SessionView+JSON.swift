import GatherModel
import GatherRPC

/// The answers that reads give straight from the committed view.
extension SessionView {
  /// `timer.status`'s answer. While the clock stands still every reader gets the same, so it is encoded once
  /// per view.
  func timerStatusJSON() throws(GatherError) -> JSONValue {
    guard clockStandsStill else { return try timerStatus().json }
    return try memo.value { () throws(GatherError) in EncodedTimer(try timerStatus()) }.json
  }

  /// What a new subscription starts from: `{gather, score, timer}` at ``seq``.
  var subscriptionJSON: JSONValue { subscriptionSnapshot?.subscriptionJSON ?? GatherSnapshot.noSubscriptionJSON }

  /// The match in one line, as `systemctl status` shows it: "Bibs 2-1 Colours, 07:32 left, running", or
  /// "no gather, 14 players".
  public func statusLine() -> String {
    guard let snapshot = currentGather else {
      return "no gather, \(state.roster.count) player\(state.roster.count == 1 ? "" : "s")"
    }
    let (gather, timer) = (snapshot.gather, snapshot.timer)
    let running = timer.state == .running && timer.remainingMs == 0 ? "finished" : timer.state.rawValue
    let display = MatchClock.display(seconds: timer.remainingSeconds)
    return "\(gather.names.teamA) \(gather.score.text) \(gather.names.teamB), \(display) left, \(running)"
  }
}

/// A still clock's `timer.status`, its JSON text worked out once.
private final class EncodedTimer: Sendable {
  let json: JSONValue

  init(_ status: TimerStatus) {
    json = status.json.objectValue.map { .object($0.encodedOnce()) } ?? status.json
  }
}
