import GatherRPC
import Testing

/// players.import: a roster added in one go, all of it or none, with the first bad row named.
@Suite(.timeLimit(.minutes(1))) struct PlayersImportMethodTests {
  let fixture: MethodFixture

  init() async throws { fixture = try await MethodFixture() }

  @Test func everyRowIsAddedInOrderAndPublishedOnePlayerAtATime() async throws {
    try await fixture.addPlayers("Zé")
    let watcher = try await fixture.watch(["players"])
    let rows: JSONValue = [
      .object(["name": " Ana ", "position": "ST", "skill": "amateur"]),
      .object(["name": "Bruno", "position": "goalkeeper"]),
      .object(["name": "Carla", "skill": "professional", "age": 31, "favouriteTeam": "Benfica"]),
    ]
    let imported = try await fixture.result("players.import", ["players": rows])["players"]?.arrayValue ?? []
    #expect(imported.compactMap { $0["name"]?.stringValue } == ["Ana", "Bruno", "Carla"])
    #expect(imported[0]["positionAcronym"] == "ST" && imported[1]["position"] == "goalkeeper")
    #expect(imported[2]["age"] == 31 && imported[2]["favouriteTeam"] == "Benfica")
    let listed = try await fixture.result("players.list")["players"]?.arrayValue ?? []
    #expect(Array(listed.dropFirst()) == imported, "the roster holds exactly what the reply says, after Zé")
    for player in imported {
      let event = try #require(await watcher.nextEvent())
      #expect(event["params"]?["change"] == "created" && event["params"]?["player"] == player)
    }
  }

  @Test func theFirstBadRowRefusesTheWholeImportNamingItsIndexAndField() async throws {
    try await fixture.addPlayers("Zé")
    let seq = try await fixture.seq()
    let good: JSONValue = .object(["name": "Ana"])
    let cases: [(JSONValue, String)] = [
      ([good, .object(["name": "Bruno", "skill": "expert"])], "players[1].skill"),
      ([good, good, .object(["name": "  "])], "players[2].name"),
      ([.object(["position": "GK"])], "players[0].name"),
      ([good, .object(["name": "Bruno", "age": 300])], "players[1].age"),
      ([good, .object(["name": "Bruno", "nickname": "B"])], "players[1].nickname"),
      ([good, "Bruno"], "players[1]"),
      (
        [good, .object(["name": "Bruno", "position": "keeper"]), .object(["name": "Carla", "skill": "expert"])],
        "players[1].position"
      ),
      ([], "players"),
      (.object(["name": "Ana"]), "players"),
      (.array(Array(repeating: good, count: 1_001)), "players"),
    ]
    for (rows, field) in cases {
      #expect(try await fixture.error("players.import", ["players": rows]) == .invalidParams(field), "\(rows)")
    }
    #expect(try await fixture.error("players.import", [:]) == .invalidParams("players"))
    let badFlag: JSONObject = ["players": [good], "allowDuplicate": "yes"]
    #expect(try await fixture.error("players.import", badFlag) == .invalidParams("allowDuplicate"))
    #expect(try await fixture.result("players.list")["players"]?.arrayValue?.count == 1, "nobody was added")
    #expect(try await fixture.seq() == seq, "nothing was published")
  }

  @Test func aNameAlreadyTakenIsRefusedUnlessDuplicatesAreAllowed() async throws {
    try await fixture.addPlayers("Ana")
    let onRoster: JSONValue = [.object(["name": "Bruno"]), .object(["name": "ANA"])]
    #expect(try await fixture.error("players.import", ["players": onRoster]) == .invalidParams("players[1].name"))
    let lookAlike: JSONValue = [.object(["name": "Ana\u{FE0F}"])]
    #expect(try await fixture.error("players.import", ["players": lookAlike]) == .invalidParams("players[0].name"))
    let twice: JSONValue = [.object(["name": "Bruno"]), .object(["name": "Carla"]), .object(["name": "bruno "])]
    let reply = await fixture.call("players.import", ["players": twice])
    #expect(Refusal(try #require(reply["error"])) == .invalidParams("players[2].name"))
    #expect(reply["error"]?["message"]?.stringValue?.contains("players[0]") == true, "the row it repeats is named")
    #expect(try await fixture.result("players.list")["players"]?.arrayValue?.count == 1)
    let imported = try await fixture.result("players.import", ["players": twice, "allowDuplicate": true])
    #expect(imported["players"]?.arrayValue?.count == 3)
    #expect(try await fixture.result("players.list")["players"]?.arrayValue?.count == 4)
  }

  @Test func onlyAControllerImports() async throws {
    for peer in [MethodFixture.Peer.statusSocket, .localUser, .web] {
      let connection = try await fixture.connect(peer)
      let params: JSONObject = ["players": [.object(["name": "Ana"])]]
      #expect(try await fixture.error("players.import", params, as: connection) == .forbidden)
    }
    #expect(try await fixture.result("players.list")["players"]?.arrayValue == [])
  }
}
