import GatherModel
import GatherRPC

/// The JSON shapes of ratings and predictions, as the protocol documents them. Numbers are written
/// in full (the shortest text that reads back as the same double), so a client can check them to the last bit.
extension Rating {
  /// `{"mu", "sigma", "ordinal", "display", "settling", "gathers"}`: the ordinal is μ − 3σ, `display` the number
  /// every screen shows (0–100, ``ShownRating``), `settling` whether the `gathers` it learned from are still fewer
  /// than ``ShownRating/settledAfter``.
  func json(gathers: Int) -> JSONValue {
    let shown = ShownRating(self, gathers: gathers)
    return .object([
      "mu": .double(mu), "sigma": .double(sigma), "ordinal": .double(ordinal), "display": .int(Int64(shown.value)),
      "settling": .bool(shown.isSettling), "gathers": .int(Int64(shown.gathers)),
    ])
  }
}

extension Prediction {
  /// `{"winProbability", "drawProbability", "threeWay", "percent"}`: Team A's win if the match is not drawn, a
  /// draw, and the three-way forecast as probabilities and as the whole percentages screens show (they add up to
  /// 100).
  var json: JSONValue { .object(adding(to: [:])) }

  /// The prediction's members added to `object`.
  func adding(to object: JSONObject) -> JSONObject {
    var object = object
    object["winProbability"] = .double(winProbability)
    object["drawProbability"] = .double(drawProbability)
    let forecast = threeWay
    object["threeWay"] = .object([
      "teamA": .double(forecast.teamA), "draw": .double(forecast.draw), "teamB": .double(forecast.teamB),
    ])
    let percent = percentages
    object["percent"] = .object([
      "teamA": .int(Int64(percent.teamA)), "draw": .int(Int64(percent.draw)), "teamB": .int(Int64(percent.teamB)),
    ])
    return object
  }
}

extension PlayerReport.RatingPoint {
  /// `{"gather", "endedAt", "mu", "sigma", "display"}`: `display` is the number screens show (0–100).
  var json: JSONValue {
    .object([
      "gather": .int(gatherID), "endedAt": .string(ISO8601.string(endedAt)), "mu": .double(rating.mu),
      "sigma": .double(rating.sigma), "display": .int(Int64(rating.shown)),
    ])
  }
}

extension FootballGather {
  /// gather.predict's answer: the prediction, and each side's players with their ratings now.
  func predictionJSON(teamA: [Player.ID], teamB: [Player.ID]) throws(GatherError) -> JSONValue {
    let prediction = try prediction(teamA: teamA, teamB: teamB)
    func side(_ ids: [Player.ID]) -> JSONValue {
      .array(
        ids.map { id in
          .object([
            "id": .int(id), "name": .string(name(of: id)),
            "rating": rating(of: id).json(gathers: ratedGathers[id] ?? 0),
          ])
        })
    }
    return .object(prediction.adding(to: ["teamA": side(teamA), "teamB": side(teamB)]))
  }
}
