import GatherModel
import GatherRPC

/// The params of each event's JSON-RPC notification, as the protocol documents them (docs/protocol.md, "Events").
extension SessionEvent {
  /// The notification's params but `subscription` and `seq`: `{"change", …}` for every topic but `tick`.
  var rpcParams: JSONObject {
    switch self {
    case .tick(let tick): tick.json
    case .timer(let change): change.json
    case .score(let change):
      ["change": .string(change.kind.name), "score": change.score.json, "goal": change.entry.json]
    case .gather(let change): change.json
    case .roster(let change):
      ["change": .string(change.name), "id": .int(change.playerID), "player": change.player.map(\.json) ?? .null]
    case .plan(let event): event.json
    case .vote(let change): change.json
    }
  }
}

extension ClockTick {
  /// `{state, remaining, remainingMs, display, endsAt, period, added, breakName}`: `state` is `running` or `break`
  /// while the countdown runs, and on the tick at 0 the state the clock goes to; `breakName` names the break on
  /// its ticks.
  var json: JSONObject {
    [
      "state": .string(phase == .play && seconds > 0 ? MatchClock.State.running.rawValue : clockState.rawValue),
      "remaining": .int(Int64(seconds)), "remainingMs": .int(remaining.inMilliseconds),
      "display": .string(MatchClock.display(seconds: regularSeconds)),
      "endsAt": endsAt.map { .string(ISO8601.string($0)) } ?? .null, "period": .int(Int64(period)),
      "added": addedLeft.map { .string(MatchClock.addedDisplay(seconds: $0)) } ?? .null,
      "breakName": breakName.map { .string($0) } ?? .null,
    ]
  }
}

extension TimerChange {
  /// `{change, timer}`, and `period` for the end of a period (the one that ended) or of a break (the next one).
  var json: JSONObject {
    var object: JSONObject = ["change": .string(kind.name)]
    switch kind {
    case .periodEnded(let period), .breakEnded(nextPeriod: let period): object["period"] = .int(Int64(period))
    default: break
    }
    object["timer"] = status.json
    return object
  }
}

extension TimerChange.Kind {
  /// The `change` of a `timer` event.
  var name: String {
    switch self {
    case .set: "set"
    case .reset: "reset"
    case .format: "format"
    case .addedTime: "addedTime"
    case .started: "started"
    case .resumed: "resumed"
    case .paused: "paused"
    case .became(let state): state.rawValue
    case .finished: "finished"
    case .periodEnded: "periodEnded"
    case .breakEnded: "breakEnded"
    case .wallClockSet: "wallClockSet"
    }
  }
}

extension ScoreChange.Kind {
  /// The `change` of a `score` event.
  var name: String {
    switch self {
    case .goal: "goal"
    case .correction: "correction"
    case .undo: "undo"
    }
  }
}

extension GatherChange {
  /// `{change, id, gather}`: the gather as it now is, the record filed in history when it ended, null when it
  /// was cancelled.
  var json: JSONObject {
    let gather: JSONValue =
      switch self {
      case .started(let snapshot), .assigned(let snapshot), .renamed(let snapshot), .reopened(let snapshot):
        snapshot.json
      case .ended(let ended): ended.json
      case .cancelled, .deleted: .null
      }
    return ["change": .string(name), "id": .int(gatherID), "gather": gather]
  }

  /// The `change` of a `gather` event.
  var name: String {
    switch self {
    case .started: "started"
    case .assigned: "assigned"
    case .renamed: "renamed"
    case .ended: "ended"
    case .cancelled: "cancelled"
    case .reopened: "reopened"
    case .deleted: "deleted"
    }
  }
}

extension RosterChange {
  /// The `change` of a `players` event.
  var name: String {
    switch self {
    case .created: "created"
    case .updated: "updated"
    case .deleted: "deleted"
    }
  }
}

extension PlanEvent {
  /// `{change, id, plan}`, with `player` (`{id, name}`) when it is about one, `answer` when it says where they
  /// stand, and `before` (seconds before the start) for a reminder.
  var json: JSONObject {
    var object: JSONObject = ["change": .string(kind.rawValue), "id": .int(plan.plan.id), "plan": plan.json]
    if let player { object["player"] = memberJSON(player, roster: plan.roster) }
    if let answer { object["answer"] = .string(answer.rawValue) }
    if let before { object["before"] = .int(before.inMilliseconds / 1000) }
    return object
  }
}
