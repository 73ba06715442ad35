import GatherRPC
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Answers plain HTTP requests on the scoreboard's listener: the page and its files, `GET /healthz`, and
/// `POST /rpc` (one JSON-RPC request or batch, for curl and scripts); see ``respond(_:_:)``. Bodies over the
/// line limit get 413, malformed requests 400, headers over 16 KiB 431; then the connection closes and
/// nothing else is touched.
///
/// A request is answered only while the channel takes more writes (below NIO's high water mark): until then
/// it waits, and NIO's pipelining handler reads nothing more from the connection, so a client that sends
/// requests without reading the answers holds at most one answer and what one read brought in.
final class HTTPRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  let web: WebServices
  let client: WebClient
  private var head: HTTPRequestHead?
  /// The body of the request in hand.
  private(set) var body: [UInt8] = []
  /// Set once the request in hand has been answered early (413, or an error): the rest of it is ignored,
  /// and the connection closes. NIO's pipelining handler allows one response per request, so nothing else
  /// may be written.
  private var answered = false
  /// Set while a POST's reply is being worked out: the connection is not idle then.
  var replying = false
  /// A request read whole that waits for the channel to take more writes.
  private var waiting: HTTPRequestHead?

  init(web: WebServices, client: WebClient) {
    self.web = web
    self.client = client
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      self.head = head
      body = []
      answered = false
    case .body(let chunk):
      guard !answered, let head else { return }
      guard body.count + chunk.readableBytes <= web.gateway.maxLineBytes else {
        answered = true
        body = []
        return HTTPResponder.text(
          context, version: head.version, status: .payloadTooLarge, keepAlive: false,
          "The body is over \(web.gateway.maxLineBytes) bytes, gatherd's limit for one JSON-RPC message.")
      }
      body += chunk.readableBytesView
    case .end:
      guard !answered, let head else { return }
      self.head = nil
      guard context.channel.isWritable else {
        waiting = head
        return
      }
      respond(context, head)
    }
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable, let head = waiting {
      waiting = nil
      respond(context, head)
    }
    context.fireChannelWritabilityChanged()
  }

  /// A connection that sent nothing for the idle timeout (and waits for no reply of ours) is closed, so that
  /// half-sent or abandoned connections do not pile up; so is one that stopped reading its answers.
  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if case .read = event as? IdleStateHandler.IdleStateEvent, !replying {
      web.gateway.logger.debug("Closing the idle web connection from \(client).")
      return context.close(promise: nil)
    }
    context.fireUserInboundEventTriggered(event)
  }

  /// A request NIO cannot parse: 431 for headers over the limit, else 400, when no response to it has begun;
  /// then the connection closes.
  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    // A WebSocket upgrade that was refused (another site's Origin, another path): the request itself comes
    // next, and ``respond(_:_:)`` answers it.
    if error is NIOWebSocketUpgradeError { return }
    web.gateway.logger.debug("A web connection from \(client) ends: \(error)")
    // Only a request NIO could not parse gets an answer (NIO's pipelining handler allows exactly that one);
    // anything else (a reset, a broken pipe) just ends the connection: no response is expected then.
    guard let parserError = error as? HTTPParserError, !answered else { return context.close(promise: nil) }
    answered = true
    let status: HTTPResponseStatus = parserError == .headerOverflow ? .requestHeaderFieldsTooLarge : .badRequest
    HTTPResponder.text(
      context, version: head?.version ?? .http1_1, status: status, keepAlive: false,
      status == .badRequest ? "This is not an HTTP request gatherd can read." : "The headers are over 16 KiB.")
  }
}
