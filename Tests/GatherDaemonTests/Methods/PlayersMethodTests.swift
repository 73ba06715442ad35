import GatherRPC
import Testing

/// players.*: the roster as clients build it, read and change it, and who may change it.
@Suite(.timeLimit(.minutes(1))) struct PlayersMethodTests {
  let fixture: MethodFixture

  init() async throws { fixture = try await MethodFixture() }

  @Test func aCreatedPlayerComesBackWholeAndIsListed() async throws {
    let ana = try await fixture.result(
      "players.create",
      ["name": " Ana ", "age": 27, "position": "ST", "skill": "amateur", "favouriteTeam": "Arsenal"])
    #expect(ana["name"] == "Ana", "the name is trimmed")
    #expect(ana["position"] == "striker" && ana["positionAcronym"] == "ST")
    #expect(ana["age"] == 27 && ana["skill"] == "amateur" && ana["favouriteTeam"] == "Arsenal")
    let id = try #require(ana["id"])
    #expect(try await fixture.result("players.get", ["id": id]) == ana)
    #expect(try await fixture.result("players.list") == .object(["players": [ana]]))
  }

  @Test func theListIsOrderedById() async throws {
    let ids = try await fixture.addPlayers("Zé", "Ana", "Mia")
    let listed = try await fixture.result("players.list")["players"]?.arrayValue
    #expect(listed?.compactMap { $0["id"]?.intValue } == ids)
    #expect(listed?.compactMap { $0["name"]?.stringValue } == ["Zé", "Ana", "Mia"])
  }

  @Test func creatingPublishesThePlayer() async throws {
    let watcher = try await fixture.watch(["players"])
    let ana = try await fixture.result("players.create", ["name": "Ana", "position": "GK"])
    let event = try #require(await watcher.nextEvent())
    #expect(event["method"] == "players")
    #expect(event["params"]?["change"] == "created" && event["params"]?["player"] == ana)
    #expect(event["params"]?["id"] == ana["id"])
  }

  @Test func anUpdateChangesOnlyWhatItNamesAndNullClears() async throws {
    let created = try await fixture.result(
      "players.create", ["name": "Ana", "age": 27, "position": "defender", "favouriteTeam": "Benfica"])
    let id = try #require(created["id"])
    let updated = try await fixture.result("players.update", ["id": id, "age": nil, "skill": "professional"])
    #expect(updated["name"] == "Ana" && updated["position"] == "defender" && updated["favouriteTeam"] == "Benfica")
    #expect(updated["skill"] == "professional")
    #expect(updated["age"] == .null, "null cleared the age")
    #expect(try await fixture.result("players.get", ["id": id]) == updated)
  }

  @Test func anUpdateIsPublishedAndANameCannotBeCleared() async throws {
    let id = try #require(try await fixture.addPlayers("Ana").first)
    let watcher = try await fixture.watch(["players"])
    #expect(try await fixture.error("players.update", ["id": .int(id), "name": nil]) == .invalidParams("name"))
    #expect(try await fixture.error("players.update", ["id": .int(id), "age": 0]) == .invalidParams("age"))
    _ = try await fixture.result("players.update", ["id": .int(id), "name": "Ana Sofia"])
    #expect(await watcher.nextChange() == "players:updated", "the refused updates published nothing")
    #expect(try await fixture.result("players.get", ["id": .int(id)])["name"] == "Ana Sofia")
  }

  @Test func anUpdateWithOnlyAnIdChangesAndPublishesNothing() async throws {
    let id = try #require(try await fixture.addPlayers("Ana").first)
    let before = try await fixture.result("players.get", ["id": .int(id)])
    let watcher = try await fixture.watch(["players"])
    let seq = try await fixture.seq()
    #expect(try await fixture.result("players.update", ["id": .int(id)]) == before)
    #expect(try await fixture.seq() == seq, "nothing was published")
    _ = try await fixture.result("players.update", ["id": .int(id), "age": 30])
    #expect(await watcher.nextChange() == "players:updated", "the next event is the next real change")
  }

  @Test func deletingRemovesThePlayerAndSaysSo() async throws {
    let ids = try await fixture.addPlayers("Ana", "Bruno")
    let watcher = try await fixture.watch(["players"])
    #expect(try await fixture.result("players.delete", ["id": .int(ids[0])]) == .object(["deleted": .int(ids[0])]))
    let event = try #require(await watcher.nextEvent())
    #expect(event["params"]?["change"] == "deleted" && event["params"]?["player"] == .null)
    #expect(try await fixture.error("players.get", ["id": .int(ids[0])]) == .notFound("player_not_found"))
    #expect(try await fixture.result("players.list")["players"]?.arrayValue?.count == 1)
  }

  @Test func onlyControllersChangeTheRosterButEveryoneReadsIt() async throws {
    let ids = try await fixture.addPlayers("Ana")
    for peer in [MethodFixture.Peer.statusSocket, .localUser, .web] {
      let reader = try await fixture.connect(peer)
      #expect(try await fixture.error("players.create", ["name": "Mallory"], as: reader) == .forbidden, "\(peer)")
      #expect(try await fixture.error("players.delete", ["id": .int(ids[0])], as: reader) == .forbidden)
      #expect(try await fixture.result("players.list", as: reader)["players"]?.arrayValue?.count == 1)
    }
    #expect(try await fixture.result("players.get", ["id": .int(ids[0])])["name"] == "Ana", "nobody deleted Ana")
  }

  @Test func aWebClientWithTheTokenChangesTheRosterAndASignUpCodeDoesNot() async throws {
    let web = try await fixture.webClient()
    #expect(try await fixture.result("players.create", ["name": "Ana"], as: web)["name"] == "Ana")
    let plan = try await fixture.result("plan.create", ["startsAt": .string(MethodFixture.nextWeek), "capacity": 4])
    let signUp = try await fixture.webClient(presenting: try await fixture.signUpCode(of: plan))
    #expect(try await fixture.error("players.create", ["name": "Mallory"], as: signUp) == .forbidden)
    #expect(try await fixture.result("players.list")["players"]?.arrayValue?.count == 1)
  }
}
