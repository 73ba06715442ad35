import GatherRPC
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Answers plain HTTP requests on the scoreboard's listener: `GET /` (the page), `GET /healthz`, and
/// `POST /rpc` (one JSON-RPC request or batch, for curl and scripts). A `GET /rpc` that the WebSocket upgrader
/// did not take gets 403 (another site's Origin) or 426. Bodies over the line limit get 413, malformed
/// requests 400, headers over 16 KiB 431; then the connection closes and nothing else is touched.
final class HTTPRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let web: WebServices
  private let peer: String
  private var head: HTTPRequestHead?
  private var body: [UInt8] = []
  /// Set once the request in hand has been answered early (413, or an error): the rest of it is ignored,
  /// and the connection closes. NIO's pipelining handler allows one response per request, so nothing else
  /// may be written.
  private var answered = false
  /// Set while a POST's reply is being worked out: the connection is not idle then.
  private var replying = false

  init(web: WebServices, peer: String) {
    self.web = web
    self.peer = peer
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      self.head = head
      body = []
      answered = false
    case .body(let chunk):
      guard !answered, let head else { return }
      guard body.count + chunk.readableBytes <= web.rpc.maxLineBytes else {
        answered = true
        return HTTPResponder.text(
          context, version: head.version, status: .payloadTooLarge, keepAlive: false,
          "The body is over \(web.rpc.maxLineBytes) bytes, gatherd's limit for one JSON-RPC message.")
      }
      body += chunk.readableBytesView
    case .end:
      guard !answered, let head else { return }
      self.head = nil
      route(context, head)
    }
  }

  /// A connection that sent nothing for ``HTTPListener/idleTimeout`` (and waits for no reply) is closed, so
  /// that half-sent or abandoned connections do not pile up.
  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if case .read = event as? IdleStateHandler.IdleStateEvent, !replying {
      web.rpc.logger.debug("Closing the idle web connection from \(peer).")
      return context.close(promise: nil)
    }
    context.fireUserInboundEventTriggered(event)
  }

  /// A request NIO cannot parse: 431 for headers over the limit, else 400, when no response to it has begun;
  /// then the connection closes.
  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    // A WebSocket upgrade that was refused (another site's Origin, another path): the request itself comes
    // next, and ``route`` answers it.
    if error is NIOWebSocketUpgradeError { return }
    web.rpc.logger.debug("A web connection from \(peer) ends: \(error)")
    // Only a request NIO could not parse gets an answer (NIO's pipelining handler allows exactly that one);
    // anything else (a reset, a broken pipe) just ends the connection: no response is expected then.
    guard let parserError = error as? HTTPParserError, !answered else { return context.close(promise: nil) }
    answered = true
    let status: HTTPResponseStatus = parserError == .headerOverflow ? .requestHeaderFieldsTooLarge : .badRequest
    HTTPResponder.text(
      context, version: head?.version ?? .http1_1, status: status, keepAlive: false,
      status == .badRequest ? "This is not an HTTP request gatherd can read." : "The headers are over 16 KiB.")
  }

  private func route(_ context: ChannelHandlerContext, _ head: HTTPRequestHead) {
    let keepAlive = head.isKeepAlive
    let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
    let getting = head.method == .GET || head.method == .HEAD
    if let metrics = web.metrics, path == "/metrics" || web.onlyMetrics {
      return serveMetrics(context, head, path: path, metrics)
    }
    switch (path, head.method) {
    case ("/", _) where getting:
      HTTPResponder.respond(
        context, version: head.version, status: .ok, keepAlive: keepAlive, contentType: "text/html; charset=utf-8",
        body: web.page, headOnly: head.method == .HEAD,
        extraHeaders: [("Content-Security-Policy", WebServices.contentSecurityPolicy)])
    case ("/healthz", _) where getting:
      HTTPResponder.respond(
        context, version: head.version, status: .ok, keepAlive: keepAlive, contentType: "application/json",
        body: JSONWriter.bytes(.object(["status": "ok", "version": .string(DaemonStats.version)])),
        headOnly: head.method == .HEAD)
    case ("/rpc", .POST):
      post(context, head)
    case ("/rpc", .GET):
      guard WebAccess.isSameOrigin(head.headers) else {
        return HTTPResponder.text(
          context, version: head.version, status: .forbidden, keepAlive: false,
          "This page's WebSocket only serves pages from its own address (Origin is another site).")
      }
      HTTPResponder.text(
        context, version: head.version, status: .upgradeRequired, keepAlive: keepAlive,
        "GET /rpc is a WebSocket: connect with a WebSocket client, or POST a JSON-RPC request here.",
        extraHeaders: [("Upgrade", "websocket")])
    case ("/", _), ("/healthz", _), ("/rpc", _):
      HTTPResponder.text(
        context, version: head.version, status: .methodNotAllowed, keepAlive: keepAlive,
        "\(head.method) is not served at \(path).",
        extraHeaders: [("Allow", path == "/rpc" ? "GET, POST" : "GET, HEAD")])
    default:
      HTTPResponder.text(
        context, version: head.version, status: .notFound, keepAlive: keepAlive,
        "gatherd serves /, /rpc and /healthz here.")
    }
  }

  /// One JSON-RPC message in the body; controller only with the token as `Authorization: Bearer`.
  private func post(_ context: ChannelHandlerContext, _ head: HTTPRequestHead) {
    let bearer = web.access.bearer(in: head.headers)
    // Plans (issue 24): a plan's sign-up code, as the Bearer token, lets this request answer for that plan.
    let signUp = bearer == false ? web.access.bearerCode(in: head.headers).flatMap(web.signUp) : nil
    if bearer == false, signUp == nil {
      return HTTPResponder.text(
        context, version: head.version, status: .unauthorized, keepAlive: head.isKeepAlive,
        "The Authorization header does not carry gatherd's control token.",
        extraHeaders: [("WWW-Authenticate", "Bearer error=\"invalid_token\"")])
    }
    let caller = web.caller(peer: peer, controller: bearer == true, signUp: signUp)
    let parsed = body.withUnsafeBytes { bytes in
      Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(bytes) }
    }
    let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
    let version = head.version
    let keepAlive = head.isKeepAlive
    replying = true
    web.rpc.dispatcher.respond(to: parsed, from: caller, runner: web.rpc.runner(replyingOn: context.eventLoop)) {
      reply in
      // A POST has no connection to send events on: a subscription made here ends with the request.
      caller.events.close()
      let (handler, context) = bound.value
      handler.replying = false
      guard context.channel.isActive else { return }
      guard let reply else {
        return HTTPResponder.respond(
          context, version: version, status: .noContent, keepAlive: keepAlive, contentType: nil, body: [])
      }
      HTTPResponder.respond(
        context, version: version, status: .ok, keepAlive: keepAlive, contentType: "application/json",
        body: JSONWriter.bytes(reply))
    }
  }
}
