import Testing

@testable import GatherDaemon

/// The replies MQTT control keeps so that a request the broker delivers twice runs once: per requester, bounded
/// by count, bytes and requesters, the oldest forgotten first.
@Suite struct MQTTRecentRepliesTests {
  typealias Window = MQTTRecentReplies

  /// The request `{"jsonrpc":"2.0","id":ID,"method":"score.goal",...}` with this id.
  func request(_ id: Int, correlation: [UInt8]? = nil) -> Window.Request {
    let text = #"{"jsonrpc":"2.0","id":\#(id),"method":"score.goal","params":{"team":"teamA"}}"#
    return Window.Request(payload: Array(text.utf8), correlationData: correlation)
  }

  func reply(_ id: Int) -> [UInt8] { Array(#"{"jsonrpc":"2.0","id":\#(id),"result":{}}"#.utf8) }

  @Test func aRepeatGetsTheReplyAlreadyGivenAndAnotherRequestNone() {
    var window = Window()
    window.remember(reply(1), to: request(1), from: "gatherd/main/rpc/reply")
    #expect(window.reply(to: request(1), from: "gatherd/main/rpc/reply") == reply(1))
    #expect(window.reply(to: request(2), from: "gatherd/main/rpc/reply") == nil, "another id")
    #expect(window.reply(to: request(1), from: "replies/phone") == nil, "the same id from another requester")
    #expect(window.reply(to: request(1, correlation: [7]), from: "gatherd/main/rpc/reply") == nil, "other correlation")
    let other = Window.Request(
      payload: Array(#"{"jsonrpc":"2.0","id":1,"method":"score.undo"}"#.utf8), correlationData: nil)
    #expect(window.reply(to: other, from: "gatherd/main/rpc/reply") == nil, "the same id for another request")
  }

  @Test func eachRequesterKeepsItsLast64RepliesTheOldestForgottenFirst() {
    var window = Window()
    for id in 1...Window.idsPerRequester + 1 { window.remember(reply(id), to: request(id), from: "a") }
    #expect(window.reply(to: request(1), from: "a") == nil, "the oldest was forgotten")
    for id in 2...Window.idsPerRequester + 1 {
      #expect(window.reply(to: request(id), from: "a") == reply(id), "id \(id)")
    }
  }

  @Test func the65thRequesterMakesTheOneHeardFromLongestAgoForgotten() {
    var window = Window()
    for index in 0..<Window.requesters { window.remember(reply(index), to: request(index), from: "r\(index)") }
    // Hearing from r0 again makes r1 the one heard from longest ago.
    #expect(window.reply(to: request(0), from: "r0") == reply(0))
    window.remember(reply(99), to: request(99), from: "newcomer")
    #expect(window.reply(to: request(1), from: "r1") == nil)
    #expect(window.reply(to: request(0), from: "r0") == reply(0))
    #expect(window.reply(to: request(99), from: "newcomer") == reply(99))
    for index in 2..<Window.requesters {
      #expect(window.reply(to: request(index), from: "r\(index)") == reply(index), "r\(index)")
    }
  }

  @Test func requestsAndRepliesPastTheRequestersBytesForgetTheOldestAndOneTooLongIsNotKept() {
    var window = Window()
    // The requests' bytes count too: four requests and their replies fill the budget exactly.
    let quarter = [UInt8](repeating: 0x20, count: Window.bytesPerRequester / 4 - request(1).size)
    for id in 1...4 { window.remember(quarter, to: request(id), from: "a") }
    #expect(window.reply(to: request(1), from: "a") == quarter, "exactly the budget is kept")
    window.remember(reply(5), to: request(5), from: "a")
    #expect(window.reply(to: request(1), from: "a") == nil)
    #expect(window.reply(to: request(2), from: "a") == quarter && window.reply(to: request(5), from: "a") == reply(5))
    let tooLong = [UInt8](repeating: 0x20, count: Window.bytesPerRequester + 1)
    window.remember(tooLong, to: request(6), from: "a")
    #expect(window.reply(to: request(6), from: "a") == nil)
    #expect(window.reply(to: request(2), from: "a") == quarter, "nothing was forgotten for it")
  }
}
