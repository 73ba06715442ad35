import GatherRPC
import Testing

@testable import GatherDaemon

/// What every method's params share: they are by name, a method refuses any it does not take (naming it), a
/// request without params is one with none, and every kind of error says what went wrong in a sentence.
@Suite(.timeLimit(.minutes(1))) struct ParamsRulesMethodTests {
  let fixture: MethodFixture

  init() async throws { fixture = try await MethodFixture() }

  @Test func paramsByPositionAreRefusedNamingParams() async throws {
    let ana = JSONValue.int(try #require(try await fixture.addPlayers("Ana").first))
    let (roster, seq) = (try await fixture.result("players.list"), try await fixture.seq())
    let calls: [(String, JSONValue)] = [
      ("players.get", [ana]), ("players.create", ["Bruno"]), ("players.delete", [ana]), ("gathers.get", [1]),
      ("timer.set", [60]), ("daemon.ping", [1]),
    ]
    for (method, params) in calls {
      let reply = await fixture.call(method, params: params)
      #expect(Refusal(try #require(reply["error"], "\(method)")) == .invalidParams("params"), "\(method)")
    }
    #expect(try await fixture.result("players.list") == roster)
    #expect(try await fixture.seq() == seq)
  }

  @Test func aMethodThatTakesNoParamsRefusesAnyNamingIt() async throws {
    let methods = MethodCatalog.all.filter { $0.paramFields.allSatisfy { $0.name == "idempotencyKey" } }.map(\.name)
    #expect(methods.count >= 15 && methods.contains("timer.start") && methods.contains("rpc.discover"))
    for method in methods {
      #expect(try await fixture.error(method, ["bogus_param": 1]) == .invalidParams("bogus_param"), "\(method)")
    }
    #expect(try await fixture.result("players.list") == .object(["players": []]))
    #expect(try await fixture.seq() == 0, "nothing ran")
    #expect(try await fixture.result("rpc.discover", [:])["openrpc"] == "1.3.2", "an empty object is no params")
  }

  @Test func aRequestWithoutParamsIsOneWithNone() async throws {
    #expect(try await fixture.result("players.list") == .object(["players": []]))
    #expect(try await fixture.error("players.get") == .invalidParams("id"))
    #expect(try await fixture.error("players.create") == .invalidParams("name"))
  }

  @Test func everyKindOfErrorSaysWhatWentWrongInASentence() async throws {
    // fixture.error checks that each message reads as a sentence.
    #expect(try await fixture.error("players.get", ["id": 12345]) == .notFound("player_not_found"))
    #expect(try await fixture.error("timer.status") == .wrongState("no_active_gather"))
    #expect(try await fixture.error("players.create", ["name": "A", "age": 500]) == .invalidParams("age"))
    let message = await fixture.call("players.create", ["name": "A", "age": 500])["error"]?["message"]?.stringValue
    #expect(message?.contains { $0.isLowercase } == true, "words, not a code: \(message ?? "")")
    #expect(try await fixture.error("players.create", ["name": "M"], as: try await fixture.connect(.web)) == .forbidden)
  }
}
