import GatherRPC
import Testing

/// The JSON-RPC rules every request meets before any method's own, as refusals: a line that is not JSON, a message
/// that is not a request, a method gatherd does not have, params that are not by name or not the method's. Each
/// is answered with its code and reason, the request's id (or null where it has none), and a message in words.
@Suite(.timeLimit(.minutes(1))) struct RequestRulesMethodTests {
  let fixture: MethodFixture

  init() async throws { fixture = try await MethodFixture() }

  /// Checks an error reply: its code and reason, its id, and a message that reads as a sentence.
  func expectError(
    _ reply: JSONValue?, _ code: Int64, _ reason: String, id: JSONValue,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let error = reply?["error"]
    #expect(
      error?["code"] == .int(code) && error?["data"]?["reason"] == .string(reason), sourceLocation: sourceLocation)
    #expect(reply?["id"] == id && reply?["result"] == nil, "\(reply ?? .null)", sourceLocation: sourceLocation)
    let message = error?["message"]?.stringValue ?? ""
    #expect(Refusal.isSentence(message), "not a sentence: \(message)", sourceLocation: sourceLocation)
  }

  @Test func aLineThatIsNotJSONIsAParseErrorWithANullId() async throws {
    let lines = [
      "{", "not json", #"{"jsonrpc":"2.0","method":"daemon.ping","id":1"#,
      #"{"jsonrpc":"2.0","method":"daemon.ping","id":1,}"#, "[1,2", "{'jsonrpc':'2.0'}",
      #"{"jsonrpc":"2.0","method":"daemon.ping","id":1}}"#,
      #"[{"jsonrpc":"2.0","method":"daemon.ping","id":1},{"jsonrpc":"2.0","method"]"#,
    ]
    for line in lines {
      let reply = await fixture.send(line: line)
      #expect(reply?.arrayValue == nil, "one error, even for a batch: \(line)")
      expectError(reply, -32700, "parse_error", id: .null)
    }
  }

  @Test func aMessageThatIsNotARequestIsAnInvalidRequest() async throws {
    let ping: JSONValue = "daemon.ping"
    let requests: [(JSONObject, JSONValue)] = [
      (["jsonrpc": "1.0", "method": ping, "id": 1], 1), (["method": ping, "id": 2], 2),
      (["jsonrpc": .double(2.0), "method": ping, "id": 3], 3), (["jsonrpc": "2.0", "method": 5, "id": 4], 4),
      (["jsonrpc": "2.0", "method": nil, "id": 5], 5), (["jsonrpc": "2.0", "method": [ping], "id": 6], 6),
      (["jsonrpc": "2.0", "id": 7], 7), (["jsonrpc": "2.0", "method": ping, "params": 5, "id": 8], 8),
      (["jsonrpc": "2.0", "method": ping, "params": "x", "id": 9], 9),
      (["jsonrpc": "2.0", "method": ping, "params": true, "id": 10], 10),
      (["jsonrpc": "2.0", "method": ping, "id": .object(["a": 1])], .null),
      (["jsonrpc": "2.0", "method": ping, "id": [1]], .null), (["jsonrpc": "2.0", "method": ping, "id": true], .null),
      (["jsonrpc": "2.0", "method": 1, "params": "bar"], .null), ([:], .null),
    ]
    for (request, id) in requests {
      expectError(await fixture.send(.object(request)), -32600, "invalid_request", id: id)
    }
    for message: JSONValue in ["a string", 42, .null, []] {
      expectError(await fixture.send(message), -32600, "invalid_request", id: .null)
    }
    let numbers = try #require(await fixture.send([1, 2])?.arrayValue, "a batch of non-requests is a batch of errors")
    #expect(numbers.count == 2)
    for reply in numbers { expectError(reply, -32600, "invalid_request", id: .null) }
  }

  @Test func aMethodGatherdDoesNotHaveIsNotFoundWithTheRequestsId() async throws {
    for method in ["no.such.method", "", "daemon.Ping", "rpc.unknown"] {
      let id = JSONValue.string("m-\(method)")
      let reply = await fixture.send(.object(["jsonrpc": "2.0", "id": id, "method": .string(method)]))
      expectError(reply, -32601, "method_not_found", id: id)
    }
    let nullID = await fixture.send(.object(["jsonrpc": "2.0", "id": .null, "method": "no.such.method"]))
    expectError(nullID, -32601, "method_not_found", id: .null)
  }

  @Test func aRefusalEchoesTheRequestsIdWithItsType() async throws {
    for id: JSONValue in ["1", 1] {
      let request: JSONValue = .object([
        "jsonrpc": "2.0", "id": id, "method": "players.get", "params": .object(["id": 987_654]),
      ])
      expectError(await fixture.send(request), -32001, "player_not_found", id: id)
    }
  }

  @Test func aNotificationIsNeverAnsweredEvenWhenItFails() async throws {
    let notifications: [(String, JSONObject?)] = [
      ("no.such.method", nil), ("no.such.method", ["x": 1]), ("players.get", ["id": "not a number"]),
      ("players.get", ["id": 987_654]), ("events.unsubscribe", ["subscription": 424_242]),
      ("players.create", ["name": "X", "bogus": 1]),
    ]
    for (method, params) in notifications {
      var notification: JSONObject = ["jsonrpc": "2.0", "method": .string(method)]
      if let params { notification["params"] = .object(params) }
      #expect(await fixture.send(.object(notification)) == nil, "\(method)")
    }
    #expect(try await fixture.result("players.list")["players"] == [], "the refused create added nobody")
  }

  @Test func aBatchAnswersEachRequestWithItsOwnErrorAndRunsItsNotifications() async throws {
    let batch: JSONValue = [
      .object(["jsonrpc": "2.0", "id": 1, "method": "daemon.ping"]),
      .object(["jsonrpc": "2.0", "method": "players.create", "params": .object(["name": "Batch Notified"])]),
      .object(["foo": "bar"]), .object(["jsonrpc": "2.0", "id": "three", "method": "no.such.method"]),
      .object(["jsonrpc": "2.0", "id": 4, "method": "players.get", "params": .object(["id": 987_654])]),
      .object(["jsonrpc": "2.0", "id": 5, "method": "players.create", "params": .object(["name": 5])]),
      .object(["jsonrpc": "2.0", "method": "no.such.method"]),
    ]
    let replies = try #require(await fixture.send(batch)?.arrayValue)
    #expect(replies.count == 5, "one reply a request, none for the notifications")
    let byID = { (id: JSONValue) in replies.first { $0["id"] == id } }
    #expect(byID(1)?["result"] == .object(["pong": true]))
    expectError(byID("three"), -32601, "method_not_found", id: "three")
    expectError(byID(4), -32001, "player_not_found", id: 4)
    expectError(byID(5), -32602, "invalid_params", id: 5)
    #expect(byID(5)?["error"]?["data"]?["field"] == "name")
    expectError(byID(.null), -32600, "invalid_request", id: .null)
    let names = try await fixture.result("players.list")["players"]?.arrayValue?.map { $0["name"] }
    #expect(names == ["Batch Notified"], "a notification inside a batch is still carried out")
  }
}
