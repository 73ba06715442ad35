import NIOCore
import NIOWebSocket

/// Checks each frame a client sends against ``WebSocketFrameRules`` before the frames are joined into
/// messages. A violation goes on as a user event to ``WebSocketTransport``, which closes the connection with
/// its code (1002, 1007 or 1009); nothing the client sends after it is used.
final class WebSocketGuard: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = WebSocketFrame
  typealias InboundOut = WebSocketFrame

  private var rules: WebSocketFrameRules
  private var broken = false

  /// A guard for messages of at most `maxMessageBytes`.
  init(maxMessageBytes: Int) { rules = WebSocketFrameRules(maxMessageBytes: maxMessageBytes) }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !broken else { return }
    if let violation = rules.check(unwrapInboundIn(data)) {
      broken = true
      context.channel.setOption(.autoRead, value: false).whenFailure { _ in }
      context.fireUserInboundEventTriggered(violation)
      return
    }
    context.fireChannelRead(data)
  }
}
