import GatherModel
import GatherRPC

/// The JSON shapes of the model's values, as the protocol documents them.
extension Player {
  var json: JSONValue {
    .object([
      "id": .int(id),
      "name": .string(name),
      "age": details.age.map { .int(Int64($0)) } ?? .null,
      "position": details.position.map { .string($0.rawValue) } ?? .null,
      "positionAcronym": details.position.map { .string($0.acronym) } ?? .null,
      "skill": details.skill.map { .string($0.rawValue) } ?? .null,
      "favouriteTeam": details.favouriteTeam.map { .string($0) } ?? .null,
      "regular": .bool(details.regular),
      "confirmed": .bool(details.confirmed),
    ])
  }
}

extension Score {
  var json: JSONValue {
    .object(["teamA": .int(Int64(teamA)), "teamB": .int(Int64(teamB)), "text": .string(text)])
  }
}

extension ScoreEvent {
  var json: JSONValue {
    let player: JSONValue =
      scorerName.map { .object(["id": scorerID.map { .int($0) } ?? .null, "name": .string($0)]) } ?? .null
    return .object([
      "kind": .string(kind.rawValue),
      "team": team.map { .string($0.rawValue) } ?? .null,
      "player": player,
      "matchTimeMs": .int(matchTimeMs),
      "matchTime": .string(MatchClock.display(seconds: Int(matchTimeMs / 1000))),
      // The period, its name ("2nd half"), and both with the time, "2nd half, 07:12".
      "period": .int(Int64(period)),
      "periodName": MatchClock.periodName(period, of: periods).map { .string($0) } ?? .null,
      "when": .string(
        (MatchClock.periodName(period, of: periods).map { $0 + ", " } ?? "")
          + MatchClock.display(seconds: Int(matchTimeMs / 1000))),
      // The match minute, "28'" or "45+2'".
      "minute": .string(minute.description),
      "score": score.json,
      "at": .string(ISO8601.string(recordedAt)),
    ])
  }
}

extension [ScoreEvent] {
  var json: JSONValue { .array(map(\.json)) }
}

extension TeamNames {
  /// `{"teamA": "Bibs", "teamB": "Colours"}`.
  var json: JSONValue { .object(["teamA": .string(teamA), "teamB": .string(teamB)]) }
}

/// Team A, Team B and the bench, each a list of members.
func teamsJSON(_ members: [(team: Team, member: JSONValue)]) -> JSONValue {
  var teams = JSONObject()
  for team in Team.allCases {
    teams[team.rawValue] = .array(members.filter { $0.team == team }.map(\.member))
  }
  return .object(teams)
}

extension ActiveGather {
  /// `{"teamA", "teamB", "bench"}`, each a list of `{id, name, position}`; `roster` supplies names and positions.
  func teamsJSON(roster: [Player.ID: Player]) -> JSONValue {
    GatherDaemon.teamsJSON(
      lineup.assignments.map { assignment in
        let player = roster[assignment.player]
        return (
          assignment.team,
          .object([
            "id": .int(assignment.player), "name": .string(player?.name ?? "player \(assignment.player)"),
            "position": player?.details.position.map { .string($0.rawValue) } ?? .null,
          ])
        )
      })
  }

  /// The active gather; `roster` supplies names and positions, `timer` the clock as of now.
  func json(roster: [Player.ID: Player], timer: TimerStatus) -> JSONValue {
    .object([
      "id": .int(id),
      "startedAt": .string(ISO8601.string(startedAt)),
      "names": names.json,
      "teams": teamsJSON(roster: roster),
      "score": score.json,
      "goals": log.json,
      "timer": timer.json,
      // The predicted result of the sides as they stand, from the ratings at kick-off.
      "prediction": prediction.json,
      // The plan it was started from, or null.
      "plan": planID.map { .int($0) } ?? .null,
      // Its own cost, or null for its plan's (if any).
      "fee": fee?.json(roster: roster) ?? .null,
    ])
  }
}

extension GatherRecord {
  /// The record; `roster` supplies the positions of players who are still on it, history those of the deleted.
  func json(roster: [Player.ID: Player]) -> JSONValue {
    var record = summary.json.objectValue ?? [:]
    record["teams"] = teamsJSON(
      members.map { member in
        (
          member.team,
          .object([
            "id": member.playerID.map { .int($0) } ?? .null, "name": .string(member.name),
            "position": (member.playerID.flatMap { roster[$0]?.details.position } ?? member.position)
              .map { .string($0.rawValue) } ?? .null,
          ])
        )
      })
    record["goals"] = log.json
    // The plan it was started from, or null.
    record["plan"] = planID.map { .int($0) } ?? .null
    return .object(record)
  }
}

extension GatherSummary {
  var json: JSONValue {
    .object([
      "id": .int(id),
      "startedAt": .string(ISO8601.string(startedAt)),
      "endedAt": .string(ISO8601.string(endedAt)),
      "score": score.json,
      "winner": .string(winner.rawValue),
      "names": names.json,
    ])
  }
}
