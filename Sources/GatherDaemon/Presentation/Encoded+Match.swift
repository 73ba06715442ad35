import GatherAPI
import GatherModel
import GatherRPC

/// What gather.*, timer.* and score.* answer.
extension Encoded where Value == API.Gather {
  /// The active gather as it stands.
  init(_ snapshot: GatherSnapshot) { self.init(snapshot.json) }
}

extension Encoded where Value == API.Gather? {
  /// The active gather, or null.
  init(current snapshot: GatherSnapshot?) { self.init(snapshot?.json ?? .null) }
}

extension Encoded where Value == API.GatherCancelled {
  /// `{cancelled}`: the gather cancelled.
  init(cancelled id: Int64) { self.init(.object(["cancelled": .int(id)])) }
}

extension Encoded where Value == API.Timer {
  /// The clock.
  init(_ status: TimerStatus) { self.init(status.json) }

  /// `timer.status`'s answer, from the committed view: while the clock stands still it is encoded once per view.
  static func timer(of view: SessionView) throws(GatherError) -> Encoded { Encoded(try view.timerStatusJSON()) }
}

extension Encoded where Value == API.ScoreChange {
  /// `{score, goal}`: a goal or a correction.
  init(_ change: ScoreChange) { self.init(change.replyJSON) }
}

extension Encoded where Value == API.ScoreUndone {
  /// `{score, undone}`: the goal or correction taken back.
  init(undone change: ScoreChange) { self.init(change.replyJSON) }
}

extension Encoded where Value == API.ScoreSheet {
  /// `{score, goals}`: the score and the goal log of the active gather.
  init(sheet gather: ActiveGather) { self.init(gather.scoreJSON) }
}

extension Encoded where Value == API.Subscribed {
  /// `{subscription, seq, snapshot}`: the new subscription, and the state it starts from.
  init(subscription id: Int64, from view: SessionView) {
    self.init(.object(["subscription": .int(id), "seq": .int(view.seq), "snapshot": view.subscriptionJSON]))
  }
}

extension Encoded where Value == API.Unsubscribed {
  /// `{unsubscribed}`: the subscription ended.
  init(unsubscribed id: Int64) { self.init(.object(["unsubscribed": .int(id)])) }
}
