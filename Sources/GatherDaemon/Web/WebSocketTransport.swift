import NIOCore
import NIOWebSocket

/// Carries JSON-RPC over a WebSocket: each text message in is one line for the ``RPCConnection`` behind it,
/// and each reply or event it writes goes out as one text frame. Answers pings, and echoes a close.
///
/// The connection ends itself by writing an empty buffer (the mark that everything before it is out); here
/// that becomes a Close frame (1001, going away), so the browser learns why.
final class WebSocketTransport: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = WebSocketFrame
  typealias InboundOut = ByteBuffer
  typealias OutboundIn = ByteBuffer
  typealias OutboundOut = WebSocketFrame

  private var closeSent = false

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let frame = unwrapInboundIn(data)
    switch frame.opcode {
    case .text:
      context.fireChannelRead(wrapInboundOut(frame.unmaskedData))
    case .ping:
      // A peer that pings without reading gets no pongs queued up for it (RFC 6455 lets a pong answer only
      // the latest ping): memory stays bounded.
      guard context.channel.isWritable else { return }
      let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
      context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
    case .connectionClose:
      sendClose(context, code: .normalClosure, promise: nil)
      context.close(promise: nil)
    case .binary:
      var reason = context.channel.allocator.buffer(capacity: 64)
      reason.write(webSocketErrorCode: .unacceptableData)
      reason.writeString("gatherd speaks JSON-RPC in text frames")
      sendClose(context, data: reason, promise: nil)
      context.close(promise: nil)
    default:
      break
    }
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    var buffer = unwrapOutboundIn(data)
    guard buffer.readableBytes > 0 else { return sendClose(context, code: .goingAway, promise: promise) }
    // A line's "\n" is for the Unix socket's framing; a frame needs none.
    if buffer.getInteger(at: buffer.writerIndex - 1, as: UInt8.self) == UInt8(ascii: "\n") {
      buffer.moveWriterIndex(to: buffer.writerIndex - 1)
    }
    context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: buffer)), promise: promise)
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
