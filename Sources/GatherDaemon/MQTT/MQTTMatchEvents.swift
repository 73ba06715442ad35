import GatherModel
import GatherRPC

/// The payloads of `<prefix>/event`, slim and flat, as Home Assistant's event entity keeps them for its attributes
/// (and its recorder for every event): ids, the score, the sides' names, who and which minute, never a whole
/// gather. Every one has `event_type`, `seq`, `gather` (its id), `names` (`{"teamA", "teamB"}`) and `score`
/// (`{"teamA", "teamB", "text"}`); the rest depends on the type (docs/mqtt.md, "Events").
enum MQTTMatchEvents {
  /// The payload of `event`, `seq`, whose `event_type` is `type`: the gather, its sides' names and its score as
  /// they were when it happened.
  static func payload(_ event: SessionEvent, type: String, seq: Int64) -> JSONObject {
    var payload: JSONObject = ["event_type": .string(type), "seq": .int(seq)]
    func about(_ id: Int64?, _ names: TeamNames?, _ score: Score?) {
      payload["gather"] = id.map { .int($0) } ?? .null
      payload["names"] = names?.json ?? .null
      payload["score"] = score?.json ?? .null
    }
    switch event {
    case .score(let change):
      about(change.gather.id, change.gather.names, change.score)
      payload["change"] = .string(change.kind.name)
      for member in goal(change.entry, names: change.gather.names).members { payload[member.key] = member.value }
    case .timer(let change):
      about(change.gather.id, change.gather.names, change.gather.score)
      payload["period"] = .int(Int64(change.status.period))
      if case .periodEnded(let period) = change.kind { payload["period"] = .int(Int64(period)) }
      payload["periods"] = .int(Int64(change.status.periods))
    case .gather(let change):
      payload["change"] = .string(change.name)
      switch change {
      case .started(let snapshot), .assigned(let snapshot), .renamed(let snapshot), .reopened(let snapshot):
        about(snapshot.gather.id, snapshot.gather.names, snapshot.gather.score)
        payload["plan"] = snapshot.gather.planID.map { .int($0) } ?? .null
        payload["teams"] = lineup(snapshot)
      case .ended(let ended):
        about(ended.record.id, ended.record.names, ended.record.score)
        payload["winner"] = .string(ended.record.winner.rawValue)
      case .cancelled(let id), .deleted(let id):
        about(id, nil, nil)
        payload["winner"] = .null
      }
    case .vote(let change):
      let vote = change.status.vote
      about(vote.gather.id, vote.gather.names, vote.gather.score)
      for member in manOfTheMatch(change.status.outcome).members { payload[member.key] = member.value }
    case .tick, .roster, .plan:
      break
    }
    return payload
  }

  /// A goal, a correction or the one an undo took back: `team` (`teamA`, `teamB`; null for a correction),
  /// `teamName`, `player` (the scorer's name, or null) and `playerId`, the `minute` ("28'", "45+2'") and `period`.
  static func goal(_ entry: ScoreEvent, names: TeamNames?) -> JSONObject {
    [
      "team": entry.team.map { .string($0.rawValue) } ?? .null,
      "teamName": entry.team.flatMap { team in names.map { .string($0[team]) } } ?? .null,
      "player": entry.scorerName.map { .string($0) } ?? .null,
      "playerId": entry.scorerID.map { .int($0) } ?? .null,
      "minute": .string(entry.minute.description),
      "period": .int(Int64(entry.period)),
    ]
  }

  /// A closed vote's outcome: `players` (the winners' names, all of a tie, none when nobody voted) and `playerIds`,
  /// `votes` (each winner's), `voters` and `eligible`.
  static func manOfTheMatch(_ outcome: ManOfTheMatch?) -> JSONObject {
    [
      "players": .array((outcome?.winners ?? []).map { .string($0.name) }),
      "playerIds": .array((outcome?.winners ?? []).map { .int($0.player) }),
      "votes": .int(Int64(outcome?.votes ?? 0)), "voters": .int(Int64(outcome?.voters ?? 0)),
      "eligible": .int(Int64(outcome?.eligible ?? 0)),
    ]
  }

  /// Who plays where, by name: `{"teamA": ["Ana"], "teamB": ["Bruno"], "bench": []}`.
  static func lineup(_ snapshot: GatherSnapshot) -> JSONValue {
    var teams = JSONObject()
    for team in Team.allCases {
      teams[team.rawValue] = .array(
        snapshot.gather.lineup.players(in: team).map { .string(snapshot.roster[$0]?.name ?? "player \($0)") })
    }
    return .object(teams)
  }
}
