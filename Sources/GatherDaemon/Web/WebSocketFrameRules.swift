import NIOCore
import NIOWebSocket

/// RFC 6455's rules for the frames a client sends, checked before anything in them is used: every frame is
/// masked; no reserved bit is set (gatherd agrees no extension); no reserved opcode; a close frame has no
/// payload or a valid code and a UTF-8 reason; continuation frames continue a message, and a message stays
/// within the size and fragment limits. (NIO's decoder already refuses oversized frames and fragmented or long
/// control frames.) Text must be UTF-8: ``isValidUTF8(_:)``, checked once a message is whole.
struct WebSocketFrameRules {
  /// The most fragments one message may come in.
  static let maxFragments = 1024

  /// A broken rule: the connection closes with `code`, saying `reason`.
  struct Violation: Error, Equatable {
    /// 1002 (protocol error), 1007 (invalid data) or 1009 (too big).
    let code: WebSocketErrorCode
    /// Why, for the close frame and the log.
    let reason: String
  }

  /// The largest message, in bytes.
  let maxMessageBytes: Int
  /// Fragments and bytes of the message being received, when it came in more than one frame.
  private var message: (fragments: Int, bytes: Int)?

  /// Rules for messages of at most `maxMessageBytes`.
  init(maxMessageBytes: Int) { self.maxMessageBytes = maxMessageBytes }

  /// Checks the next frame; nil when it may be used.
  mutating func check(_ frame: WebSocketFrame) -> Violation? {
    guard frame.maskKey != nil else { return Violation(code: .protocolError, reason: "client frames must be masked") }
    guard !frame.rsv1, !frame.rsv2, !frame.rsv3 else {
      return Violation(code: .protocolError, reason: "reserved bits are set, and no extension was agreed")
    }
    switch frame.opcode {
    case .text, .binary:
      guard message == nil else {
        return Violation(code: .protocolError, reason: "a new message began before the last one ended")
      }
      if !frame.fin { message = (1, frame.length) }
      return nil
    case .continuation:
      guard var current = message else {
        return Violation(code: .protocolError, reason: "a continuation frame continues no message")
      }
      current.fragments += 1
      current.bytes += frame.length
      guard current.bytes <= maxMessageBytes else {
        return Violation(code: .messageTooLarge, reason: "the message is over \(maxMessageBytes) bytes")
      }
      guard current.fragments <= Self.maxFragments else {
        return Violation(code: .messageTooLarge, reason: "the message is in over \(Self.maxFragments) fragments")
      }
      message = frame.fin ? nil : current
      return nil
    case .connectionClose:
      return Self.checkClose(frame.unmaskedData)
    case .ping, .pong:
      return nil
    default:
      return Violation(code: .protocolError, reason: "opcode \(UInt8(webSocketOpcode: frame.opcode)) is reserved")
    }
  }

  /// A close frame's payload: empty, or a valid code and a UTF-8 reason.
  static func checkClose(_ payload: ByteBuffer) -> Violation? {
    guard payload.readableBytes > 0 else { return nil }
    guard let code = payload.getInteger(at: payload.readerIndex, as: UInt16.self), payload.readableBytes >= 2 else {
      return Violation(code: .protocolError, reason: "a close frame's payload starts with a 2-byte code")
    }
    guard isValidCloseCode(code) else {
      return Violation(code: .protocolError, reason: "\(code) is not a close code a client may send")
    }
    guard isValidUTF8(payload.getSlice(at: payload.readerIndex + 2, length: payload.readableBytes - 2)!) else {
      return Violation(code: .dataInconsistentWithMessage, reason: "the close reason is not UTF-8")
    }
    return nil
  }

  /// The codes a peer may send: those RFC 6455 and IANA define for use in a close frame (1000–1003,
  /// 1007–1014), and those for libraries and applications (3000–4999). 1004–1006 and 1015 are never sent.
  static func isValidCloseCode(_ code: UInt16) -> Bool {
    (1000...1003).contains(code) || (1007...1014).contains(code) || (3000...4999).contains(code)
  }

  /// Whether `buffer`'s readable bytes are well-formed UTF-8 (no overlong forms, surrogates or code points
  /// past U+10FFFF).
  static func isValidUTF8(_ buffer: ByteBuffer) -> Bool {
    buffer.withUnsafeReadableBytes { bytes in
      guard bytes.contains(where: { $0 >= 0x80 }) else { return true }
      var iterator = bytes.makeIterator()
      var decoder = Unicode.UTF8()
      while true {
        switch decoder.decode(&iterator) {
        case .scalarValue: continue
        case .emptyInput: return true
        case .error: return false
        }
      }
    }
  }
}
