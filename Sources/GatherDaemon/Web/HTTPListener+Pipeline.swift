import NIOCore
import NIOHTTP1
import NIOWebSocket

extension HTTPListener {
  /// An HTTP connection that sends nothing for this long (a half-sent request, an idle keep-alive) is closed.
  static var idleTimeout: TimeAmount { .seconds(30) }

  /// Headers over this many bytes get 431.
  static var maxHeaderBytes: Int { 16 * 1024 }

  static var decoderLimits: NIOHTTPDecoderLimitConfiguration {
    var limits = NIOHTTPDecoderLimitConfiguration()
    limits.maxHeaderFieldSize = maxHeaderBytes
    limits.maxHeaderListSize = maxHeaderBytes
    limits.maxHeaderFieldCount = 256
    return limits
  }

  /// Sets up a web connection: HTTP/1.1, with an upgrade to a WebSocket at `/rpc`.
  static func serve(_ channel: any Channel, web: WebServices, connections: ConnectionSet) -> EventLoopFuture<Void> {
    let peer = channel.remoteAddress.map(Self.describe) ?? "unknown"
    let upgrader = NIOWebSocketServerUpgrader(
      maxFrameSize: web.rpc.maxLineBytes,
      shouldUpgrade: { channel, head in
        let allowed =
          !web.onlyMetrics && head.uri.split(separator: "?").first == "/rpc" && WebAccess.isSameOrigin(head.headers)
        return channel.eventLoop.makeSucceededFuture(allowed ? HTTPHeaders() : nil)
      },
      upgradePipelineHandler: { channel, _ in
        channel.eventLoop.makeCompletedFuture {
          let caller = web.caller(peer: peer, controller: false)
          try channel.pipeline.syncOperations.addHandlers(
            NIOWebSocketFrameAggregator(
              minNonFinalFragmentSize: 1, maxAccumulatedFrameCount: 1024,
              maxAccumulatedFrameSize: web.rpc.maxLineBytes),
            WebSocketTransport(),
            RPCConnection(
              services: web.rpc, caller: caller, loop: channel.eventLoop, connections: connections,
              transport: .webSocket))
        }
      })
    do {
      try channel.pipeline.syncOperations.addHandler(IdleStateHandler(readTimeout: idleTimeout))
    } catch {
      return channel.eventLoop.makeFailedFuture(error)
    }
    return channel.pipeline.configureHTTPServerPipeline(
      withServerUpgrade: (
        upgraders: [upgrader],
        completionHandler: { context in
          // The WebSocket's handlers take over from here.
          if let requests = try? context.pipeline.syncOperations.context(handlerType: HTTPRequestHandler.self) {
            context.pipeline.syncOperations.removeHandler(context: requests, promise: nil)
          }
          // A scoreboard viewer only listens: it is not idle.
          if let idle = try? context.pipeline.syncOperations.context(handlerType: IdleStateHandler.self) {
            context.pipeline.syncOperations.removeHandler(context: idle, promise: nil)
          }
        }
      ),
      withErrorHandling: false,
      withDecoderLimitConfiguration: decoderLimits
    ).flatMapThrowing {
      try channel.pipeline.syncOperations.addHandler(HTTPRequestHandler(web: web, peer: peer))
    }
  }

  /// "192.168.1.20:51234", "[fe80::1]:51234", or the Unix socket's path.
  static func describe(_ address: SocketAddress) -> String {
    if let ip = address.ipAddress, let port = address.port {
      return ip.contains(":") ? "[\(ip)]:\(port)" : "\(ip):\(port)"
    }
    return address.pathname ?? "\(address)"
  }
}
