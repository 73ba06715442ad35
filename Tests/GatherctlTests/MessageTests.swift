import GatherAPI
import GatherRPC
import Testing

@testable import gatherctl

/// The JSON-RPC envelope of what gatherd sends: which request a reply answers, its error, and a notification's
/// method; the result kept as it came.
@Suite struct MessageTests {
  func message(_ text: String) throws -> Message { try Message(Array(text.utf8)) }

  @Test func aResultIsKeptAsItCame() throws {
    let reply = try message(#"{"jsonrpc":"2.0","id":7,"result":{"b":1,"a":[true,null]}}"#)
    #expect(reply.envelope.id == 7)
    #expect(reply.envelope.method == nil)
    #expect(reply.envelope.error == nil)
    #expect(JSONWriter.string(reply.result) == #"{"b":1,"a":[true,null]}"#)
  }

  @Test func anErrorGivesItsReasonAndTheParamItNames() throws {
    let reply = try message(
      #"{"jsonrpc":"2.0","id":null,"error":{"code":-32602,"message":"Bad skill.","#
        + #""data":{"reason":"invalid_params","field":"players[4].skill"}}}"#)
    #expect(reply.envelope.id == nil)
    let error = try #require(reply.envelope.error)
    #expect(error.code == -32602)
    #expect(error.message == "Bad skill.")
    #expect(error.reason == "invalid_params")
    #expect(error.field == "players[4].skill")
  }

  @Test func anErrorWithoutDataReadsAsEmpty() throws {
    let error = try #require(try message(#"{"jsonrpc":"2.0","id":1,"error":{"code":-32601}}"#).envelope.error)
    #expect(error.message == "The daemon refused the request.")
    #expect(error.reason == "")
    #expect(error.field == "")
  }

  @Test func aNotificationIsReadAsItsEvent() throws {
    let tick = try message(
      #"{"jsonrpc":"2.0","method":"tick","params":{"subscription":1,"seq":9,"state":"break","remaining":0,"#
        + #""remainingMs":0,"display":"00:00","endsAt":null,"period":1,"added":null,"breakName":"HT"}}"#)
    #expect(tick.envelope.method == "tick")
    guard case .tick(let event) = try tick.event() else {
      Issue.record("not a tick")
      return
    }
    #expect(event.state == .break)
    #expect(event.breakName == "HT")
  }

  @Test func anEventOfAnotherTopicIsLeftUnread() throws {
    let plan = try message(#"{"jsonrpc":"2.0","method":"plan","params":{"change":"created","shape":"new"}}"#)
    #expect(try plan.event() == .other(method: "plan"))
  }

  @Test func anEventInAnotherShapeIsAClearError() throws {
    let tick = try message(#"{"jsonrpc":"2.0","method":"tick","params":{"subscription":1,"seq":9}}"#)
    let error = #expect(throws: CtlError.self) { try tick.event() }
    guard case .unreadable(let text)? = error else {
      Issue.record("not unreadable: \(String(describing: error))")
      return
    }
    #expect(text.contains("tick event"))
    #expect(text.contains(#""params.state" is missing"#))
  }

  @Test func aLineThatIsNotJSONIsSaidToBe() {
    #expect(throws: Message.Problem.self) { try message("{bad") }
  }
}
