import GatherRPC
import Testing

/// players.* refused: each bad detail named by its field, an unknown or deleted player not found, a player of the
/// active gather kept; a refused call adds, changes and publishes nothing.
@Suite(.timeLimit(.minutes(1))) struct PlayersRefusalMethodTests {
  let fixture: MethodFixture

  init() async throws { fixture = try await MethodFixture() }

  func roster() async throws -> JSONValue { try await fixture.result("players.list") }

  /// Sends each call and expects its refusal; then that the roster is as it was and nothing was published.
  func expectRefused(
    _ calls: [(String, JSONObject?, Refusal)], sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let (before, seq) = (try await roster(), try await fixture.seq())
    for (method, params, refusal) in calls {
      let error = try await fixture.error(method, params, sourceLocation: sourceLocation)
      #expect(error == refusal, "\(method) \(params ?? [:])", sourceLocation: sourceLocation)
    }
    #expect(try await roster() == before, "the roster is as it was", sourceLocation: sourceLocation)
    #expect(try await fixture.seq() == seq, "refusals publish nothing", sourceLocation: sourceLocation)
  }

  @Test func aNewPlayersBadDetailIsNamedAndAddsNobody() async throws {
    _ = try await fixture.addPlayers("Existing")
    let long = { (count: Int) in JSONValue.string(String(repeating: "N", count: count)) }
    let refusals: [(JSONObject, String)] = [
      ([:], "name"), (["name": nil], "name"), (["name": 5], "name"), (["name": ["Ana"]], "name"),
      (["name": ""], "name"),
      (["name": "   "], "name"), (["name": long(41)], "name"), (["name": long(200)], "name"), (["age": 30], "name"),
      (["name": "Ana", "age": 0], "age"), (["name": "Ana", "age": 121], "age"), (["name": "Ana", "age": 300], "age"),
      (["name": "Ana", "age": -3], "age"), (["name": "Ana", "age": "27"], "age"),
      (["name": "Ana", "age": .double(27.5)], "age"),
      (["name": "Ana", "age": true], "age"), (["name": "Ana", "position": "keeper"], "position"),
      (["name": "Ana", "position": 3], "position"), (["name": "Ana", "skill": "expert"], "skill"),
      (["name": "Ana", "skill": 2], "skill"), (["name": "Ana", "favouriteTeam": long(101)], "favouriteTeam"),
      (["name": "Ana", "favouriteTeam": 7], "favouriteTeam"), (["name": "Ana", "nickname": "Nana"], "nickname"),
      (["name": "Ana", "id": 5], "id"),
    ]
    try await expectRefused(refusals.map { ("players.create", $0.0, .invalidParams($0.1)) })
    let positional = await fixture.call("players.create", params: ["Ana"])
    #expect(Refusal(try #require(positional["error"])) == .invalidParams("params"))
  }

  @Test func anUpdatesBadDetailIsNamedAndNothingOfItIsKept() async throws {
    let ana = try await fixture.result("players.create", ["name": "Ana", "age": 27, "position": "GK"])
    let id = try #require(ana["id"])
    let asText = JSONValue.string(String(try #require(id.intValue)))
    let refusals: [(JSONObject, String)] = [
      (["name": "Ana"], "id"), (["id": asText, "name": "X"], "id"), (["id": nil, "name": "X"], "id"),
      (["id": id, "name": nil], "name"), (["id": id, "name": ""], "name"), (["id": id, "name": 1], "name"),
      (["id": id, "age": 200], "age"), (["id": id, "age": "old"], "age"),
      (["id": id, "position": "libero"], "position"),
      (["id": id, "skill": "legend"], "skill"),
      (["id": id, "favouriteTeam": .string(String(repeating: "T", count: 101))], "favouriteTeam"),
      (["id": id, "colour": "red"], "colour"), (["id": id, "name": "Renamed", "age": 0], "age"),
    ]
    try await expectRefused(refusals.map { ("players.update", $0.0, .invalidParams($0.1)) })
    #expect(try await fixture.result("players.get", ["id": id]) == ana, "a valid change beside a bad one is not kept")
  }

  @Test func getAndDeleteNameABadId() async throws {
    let id = try #require(try await fixture.addPlayers("Ana").first)
    let refusals: [(JSONObject, String)] = [
      ([:], "id"), (["id": "1"], "id"), (["id": .double(1.5)], "id"), (["id": [.int(id)]], "id"),
      (["id": .int(id), "force": true], "force"),
    ]
    let calls = ["players.get", "players.delete"].flatMap { method in
      refusals.map { (method, $0.0, Refusal.invalidParams($0.1)) }
    }
    try await expectRefused(calls)
  }

  @Test func anUnknownOrDeletedPlayerIsNotFound() async throws {
    let ids = try await fixture.addPlayers("Ana", "Gone")
    _ = try await fixture.result("players.delete", ["id": .int(ids[1])])
    let notFound = Refusal.notFound("player_not_found")
    try await expectRefused([
      ("players.get", ["id": 9999], notFound), ("players.update", ["id": 9999, "name": "X"], notFound),
      ("players.delete", ["id": 9999], notFound), ("players.get", ["id": -1], notFound),
      ("players.get", ["id": .int(ids[1])], notFound), ("players.delete", ["id": .int(ids[1])], notFound),
      ("players.update", ["id": .int(ids[1]), "name": "Back"], notFound),
    ])
  }

  @Test func aPlayerOfTheActiveGatherIsKeptUntilItIsOver() async throws {
    let names = ["Ana", "Bruno", "Carla"]
    let ids = try await fixture.addPlayers("Ana", "Bruno", "Carla", "Dani").map { JSONValue.int($0) }
    _ = try await fixture.result("gather.start", ["teamA": [ids[0]], "teamB": [ids[1]], "bench": [ids[2]]])
    try await expectRefused(ids[0..<3].map { ("players.delete", ["id": $0], .wrongState("player_in_active_gather")) })
    for (id, name) in zip(ids, names) {
      let message = await fixture.call("players.delete", ["id": id])["error"]?["message"]?.stringValue
      #expect(message?.contains(name) == true, "the refusal names \(name)")
    }
    #expect(try await fixture.result("gather.current")["teams"]?["bench"]?.arrayValue?.count == 1)
    #expect(try await fixture.result("players.delete", ["id": ids[3]]) == .object(["deleted": ids[3]]), "not playing")
    _ = try await fixture.result("gather.cancel")
    #expect(try await fixture.result("players.delete", ["id": ids[0]]) == .object(["deleted": ids[0]]))
  }
}
