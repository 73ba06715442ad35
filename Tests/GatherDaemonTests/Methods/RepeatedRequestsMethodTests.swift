import GatherRPC
import Testing

/// A change sent again with its `idempotencyKey` because its reply was lost is answered with the first reply and
/// made once; a key stands for one change of one caller; a refused change is not kept; a bad key changes nothing.
@Suite(.timeLimit(.minutes(1))) struct RepeatedRequestsMethodTests {
  let fixture: MethodFixture

  init() async throws {
    fixture = try await MethodFixture()
    let ids = try await fixture.addPlayers("Ana", "Bruno").map { JSONValue.int($0) }
    _ = try await fixture.result("gather.start", ["teamA": [ids[0]], "teamB": [ids[1]]])
  }

  /// The score as `score.get` tells it: "1-0".
  func score() async throws -> JSONValue? { try await fixture.result("score.get")["score"]?["text"] }

  @Test func aChangeSentAgainWithItsKeyIsMadeOnceAndAnsweredAsTheFirstTime() async throws {
    let goal: JSONObject = ["team": "teamA", "idempotencyKey": "goal-0000-0001"]
    let first = try await fixture.result("score.goal", goal)
    let seq = try await fixture.seq()
    let again = try await fixture.result("score.goal", goal)
    #expect(again == first, "the first reply, word for word")
    #expect(try await score() == "1-0")
    #expect(try await fixture.seq() == seq, "nothing published again")
  }

  @Test func theSameKeyForAnotherChangeIsRefusedAndChangesNothing() async throws {
    let first = try await fixture.result("score.goal", ["team": "teamA", "idempotencyKey": "goal-0000-0002"])
    let seq = try await fixture.seq()
    let others: [(String, JSONObject)] = [
      ("score.goal", ["team": "teamB", "idempotencyKey": "goal-0000-0002"]),
      ("timer.start", ["idempotencyKey": "goal-0000-0002"]),
    ]
    for (method, params) in others {
      #expect(try await fixture.error(method, params) == .invalidParams("idempotencyKey"), "\(method) \(params)")
    }
    #expect(try await score() == "1-0")
    #expect(try await fixture.seq() == seq)
    let retry = try await fixture.result("score.goal", ["team": "teamA", "idempotencyKey": "goal-0000-0002"])
    #expect(retry == first, "the first change is still answered as it was")
  }

  @Test func aKeyIsItsCallersOwn() async throws {
    _ = try await fixture.result("score.goal", ["team": "teamA", "idempotencyKey": "goal-0000-0003"])
    let phone = try await fixture.webClient()
    _ = try await fixture.result("score.goal", ["team": "teamA", "idempotencyKey": "goal-0000-0003"], as: phone)
    #expect(try await score() == "2-0", "the organiser's phone chose the same key: its own change")
  }

  @Test func paramsInAnotherOrderAreTheSameChange() async throws {
    let first = try await fixture.result(
      "players.create", ["name": "Carla", "age": 30, "idempotencyKey": "carla-0001"])
    let again = try await fixture.result(
      "players.create", ["idempotencyKey": "carla-0001", "age": 30, "name": "Carla"])
    #expect(again == first)
    #expect(try await fixture.result("players.list")["players"]?.arrayValue?.count == 3)
  }

  @Test func aRefusedChangeIsNotKeptAndMayBeSentAgain() async throws {
    let undo: JSONObject = ["idempotencyKey": "undo-0000-0001"]
    #expect(try await fixture.error("score.undo", undo) == .wrongState("invalid_transition"))
    _ = try await fixture.result("score.goal", ["team": "teamB"])
    _ = try await fixture.result("score.undo", undo)
    #expect(try await score() == "0-0", "the same key, sent again once it could be done, did it")
  }

  @Test func aBadKeyIsRefusedNamingItAndChangesNothing() async throws {
    let seq = try await fixture.seq()
    let keys: [JSONValue] = [
      "short", .string(String(repeating: "k", count: 129)), "has a space", "accentué-key", "semi;colon-key", 12_345_678,
    ]
    for key in keys {
      let refusal = try await fixture.error("score.goal", ["team": "teamA", "idempotencyKey": key])
      #expect(refusal == .invalidParams("idempotencyKey"), "\(key)")
    }
    #expect(try await score() == "0-0")
    #expect(try await fixture.seq() == seq)
  }
}
