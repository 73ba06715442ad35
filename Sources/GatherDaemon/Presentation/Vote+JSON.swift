import GatherModel
import GatherRPC

/// The JSON shapes of man-of-the-match votes. None of them holds what anyone chose: an open vote tells who may
/// vote and who has; a closed one its outcome, in totals.
extension VoteStatus {
  /// `vote.status`'s answer and the `vote` event's `vote`: `{gather, status, closesAt, closesAtLocal, names, score,
  /// players, voted, eligible, manOfTheMatch}`; `closesAtLocal` is the close on the server's clock, `players` those
  /// who played, by name, each with `voted`; `manOfTheMatch` is null while the vote is open.
  var json: JSONValue {
    .object([
      "gather": .int(vote.gather.id), "status": .string(outcome == nil ? "open" : "closed"),
      "closesAt": .string(ISO8601.string(vote.closesAt)),
      "closesAtLocal": .string(ISO8601.zonedString(vote.closesAt, utcOffset: utcOffset)),
      "names": vote.gather.names.json,
      "score": vote.gather.score.json,
      "players": .array(
        vote.candidates.map { candidate in
          var object = candidate.json
          object["voted"] = .bool(vote.voted.contains(candidate.player))
          return .object(object)
        }),
      "voted": .int(Int64(outcome?.voters ?? vote.voted.count)), "eligible": .int(Int64(vote.candidates.count)),
      "manOfTheMatch": outcome.map(\.json) ?? .null,
    ])
  }
}

extension VoteChange {
  /// A `vote` event's params: `{change, gather, vote}`.
  var json: JSONObject {
    ["change": .string(kind.rawValue), "gather": .int(status.vote.gather.id), "vote": status.json]
  }
}

extension ManOfTheMatchVote.Candidate {
  /// `{id, name, team}`.
  var json: JSONObject { ["id": .int(player), "name": .string(name), "team": .string(team.rawValue)] }
}

extension ManOfTheMatch {
  /// `{players, votes, voters, eligible, closedAt}`: the winners (all of a tie; none when nobody voted) and the
  /// totals.
  var json: JSONValue {
    .object([
      "players": .array(winners.map { .object($0.json) }), "votes": .int(Int64(votes)),
      "voters": .int(Int64(voters)), "eligible": .int(Int64(eligible)),
      "closedAt": .string(ISO8601.string(closedAt)),
    ])
  }
}

extension ManOfTheMatchStanding {
  /// A record's `manOfTheMatch`: `{status: "open", closesAt, voted, eligible}`, or the outcome with
  /// `status: "closed"`.
  var json: JSONValue {
    switch self {
    case .open(let closesAt, let voted, let eligible):
      .object([
        "status": "open", "closesAt": .string(ISO8601.string(closesAt)), "voted": .int(Int64(voted)),
        "eligible": .int(Int64(eligible)),
      ])
    case .closed(let outcome):
      .object(JSONObject([(key: "status", value: "closed")] + (outcome.json.objectValue?.members ?? [])))
    }
  }
}
