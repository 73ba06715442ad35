import GatherRPC
import Testing

/// daemon.ping, daemon.status and rpc.discover, and the JSON-RPC rules every method shares: envelopes,
/// batches, notifications and params by name.
@Suite(.timeLimit(.minutes(1))) struct DaemonMethodTests {
  let fixture: MethodFixture

  init() async throws { fixture = try await MethodFixture() }

  @Test func pingPongsForAnyone() async throws {
    #expect(try await fixture.result("daemon.ping") == .object(["pong": true]))
    #expect(await fixture.call("daemon.ping", params: [])["result"] == .object(["pong": true]))
    #expect(try await fixture.result("daemon.ping", as: try await fixture.connect(.web)) == .object(["pong": true]))
    #expect(try await fixture.error("daemon.ping", ["echo": 1]) == .invalidParams("echo"))
  }

  @Test func statusDescribesTheDaemon() async throws {
    let status = try await fixture.result("daemon.status")
    #expect(status["version"]?.stringValue?.split(separator: ".").count ?? 0 >= 3)
    #expect((status["pid"]?.intValue ?? 0) > 0 && (status["uptimeSeconds"]?.number ?? -1) >= 0)
    #expect(status["players"] == 0 && status["gather"] == .null && status["subscriptions"] == 0)
    #expect(status["seq"] == 0 && status["controller"] == true)
  }

  @Test func statusFollowsTheRosterAndTheGather() async throws {
    let ids = try await fixture.addPlayers("Ana", "Bruno", "Carla")
    let gather = try await fixture.result(
      "gather.start", ["teamA": [.int(ids[0])], "teamB": [.int(ids[1])], "seconds": 90])
    _ = try await fixture.result("score.goal", ["team": "teamB"])
    let status = try await fixture.result("daemon.status")
    #expect(status["players"] == 3 && status["seq"] == 5, "three players, a start and a goal")
    let summary = try #require(status["gather"])
    #expect(summary["id"] == gather["id"] && summary["score"]?["text"] == "0-1")
    #expect(summary["timer"]?["duration"] == 90 && summary["names"] == gather["names"])
  }

  @Test func statusSaysWhoIsAController() async throws {
    let expected: [(MethodFixture.Peer, JSONValue)] = [(.statusSocket, false), (.localUser, false), (.web, false)]
    for (peer, controller) in expected {
      let connection = try await fixture.connect(peer)
      #expect(try await fixture.result("daemon.status", as: connection)["controller"] == controller, "\(peer)")
    }
    let web = try await fixture.webClient()
    #expect(try await fixture.result("daemon.status", as: web)["controller"] == true)
  }

  @Test func statusCountsSubscriptions() async throws {
    let watcher = try await fixture.watch()
    _ = try await fixture.result("events.subscribe", ["topics": ["tick"]], as: watcher)
    #expect(try await fixture.result("daemon.status")["subscriptions"] == 2)
  }

  @Test func timeIsTheServersInUTCAndInItsOwnZone() async throws {
    let time = try await fixture.result("daemon.time", as: try await fixture.connect(.web))
    #expect(time["now"] == "2027-01-15T08:00:00.000Z")
    let local = try #require(time["local"]?.stringValue)
    #expect(local.count == 25 && ["+", "-"].contains(local.dropFirst(19).prefix(1)), "\(local)")
    #expect(time["zone"]?.stringValue != nil || time["zone"] == .null)
    let summer = try #require(try await fixture.result("daemon.time", ["at": "2027-07-01T19:00"])["at"]?.stringValue)
    let winter = try #require(try await fixture.result("daemon.time", ["at": "2027-12-03T19:30:15"])["at"]?.stringValue)
    #expect(summer.hasPrefix("2027-07-01T19:00:00") && summer.count == 25, "the wall time kept, with its offset")
    #expect(winter.hasPrefix("2027-12-03T19:30:15") && winter.count == 25)
    for wrong in ["2027-12-03T19:00+01:00", "2027-12-03", "19:00", "2027-12-03T19:00:00.5", "thursday"] {
      #expect(try await fixture.error("daemon.time", ["at": .string(wrong)]) == .invalidParams("at"), "\(wrong)")
    }
    #expect(try await fixture.error("daemon.time", ["at": "2027-02-30T19:00"]) == .invalidParams("at"))
    #expect(try await fixture.error("daemon.time", ["zone": "UTC"]) == .invalidParams("zone"))
  }

  @Test func discoverDescribesEveryMethodWhichOnesChangeAndWhoMayCallThem() async throws {
    let document = try await fixture.result("rpc.discover")
    #expect(document["openrpc"] == "1.3.2")
    let methods = try #require(document["methods"]?.arrayValue)
    #expect(methods.count >= 40)
    let reader = try await fixture.connect(.statusSocket)
    for method in methods {
      let name = try #require(method["name"]?.stringValue)
      let reply = await fixture.call(name, as: reader)
      let code = reply["error"]?["code"]
      #expect(code != -32601, "\(name) is documented and served")
      // The status socket holds no link's code: it may call what anyone may, and nothing else.
      if method["x-access"] == "anyone" {
        #expect(method["x-mutating"] == nil, "\(name) changes the match, so not anyone may call it")
        #expect(code != -32003, "\(name) is open to anyone")
      } else {
        #expect(code == -32003, "\(name) is for \(method["x-access"] ?? "?"), so the status socket may not call it")
      }
    }
  }

  @Test func anUnknownMethodIsNotFound() async throws {
    let reply = await fixture.call("score.steal", ["team": "teamA"])
    let error = try #require(reply["error"])
    #expect(error["code"] == -32601 && error["data"]?["reason"] == "method_not_found")
    #expect(error["data"]?["method"] == "score.steal")
  }

  @Test func aBatchIsAnsweredInOrderWithoutItsNotifications() async throws {
    let batch: JSONValue = [
      .object(["jsonrpc": "2.0", "id": 1, "method": "players.create", "params": .object(["name": "Ana"])]),
      .object(["jsonrpc": "2.0", "method": "players.create", "params": .object(["name": "Bruno"])]),
      .object(["jsonrpc": "2.0", "id": "list", "method": "players.list"]),
      .object(["jsonrpc": "2.0", "id": 3, "method": "no.such.method"]),
    ]
    let replies = try #require(await fixture.send(batch)?.arrayValue)
    #expect(replies.map { $0["id"] } == [1, "list", 3])
    #expect(replies[0]["result"]?["name"] == "Ana")
    #expect(replies[1]["result"]?["players"]?.arrayValue?.map { $0["name"] } == ["Ana", "Bruno"], "in order")
    #expect(replies[2]["error"]?["code"] == -32601)
  }

  @Test func aBatchOfNotificationsGetsNoReplyButRuns() async throws {
    let batch: JSONValue = [
      .object(["jsonrpc": "2.0", "method": "players.create", "params": .object(["name": "Ana"])]),
      .object(["jsonrpc": "2.0", "method": "players.create", "params": .object(["age": 3])]),
    ]
    #expect(await fixture.send(batch) == nil)
    #expect(try await fixture.result("players.list")["players"]?.arrayValue?.count == 1)
  }

  @Test func envelopesThatAreNotRequestsAreRefused() async throws {
    let refused: [(JSONValue, JSONValue, Int64)] = [
      ([], .null, -32600), (.object(["id": 4, "method": "daemon.ping"]), 4, -32600),
      (.object(["jsonrpc": "2.0", "id": 5, "method": 7]), 5, -32600),
      (.object(["jsonrpc": "2.0", "id": 6, "method": "daemon.ping", "params": "x"]), 6, -32600),
      (.object(["jsonrpc": "2.0", "id": .object([:]), "method": "daemon.ping"]), .null, -32600),
      ("hello", .null, -32600),
    ]
    for (message, id, code) in refused {
      let reply = await fixture.send(message)
      #expect(reply?["id"] == id && reply?["error"]?["code"] == .int(code), "\(message)")
    }
    let unparsable = await fixture.send(line: "{\"jsonrpc\":\"2.0\",")
    #expect(unparsable?["id"] == .null && unparsable?["error"]?["data"]?["reason"] == "parse_error")
    #expect(unparsable?["error"]?["code"] == -32700)
  }

  @Test func paramsAreByNameAndAnEmptyArrayMeansNone() async throws {
    for method in ["daemon.status", "players.list", "gather.current", "rpc.discover"] {
      #expect(await fixture.call(method, params: [])["result"] != nil, "\(method)")
    }
    let positional = await fixture.call("players.get", params: [1])
    #expect(Refusal(try #require(positional["error"])) == .invalidParams("params"))
  }

  @Test func aReadOnlyBatchIsRefusedChangeByChange() async throws {
    let batch: JSONValue = [
      .object(["jsonrpc": "2.0", "id": 1, "method": "players.create", "params": .object(["name": "Ana"])]),
      .object(["jsonrpc": "2.0", "id": 2, "method": "daemon.ping"]),
    ]
    let replies = try #require(await fixture.send(batch, as: try await fixture.connect(.statusSocket))?.arrayValue)
    #expect(replies.count == 2 && replies[0]["error"]?["code"] == -32003)
    #expect(replies[1]["result"] == .object(["pong": true]))
    #expect(try await fixture.result("players.list")["players"] == [])
  }
}
