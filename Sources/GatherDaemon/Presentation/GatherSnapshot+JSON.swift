import GatherModel
import GatherRPC

extension GatherSnapshot {
  /// The active gather as `gather.current` returns it.
  var json: JSONValue { gather.json(roster: roster, timer: timer) }

  /// `daemon.status`'s `gather`: `{id, score, timer, names}`.
  var summaryJSON: JSONValue {
    .object(["id": .int(gather.id), "score": gather.score.json, "timer": timer.json, "names": gather.names.json])
  }

  /// What a subscription starts from: `{gather, score, timer}`.
  var subscriptionJSON: JSONValue {
    .object(["gather": json, "score": gather.score.json, "timer": timer.json])
  }

  /// The snapshot of a subscription when no gather is active.
  static let noSubscriptionJSON: JSONValue = .object(["gather": .null, "score": .null, "timer": .null])
}

extension EndedGather {
  /// The record as `gather.end` and `gathers.get` return it, with where its man-of-the-match vote stands
  /// (`manOfTheMatch`, null for a gather without one).
  var json: JSONValue {
    var object = record.json(roster: roster).objectValue ?? [:]
    object["manOfTheMatch"] = vote?.json ?? .null
    return .object(object)
  }
}

extension ScoreChange {
  /// The reply to `score.goal` and `score.set` (`{score, goal}`), and to `score.undo` (`{score, undone}`).
  var replyJSON: JSONValue {
    let entryKey = kind == .undo ? "undone" : "goal"
    return .object(JSONObject([(key: "score", value: score.json), (key: entryKey, value: entry.json)]))
  }
}

extension ActiveGather {
  /// `score.get`'s answer: `{score, goals}`.
  var scoreJSON: JSONValue { .object(["score": score.json, "goals": log.json]) }
}

extension HistoryPage {
  /// `gathers.list`'s answer: `{gathers, next}`.
  var json: JSONValue { .object(["gathers": .array(gathers.map(\.json)), "next": next.map { .int($0) } ?? .null]) }
}

extension [Player] {
  /// `players.list`'s answer: `{players}`, by id.
  var json: JSONValue { .object(["players": .array(map(\.json))]) }
}

extension SuggestedTeams {
  /// `gather.suggest`'s answer.
  var json: JSONValue { suggestion.json(candidates: candidates, roster: roster, ratedGathers: ratedGathers) }
}
