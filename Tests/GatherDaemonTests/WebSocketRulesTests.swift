import NIOCore
import NIOWebSocket
import Testing

@testable import GatherDaemon

/// RFC 6455's rules for client frames, and when a quiet WebSocket is pinged or closed.
@Suite struct WebSocketRulesTests {
  let mask = WebSocketMaskingKey([1, 2, 3, 4])!

  func frame(
    _ opcode: WebSocketOpcode, _ bytes: [UInt8] = [], fin: Bool = true, rsv1: Bool = false, rsv3: Bool = false,
    masked: Bool = true
  ) -> WebSocketFrame {
    var data = ByteBuffer(bytes: bytes)
    if masked { data.webSocketMask(mask) }
    return WebSocketFrame(fin: fin, rsv1: rsv1, rsv3: rsv3, opcode: opcode, maskKey: masked ? mask : nil, data: data)
  }

  func code(_ frames: [WebSocketFrame], limit: Int = 100) -> UInt16? {
    var rules = WebSocketFrameRules(maxMessageBytes: limit)
    for frame in frames {
      if let violation = rules.check(frame) { return UInt16(webSocketErrorCode: violation.code) }
    }
    return nil
  }

  @Test func wellFormedFramesPass() {
    #expect(code([frame(.text, Array("{}".utf8))]) == nil)
    #expect(
      code([frame(.text, [0x7B], fin: false), frame(.continuation, [], fin: false), frame(.continuation, [0x7D])])
        == nil)
    #expect(
      code([frame(.ping, [1]), frame(.pong), frame(.connectionClose), frame(.connectionClose, [0x03, 0xE8])]) == nil)
    #expect(code([frame(.connectionClose, [0x0F, 0xA0] + Array("bye".utf8))]) == nil, "4000, a private code")
  }

  @Test func protocolErrorsClose1002() {
    #expect(code([frame(.text, Array("{}".utf8), masked: false)]) == 1002, "unmasked")
    #expect(code([frame(.text, Array("{}".utf8), rsv1: true)]) == 1002, "RSV1")
    #expect(code([frame(.text, Array("{}".utf8), rsv3: true)]) == 1002, "RSV3")
    #expect(code([frame(WebSocketOpcode(encodedWebSocketOpcode: 0x3)!)]) == 1002, "opcode 0x3")
    #expect(code([frame(WebSocketOpcode(encodedWebSocketOpcode: 0xB)!)]) == 1002, "opcode 0xB")
    #expect(code([frame(.connectionClose, [0x03])]) == 1002, "a 1-byte close payload")
    for bad: UInt16 in [0, 999, 1004, 1005, 1006, 1015, 1016, 2999, 5000, 65535] {
      #expect(code([frame(.connectionClose, [UInt8(bad >> 8), UInt8(bad & 0xFF)])]) == 1002, "close code \(bad)")
    }
    #expect(code([frame(.continuation, [1])]) == 1002, "a continuation of nothing")
    #expect(code([frame(.text, [1], fin: false), frame(.text, [1])]) == 1002, "a new message inside another")
  }

  @Test func badUTF8Closes1007AndOversizedMessages1009() {
    #expect(code([frame(.connectionClose, [0x03, 0xE8, 0xC3, 0x28])]) == 1007, "a close reason that is not UTF-8")
    let long = [
      frame(.text, [UInt8](repeating: 0x20, count: 60), fin: false),
      frame(.continuation, [UInt8](repeating: 0x20, count: 60)),
    ]
    #expect(code(long, limit: 100) == 1009)
    var many = [frame(.text, [0x20], fin: false)]
    many += (0..<WebSocketFrameRules.maxFragments).map { _ in frame(.continuation, [0x20], fin: false) }
    #expect(code(many, limit: 1 << 20) == 1009)
  }

  @Test(
    arguments: [
      ([0x7B, 0x7D], true), ([0xE2, 0x82, 0xAC], true), ([0xF0, 0x9F, 0x8E, 0x89], true), ([0xC3, 0x28], false),
      ([0xC0, 0xAF], false), ([0xED, 0xA0, 0x80], false), ([0xF4, 0x90, 0x80, 0x80], false), ([0xE2, 0x82], false),
    ] as [([UInt8], Bool)])
  func utf8IsCheckedStrictly(_ bytes: [UInt8], _ valid: Bool) {
    #expect(WebSocketFrameRules.isValidUTF8(ByteBuffer(bytes: bytes)) == valid)
  }

  @Test func aQuietConnectionThatWatchesNothingIsClosed() {
    var idle = WebSocketIdleState()
    #expect(idle.check(watching: false) == .closeIdle)
    var chatty = WebSocketIdleState()
    chatty.heardFromPeer()
    #expect(chatty.check(watching: false) == .none)
    #expect(chatty.check(watching: false) == .closeIdle)
  }

  @Test func aQuietSubscriberIsPingedAndKeptWhileItAnswers() {
    var idle = WebSocketIdleState()
    for _ in 0..<3 {
      #expect(idle.check(watching: true) == .ping)
      idle.heardFromPeer()  // the pong
      #expect(idle.check(watching: true) == .none)
    }
    #expect(idle.check(watching: true) == .ping)
    #expect(idle.check(watching: true) == .closeUnanswered)
  }
}
