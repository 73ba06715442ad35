/// The method table the JSON-RPC fuzz target dispatches to: gatherd's method names and params, with handlers
/// that read every param the way the daemon's controllers do (every ``Params`` accessor is used), then
/// `finish()`, and answer without a session. Some handlers throw a model-like error to exercise `mapError`.

/// The peer of a fuzzed request; whether it may mutate comes from the input.
struct FuzzCaller: RPCCaller {
  /// Whether the peer may call methods that change state.
  let mayMutate: Bool
}

/// A refusal from below the RPC layer, as the model throws them; `mapError` turns it into an error object.
struct FuzzModelError: Error {
  /// The stable reason.
  let reason: String
}

/// The fuzz method table.
enum FuzzMethods {
  /// Position names, as `players.create` accepts them.
  static let positions = ["goalkeeper", "defender", "midfielder", "winger", "striker"]
  /// Team names, as `score.goal` accepts them.
  static let teams = ["teamA", "teamB", "bench"]

  /// Turns a handler's error into an error object, as the daemon's ErrorMapping does.
  static func mapError(_ error: any Error) -> RPCError {
    if let error = error as? FuzzModelError {
      return .wrongState(reason: error.reason, "Refused by the model: \(error.reason).")
    }
    return .internalError("Unexpected error: \(error).")
  }

  /// Every method, with its params read like gatherd's.
  static let all: [RPCMethod<FuzzCaller>] = [
    .read("daemon.ping") { params, _ in
      try params.finish()
      return .object(["pong": true])
    },
    .read("rpc.discover") { params, _ in
      try params.finish()
      return .object(["methods": .array(["daemon.ping"])])
    },
    .read("players.get") { params, _ in
      let id = try params.int("id", in: 1...Int64.max)
      try params.finish()
      if id > 1000 { throw FuzzModelError(reason: "player_not_found") }
      return .object(["id": .int(id), "name": .string("Player \(id)")])
    },
    .read("players.list") { params, _ in
      let limit = try params.optionalInt("limit", in: 1...1000)
      let order = try params.optionalChoice("order", ["name", "id"]) { ["name", "id"].contains($0) ? $0 : nil }
      try params.finish()
      return .object(["limit": limit.map(JSONValue.int) ?? .null, "order": order.map(JSONValue.string) ?? .null])
    },
    .read("events.subscribe") { params, _ in
      let topics = try params.optionalStringArray("topics") ?? []
      try params.finish()
      return .object(["subscription": 1, "topics": .array(topics.map(JSONValue.string))])
    },
    .read("events.unsubscribe") { params, _ in
      let subscription = try params.int("subscription")
      try params.finish()
      return .object(["subscription": .int(subscription)])
    },
    .query("gathers.list") { params, _ in
      let limit = try params.optionalInt("limit", in: 1...500)
      let before = try params.optionalInt("before")
      try params.finish()
      return .array([limit.map(JSONValue.int) ?? .null, before.map(JSONValue.int) ?? .null])
    },
    .query("stats.players") { params, _ in
      let minGathers = try params.optionalInt("minGathers", in: 0...10000)
      try params.finish()
      return .object(["minGathers": .int(minGathers ?? 0)])
    },
    .query("gather.suggest") { params, _ in
      let players = try params.optionalIntArray("players") ?? []
      let seed = try params.optionalInt("seed")
      try params.finish()
      return .object(["players": .array(players.map(JSONValue.int)), "seed": seed.map(JSONValue.int) ?? .null])
    },
    .mutate("players.create") { params, _ in
      let name = try params.string("name")
      let age = try params.optionalInt("age", in: 1...120)
      let position = try params.optionalChoice("position", positions) { positions.contains($0) ? $0 : nil }
      let skill = try params.optionalChoice("skill", ["beginner", "amateur"]) { $0 == "beginner" ? $0 : nil }
      let team = try params.optionalString("favouriteTeam")
      try params.finish()
      if name.isEmpty { throw FuzzModelError(reason: "validation") }
      var reply: JSONObject = ["name": .string(name)]
      reply["age"] = age.map(JSONValue.int) ?? .null
      reply["position"] = position.map(JSONValue.string) ?? .null
      reply["skill"] = skill.map(JSONValue.string) ?? .null
      reply["favouriteTeam"] = team.map(JSONValue.string) ?? .null
      return .object(reply)
    },
    .mutate("players.update") { params, _ in
      let id = try params.int("id")
      let renamed = params.contains("name")
      let name = try params.optionalString("name")
      let age = try params.clearable("age") { (params: inout Params) throws(RPCError) in
        try params.optionalInt("age", in: 1...120)
      }
      let position = try params.clearable("position") { (params: inout Params) throws(RPCError) in
        try params.optionalChoice("position", positions) { positions.contains($0) ? $0 : nil }
      }
      let raw = params.value("favouriteTeam")
      try params.finish()
      let ageValue: JSONValue = age.map { $0.map(JSONValue.int) ?? .null } ?? "absent"
      let positionValue: JSONValue = position.map { $0.map(JSONValue.string) ?? .null } ?? "absent"
      var reply: JSONObject = ["id": .int(id), "renamed": .bool(renamed)]
      reply["name"] = name.map(JSONValue.string) ?? .null
      reply["age"] = ageValue
      reply["position"] = positionValue
      reply["favouriteTeam"] = raw ?? .null
      return .object(reply)
    },
    .mutate("gather.start") { params, _ in
      let teamA = try params.optionalIntArray("teamA") ?? []
      let teamB = try params.optionalIntArray("teamB") ?? []
      let bench = try params.optionalIntArray("bench") ?? []
      try params.finish()
      if teamA.isEmpty || teamB.isEmpty { throw FuzzModelError(reason: "validation") }
      return .object(["players": .int(Int64(teamA.count + teamB.count + bench.count))])
    },
    .mutate("score.goal") { params, _ in
      let team = try params.choice("team", ["teamA", "teamB"]) { ["teamA", "teamB"].contains($0) ? $0 : nil }
      let player = try params.optionalInt("player")
      try params.finish()
      return .object(["team": .string(team), "player": player.map(JSONValue.int) ?? .null])
    },
    .mutate("score.set") { params, _ in
      let teamA = try params.int("teamA", in: 0...99)
      let teamB = try params.int("teamB", in: 0...99)
      try params.finish()
      return .object(["teamA": .int(teamA), "teamB": .int(teamB)])
    },
    .mutate("timer.format") { params, _ in
      let periods = try params.optionalInt("periods", in: 1...4)
      let length = try params.optionalInt("periodLength", in: 1...5999)
      let minutes = try params.optionalInt("minutes")
      let breakLength = try params.optionalInt("breakLength", in: 0...1800)
      try params.finish()
      return .array([periods, length, minutes, breakLength].map { $0.map(JSONValue.int) ?? .null })
    },
    .mutate("timer.addTime") { params, _ in
      let seconds = try params.int("seconds", in: 1...900)
      try params.finish()
      if seconds == 13 { throw CancellationLikeError() }
      return .object(["added": .int(seconds)])
    },
  ]
}

/// An error `mapError` does not know, which must become -32603.
struct CancellationLikeError: Error {}
