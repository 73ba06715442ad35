import NIOCore
import NIOHTTP1

/// Gives a connection a deadline for a request's headers, counted from the moment it opens or its last
/// response was written, not only from its last byte: a client that sends its headers a byte at a time
/// (slowloris), or connects and asks nothing, is closed when the deadline passes.
///
/// It sits right after NIO's request decoder, where each head is seen as soon as it is parsed (before the
/// pipelining handler holds it back), and each response's end passes it on the way out. No deadline runs
/// while a request's body arrives (the idle timeout covers silence then) or while a response is owed.
final class HTTPRequestDeadline: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  private let timeout: TimeAmount
  private var deadline: Scheduled<Void>?
  /// Requests whose head was read and whose end was not.
  private var requestsOpen = 0
  /// Requests read whole whose response has not ended yet.
  private var responsesOwed = 0

  /// A deadline of `timeout` for each request's headers.
  init(timeout: TimeAmount) { self.timeout = timeout }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { arm(context) }
  }

  func handlerRemoved(context: ChannelHandlerContext) { disarm() }

  func channelActive(context: ChannelHandlerContext) {
    arm(context)
    context.fireChannelActive()
  }

  func channelInactive(context: ChannelHandlerContext) {
    disarm()
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head:
      requestsOpen += 1
      disarm()
    case .end:
      requestsOpen = max(0, requestsOpen - 1)
      responsesOwed += 1
    case .body:
      break
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    if case .end = unwrapOutboundIn(data) {
      responsesOwed = max(0, responsesOwed - 1)
      if requestsOpen == 0, responsesOwed == 0 { arm(context) }
    }
    context.write(data, promise: promise)
  }

  /// Starts the wait for the next request's headers.
  private func arm(_ context: ChannelHandlerContext) {
    disarm()
    let channel = context.channel
    deadline = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
  }

  private func disarm() {
    deadline?.cancel()
    deadline = nil
  }
}
