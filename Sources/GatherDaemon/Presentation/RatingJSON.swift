import GatherModel
import GatherRPC

/// The JSON shapes of ratings and predictions, as the protocol documents them. Numbers are written
/// in full (the shortest text that reads back as the same double), so a client can check them to the last bit.
extension Rating {
  /// `{"mu", "sigma", "ordinal"}`; the ordinal is μ − 3σ.
  var json: JSONValue {
    .object(["mu": .double(mu), "sigma": .double(sigma), "ordinal": .double(ordinal)])
  }
}

extension Prediction {
  /// `{"winProbability", "drawProbability"}`: Team A's win, and a draw.
  var json: JSONValue {
    .object(["winProbability": .double(winProbability), "drawProbability": .double(drawProbability)])
  }

  /// The prediction's members added to `object`.
  func adding(to object: JSONObject) -> JSONObject {
    var object = object
    object["winProbability"] = .double(winProbability)
    object["drawProbability"] = .double(drawProbability)
    return object
  }
}

extension PlayerReport.RatingPoint {
  /// `{"gather", "endedAt", "mu", "sigma"}`.
  var json: JSONValue {
    .object([
      "gather": .int(gatherID), "endedAt": .string(ISO8601.string(endedAt)), "mu": .double(rating.mu),
      "sigma": .double(rating.sigma),
    ])
  }
}

extension FootballGather {
  /// gather.predict's answer: the prediction, and each side's players with their ratings now.
  func predictionJSON(teamA: [Player.ID], teamB: [Player.ID]) throws(GatherError) -> JSONValue {
    let prediction = try prediction(teamA: teamA, teamB: teamB)
    func side(_ ids: [Player.ID]) -> JSONValue {
      .array(ids.map { .object(["id": .int($0), "name": .string(name(of: $0)), "rating": rating(of: $0).json]) })
    }
    return .object(prediction.adding(to: ["teamA": side(teamA), "teamB": side(teamB)]))
  }
}
