import NIOCore

/// Answers a connection that is over the caps with `503 Service Unavailable` and closes it, reading nothing
/// from it.
final class TurnAway: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  private let message: String
  private var answered = false

  /// A handler that says `message`.
  init(message: String) { self.message = message }

  func handlerAdded(context: ChannelHandlerContext) {
    context.channel.setOption(.autoRead, value: false).whenFailure { _ in }
    if context.channel.isActive { answer(context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    answer(context)
    context.fireChannelActive()
  }

  private func answer(_ context: ChannelHandlerContext) {
    guard !answered else { return }
    answered = true
    let body = message + "\n"
    let response =
      "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
      + "Retry-After: 10\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n" + body
    // The flush writes at once into the new socket's empty buffer; the descriptor goes at once too, whether or
    // not the peer ever reads.
    context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: response)), promise: nil)
    context.close(promise: nil)
  }
}
