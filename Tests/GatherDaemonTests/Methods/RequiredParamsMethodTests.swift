import GatherRPC
import Testing

@testable import GatherDaemon

/// The OpenRPC document's params are the methods' own: every param it marks required is refused when missing,
/// naming it; nothing it leaves optional is asked for; and where it says one of a group (`x-requires-one-of`), a
/// call without any of them names one of the group.
@Suite(.timeLimit(.minutes(1))) struct RequiredParamsMethodTests {
  let fixture: MethodFixture
  /// Four players on the roster, whose ids the samples take in turn.
  let ids: [JSONValue]

  init() async throws {
    fixture = try await MethodFixture()
    ids = try await fixture.addPlayers("Ana", "Bruno", "Carla", "Dani").map { .int($0) }
  }

  /// Values each param's schema allows: its first alternative or enum value, its smallest size; an id is one of the
  /// roster's, a different one each time, so that no player is twice in a lineup.
  struct Sampler {
    let document: JSONValue
    let ids: [JSONValue]
    var next = 0

    func resolve(_ schema: JSONValue) -> JSONValue {
      var schema = schema
      while let reference = schema["$ref"]?.stringValue {
        schema = reference.dropFirst(2).split(separator: "/").reduce(document) { $0[String($1)] ?? .null }
      }
      return schema
    }

    mutating func sample(_ schema: JSONValue) -> JSONValue {
      if schema["$ref"]?.stringValue?.hasSuffix("/Id") == true {
        defer { next = (next + 1) % ids.count }
        return ids[next]
      }
      let schema = resolve(schema)
      for key in ["oneOf", "anyOf"] {
        if let first = schema[key]?.arrayValue?.first(where: { resolve($0)["type"] != "null" }) { return sample(first) }
      }
      if let first = schema["enum"]?.arrayValue?.first { return first }
      let least = { (key: String) in max(schema[key]?.intValue ?? 1, 1) }
      switch schema["type"]?.stringValue {
      case "integer": return .int(least("minimum"))
      case "string": return .string(String(repeating: "x", count: Int(least("minLength"))))
      case "boolean": return true
      case "array": return .array(Array(repeating: sample(schema["items"] ?? .null), count: Int(least("minItems"))))
      case "object":
        var object: JSONObject = [:]
        for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
          object[name] = sample(schema["properties"]?[name] ?? .null)
        }
        return .object(object)
      default:
        Issue.record("no sample for \(schema)")
        return .null
      }
    }
  }

  /// No gather for gather.start, which checks that first; an active one for every other method.
  func prepare(_ method: String) async throws {
    let active = try await fixture.result("gather.current") != .null
    if method == "gather.start" && active {
      _ = try await fixture.result("gather.cancel")
    } else if method != "gather.start" && !active {
      _ = try await fixture.result("gather.start", ["teamA": [ids[0]], "teamB": [ids[1]], "bench": [ids[2], ids[3]]])
    }
  }

  /// The field an invalid-params refusal names, up to its first `.` or `[`: `players[0].name` is about `players`.
  func refusedField(_ method: String, _ params: JSONObject) async -> String? {
    let error = await fixture.call(method, params)["error"]
    guard error?["code"] == -32602 else { return nil }
    return error?["data"]?["field"]?.stringValue?.split(whereSeparator: { $0 == "." || $0 == "[" }).first.map(
      String.init)
  }

  @Test func everyMethodRequiresExactlyTheParamsItsDocumentSays() async throws {
    let document = OpenRPCDocument.json
    var checked = 0
    for method in try #require(document["methods"]?.arrayValue) {
      let name = try #require(method["name"]?.stringValue)
      let params = method["params"]?.arrayValue ?? []
      let group = method["x-requires-one-of"]?.arrayValue?.compactMap(\.stringValue) ?? []
      try await prepare(name)
      var sampler = Sampler(document: document, ids: ids)
      var samples: JSONObject = [:]
      for param in params { samples[param["name"]?.stringValue ?? "?"] = sampler.sample(param["schema"] ?? .null) }
      let required = params.filter { $0["required"] == true }.compactMap { $0["name"]?.stringValue }
      // Every other param given, optional ones too: only the missing one can be the reason.
      for missing in required {
        var given = samples
        given[missing] = nil
        let refusal = await fixture.call(name, given)["error"]
        #expect(
          Refusal(refusal ?? .null) == .invalidParams(missing), "\(name) without \(missing): \(refusal ?? "accepted")")
        checked += 1
      }
      var onlyRequired: JSONObject = [:]
      for key in required { onlyRequired[key] = samples[key] }
      if !group.isEmpty {
        let field = await refusedField(name, onlyRequired)
        #expect(field.map { group.contains($0) } == true, "\(name) without any of \(group) named \(field ?? "nothing")")
        checked += 1
      }
      for alone in group.isEmpty ? [nil] : group.map(Optional.some) {
        var given = onlyRequired
        if let alone { given[alone] = samples[alone] }
        if let field = await refusedField(name, given) {
          #expect(given[field] != nil, "\(name) \(given) wants a param its document does not require: \(field)")
        }
      }
    }
    #expect(checked > 10, "the document has required params to check")
  }

  @Test func timerSetTakesMinutesOrSecondsOrBoth() async throws {
    let method = try #require(OpenRPCDocument.json["methods"]?.arrayValue?.first { $0["name"] == "timer.set" })
    #expect(method["params"]?.arrayValue?.filter { $0["required"] == true } == [])
    #expect(method["x-requires-one-of"] == ["minutes", "seconds"])
    try await prepare("timer.set")
    let lengths: [(JSONObject, JSONValue)] = [
      (["minutes": 1], 60), (["seconds": 90], 90), (["minutes": 2, "seconds": 5], 125),
    ]
    for (params, duration) in lengths {
      let timer = try await fixture.result("timer.set", params)
      #expect(timer["duration"] == duration && timer["state"] == "stopped", "\(params)")
    }
  }
}
