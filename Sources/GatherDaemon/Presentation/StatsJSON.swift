import GatherModel
import GatherRPC

/// The JSON shapes of stats and team suggestions, as the protocol documents them.
extension PlayerStats {
  var json: JSONValue {
    .object([
      "id": .int(playerID), "name": .string(name), "played": .int(Int64(played)), "wins": .int(Int64(wins)),
      "draws": .int(Int64(draws)), "losses": .int(Int64(losses)), "goals": .int(Int64(goals)),
      "goalsPerGather": .double(rounded(goalsPerGather)), "winRate": .double(rounded(winRate)),
      "rating": rating.json(gathers: ratedGathers),
      // How the last five went, newest first.
      "form": .array(form.map { .string($0.rawValue) }),
      // Man-of-the-match votes won, alone or shared.
      "manOfTheMatch": .int(Int64(manOfTheMatch)),
      // Plans joined, played, missed (going at the check-in, and not there), and left within 24 h of the start.
      "attendance": .object([
        "joined": .int(Int64(attendance.joined)), "played": .int(Int64(attendance.played)),
        "noShows": .int(Int64(attendance.noShows)), "leftLate": .int(Int64(attendance.leftLate)),
        "lateDropOuts": .int(Int64(attendance.lateDropOuts)),
        // Strikes that count now (the strikes setting's days), and whether they hold the player back.
        "strikes": .int(Int64(attendance.strikes)), "heldBack": .bool(attendance.heldBack),
      ]),
    ])
  }

  /// A ratio to three decimals, as it is shown.
  private func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}

extension PlayerReport {
  var json: JSONValue {
    var object = stats.json.objectValue ?? [:]
    object["recent"] = .array(
      recent.map { result in
        .object([
          "gather": .int(result.gatherID), "endedAt": .string(ISO8601.string(result.endedAt)),
          "team": .string(result.team.rawValue), "result": .string(result.outcome.rawValue),
          "score": result.score.json, "goals": .int(Int64(result.goals)),
          // The sides as they were named in that gather, and the player's.
          "names": result.names.json, "side": .string(result.side),
        ])
      })
    object["teammates"] = .array(
      teammates.map { mate in
        .object([
          "id": .int(mate.playerID), "name": .string(mate.name), "played": .int(Int64(mate.played)),
          "wins": .int(Int64(mate.wins)),
        ])
      })
    object["ratings"] = .array(ratings.map(\.json))
    return .object(object)
  }
}

extension TeamSuggestion {
  /// The suggestion; `candidates` give each player's rating (their learned rating by rating, their points by
  /// skill), `roster` their names, `ratedGathers` whether each rating is still settling.
  func json(candidates: [Candidate], roster: [Player.ID: Player], ratedGathers: [Player.ID: Int]) -> JSONValue {
    let byID = Dictionary(candidates.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    func member(_ id: Player.ID) -> JSONValue {
      let player = roster[id]
      let rating: JSONValue =
        switch basis {
        case .rating: byID[id].map { $0.rating.json(gathers: ratedGathers[id] ?? 0) } ?? .null
        case .skill: byID[id].map { .int(Int64($0.points)) } ?? .null
        }
      return .object([
        "id": .int(id), "name": .string(player?.name ?? "player \(id)"),
        "position": player?.details.position.map { .string($0.rawValue) } ?? .null,
        "skill": player?.details.skill.map { .string($0.rawValue) } ?? .null, "rating": rating,
      ])
    }
    func counts(_ counts: [String: Int]) -> JSONValue {
      var object = JSONObject()
      for key in counts.keys.sorted() { object[key] = .int(Int64(counts[key] ?? 0)) }
      return .object(object)
    }
    func side(_ side: Side) -> JSONValue {
      .object([
        "players": .array(side.players.map(member)), "strength": .double(side.strength),
        "goalkeepers": .int(Int64(side.goalkeepers)), "positions": counts(side.positions),
        "skills": counts(side.skills),
      ])
    }
    func split(_ split: Split) -> JSONObject {
      split.prediction.adding(to: [
        "teamA": side(split.teamA), "teamB": side(split.teamB), "difference": .double(split.difference),
      ])
    }
    var object = split(self.split)
    object["bench"] = .array(bench.map(member))
    object["seed"] = .int(Int64(bitPattern: seed))
    object["exact"] = .bool(exact)
    object["by"] = .string(basis.rawValue)
    object["alternatives"] = .array(alternatives.map { .object(split($0)) })
    return .object(object)
  }
}
