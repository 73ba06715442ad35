import NIOCore
import NIOWebSocket

/// Carries JSON-RPC over a WebSocket: each text message in is one line for the ``RPCConnection`` behind it,
/// and each reply or event it writes goes out as one text frame. Answers pings, echoes a close, and closes
/// the connection when a frame breaks RFC 6455 (``WebSocketGuard``'s user event: 1002, 1007 or 1009), when
/// a text message is not UTF-8 (1007), or when it stays quiet too long (``WebSocketIdleState``: 1001).
///
/// The connection ends itself by writing an empty buffer (the mark that everything before it is out); here
/// that becomes a Close frame (1001, going away), so the browser learns why. Nothing is written after a
/// Close frame.
final class WebSocketTransport: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = WebSocketFrame
  typealias InboundOut = ByteBuffer
  typealias OutboundIn = ByteBuffer
  typealias OutboundOut = WebSocketFrame

  private var closeSent = false
  private let idleTimeout: TimeAmount
  private let isWatching: () -> Bool
  private var idle = WebSocketIdleState()
  private var idleChecks: RepeatedTask?

  /// A transport that checks for silence every `idleTimeout`; `isWatching` tells whether the connection has a
  /// subscription (then silence gets a ping, not a close).
  init(idleTimeout: TimeAmount, isWatching: @escaping () -> Bool) {
    self.idleTimeout = idleTimeout
    self.isWatching = isWatching
  }

  func handlerAdded(context: ChannelHandlerContext) {
    let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
    idleChecks = context.eventLoop.scheduleRepeatedTask(initialDelay: idleTimeout, delay: idleTimeout) { _ in
      bound.value.handler.checkIdle(bound.value.context)
    }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    idleChecks?.cancel()
    idleChecks = nil
  }

  func channelInactive(context: ChannelHandlerContext) {
    idleChecks?.cancel()
    idleChecks = nil
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let frame = unwrapInboundIn(data)
    idle.heardFromPeer()
    switch frame.opcode {
    case .text:
      guard !closeSent else { return }
      let message = frame.unmaskedData
      guard WebSocketFrameRules.isValidUTF8(message) else {
        return fail(context, .dataInconsistentWithMessage, "a text message is not UTF-8")
      }
      context.fireChannelRead(wrapInboundOut(message))
    case .ping:
      // A peer that pings without reading gets no pongs queued up for it (RFC 6455 lets a pong answer only
      // the latest ping): memory stays bounded.
      guard context.channel.isWritable, !closeSent else { return }
      let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
      context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
    case .connectionClose:
      // The peer's code is echoed (the guard checked it); none means a normal close.
      let code = frame.unmaskedData.getInteger(at: frame.unmaskedData.readerIndex, as: UInt16.self)
      sendClose(context, code: code.map { WebSocketErrorCode(codeNumber: Int($0)) } ?? .normalClosure, promise: nil)
      context.close(promise: nil)
    case .binary:
      fail(context, .unacceptableData, "gatherd speaks JSON-RPC in text frames")
    default:
      break
    }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    guard let violation = event as? WebSocketFrameRules.Violation else {
      return context.fireUserInboundEventTriggered(event)
    }
    fail(context, violation.code, violation.reason)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    var buffer = unwrapOutboundIn(data)
    guard buffer.readableBytes > 0 else { return sendClose(context, code: .goingAway, promise: promise) }
    guard !closeSent else {
      promise?.fail(ChannelError.outputClosed)
      return
    }
    // A line's "\n" is for the Unix socket's framing; a frame needs none.
    if buffer.getInteger(at: buffer.writerIndex - 1, as: UInt8.self) == UInt8(ascii: "\n") {
      buffer.moveWriterIndex(to: buffer.writerIndex - 1)
    }
    context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: buffer)), promise: promise)
  }

  /// The periodic check for silence.
  private func checkIdle(_ context: ChannelHandlerContext) {
    guard !closeSent else { return }
    switch idle.check(watching: isWatching()) {
    case .none: break
    case .ping:
      var payload = context.channel.allocator.buffer(capacity: 8)
      payload.writeString("gatherd")
      context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .ping, data: payload)), promise: nil)
    case .closeIdle:
      fail(context, .goingAway, "nothing was sent and nothing is watched: idle")
    case .closeUnanswered:
      fail(context, .goingAway, "a ping went unanswered")
    }
  }

  /// Ends the connection: a Close frame with `code` and `reason` (sent at once if the socket takes it), then
  /// the connection closes, whether or not the peer reads.
  private func fail(_ context: ChannelHandlerContext, _ code: WebSocketErrorCode, _ reason: String) {
    var data = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
    data.write(webSocketErrorCode: code)
    data.writeString(reason)
    sendClose(context, data: data, promise: nil)
    context.close(promise: nil)
  }

  private func sendClose(_ context: ChannelHandlerContext, code: WebSocketErrorCode, promise: EventLoopPromise<Void>?) {
    var data = context.channel.allocator.buffer(capacity: 2)
    data.write(webSocketErrorCode: code)
    sendClose(context, data: data, promise: promise)
  }

  private func sendClose(_ context: ChannelHandlerContext, data: ByteBuffer, promise: EventLoopPromise<Void>?) {
    guard !closeSent else {
      promise?.succeed()
      return
    }
    closeSent = true
    context.writeAndFlush(
      wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)), promise: promise)
  }
}
