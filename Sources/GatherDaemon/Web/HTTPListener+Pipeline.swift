import NIOCore
import NIOHTTP1
import NIOWebSocket

extension HTTPListener {
  /// Headers over this many bytes get 431.
  static var maxHeaderBytes: Int { 16 * 1024 }

  /// A connection's replies wait to be written up to the high mark; past it, nothing more is answered or read
  /// until the peer has taken them down to the low mark.
  static var waterMark: ChannelOptions.Types.WriteBufferWaterMark { .init(low: 16 * 1024, high: 64 * 1024) }

  /// The kernel's send buffer for a web connection (it doubles it): fixed, not grown by autotuning to megabytes,
  /// so that a client that stops reading is found out, and its events held back, after little is written.
  /// Plenty for a page of 40 KiB and a LAN's round trips.
  static var sendBufferBytes: SocketOptionValue { 128 * 1024 }

  static var decoderLimits: NIOHTTPDecoderLimitConfiguration {
    var limits = NIOHTTPDecoderLimitConfiguration()
    limits.maxHeaderFieldSize = maxHeaderBytes
    limits.maxHeaderListSize = maxHeaderBytes
    limits.maxHeaderFieldCount = 256
    return limits
  }

  /// Sets up a web connection: HTTP/1.1, with an upgrade to a WebSocket at `/rpc`.
  static func serve(
    _ channel: any Channel, client: WebClient, web: WebServices, connections: ConnectionSet
  ) -> EventLoopFuture<Void> {
    let limits = web.configuration
    let upgrader = NIOWebSocketServerUpgrader(
      maxFrameSize: web.gateway.maxLineBytes,
      shouldUpgrade: { channel, head in
        channel.eventLoop.makeSucceededFuture(
          !web.onlyMetrics && mayUpgrade(head, web: web, local: channel.localAddress) ? HTTPHeaders() : nil)
      },
      upgradePipelineHandler: { channel, _ in
        channel.eventLoop.makeCompletedFuture {
          let caller = web.gateway.webCaller(client, controller: false)
          // A paired device revoked while this connection holds its control: the connection ends at once.
          caller.endsWith { [weak channel] in channel?.close(promise: nil) }
          try channel.pipeline.syncOperations.addHandlers(
            WebSocketGuard(maxMessageBytes: web.gateway.maxLineBytes),
            NIOWebSocketFrameAggregator(
              minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: WebSocketFrameRules.maxFragments,
              maxAccumulatedFrameSize: web.gateway.maxLineBytes),
            WebSocketTransport(idleTimeout: timeAmount(limits.idleTimeout)) { !caller.events.subscriptions.isEmpty },
            RPCConnection(
              gateway: web.gateway, caller: caller, loop: channel.eventLoop, connections: connections,
              transport: .webSocket))
        }
      })
    do {
      try channel.pipeline.syncOperations.addHandler(IdleStateHandler(readTimeout: timeAmount(limits.idleTimeout)))
    } catch {
      return channel.eventLoop.makeFailedFuture(error)
    }
    return channel.pipeline.configureHTTPServerPipeline(
      withServerUpgrade: (
        upgraders: [upgrader],
        completionHandler: { context in
          // The WebSocket's handlers take over from here; a scoreboard viewer only listens, and its idle time is
          // the transport's to judge.
          let pipeline = context.pipeline.syncOperations
          if let requests = try? pipeline.context(handlerType: HTTPRequestHandler.self) {
            pipeline.removeHandler(context: requests, promise: nil)
          }
          if let deadline = try? pipeline.context(handlerType: HTTPRequestDeadline.self) {
            pipeline.removeHandler(context: deadline, promise: nil)
          }
          if let idle = try? pipeline.context(handlerType: IdleStateHandler.self) {
            pipeline.removeHandler(context: idle, promise: nil)
          }
        }
      ),
      withErrorHandling: false,
      withDecoderLimitConfiguration: decoderLimits
    ).flatMapThrowing {
      let pipeline = channel.pipeline.syncOperations
      // Right after the decoder: it sees each head as soon as it is parsed.
      let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
      try pipeline.addHandler(HTTPRequestDeadline(timeout: timeAmount(limits.headerTimeout)), position: .after(decoder))
      try pipeline.addHandler(HTTPRequestHandler(web: web, client: client))
    }
  }

  /// Whether a WebSocket upgrade is taken: at `/rpc`, for one of the listener's hosts, from no browser or
  /// the page's own origin. Any other upgrade request goes on as a plain request, and gets its status there.
  static func mayUpgrade(_ head: HTTPRequestHead, web: WebServices, local: SocketAddress?) -> Bool {
    let target = RequestTarget(head.uri)
    guard target.path == "/rpc", case .allowed(let host) = web.hosts.check(head, target: target, local: local) else {
      return false
    }
    let origins = head.headers["origin"]
    return origins.count <= 1 && web.hosts.isAllowedOrigin(origins.first, host: host)
  }

  /// Turns away a connection over the caps: a 503 that says which cap, then the connection closes, having
  /// read nothing. The refusal is logged at most once a minute per address.
  static func turnAway(
    _ channel: any Channel, _ client: WebClient, _ refusal: ConnectionQuota.Refusal, web: WebServices
  ) -> EventLoopFuture<Void> {
    let why: String
    switch refusal {
    case .full(let limit): why = "gatherd has \(limit) web connections open, its limit (--http-max-connections)."
    case .addressFull(let limit):
      why =
        "\(client.address) has \(limit) web connections open, the limit per address (--http-max-connections-per-address)."
    }
    web.refusals.refused(client, "Turned a web connection from \(client) away: \(why)")
    return channel.eventLoop.makeCompletedFuture {
      try channel.pipeline.syncOperations.addHandler(TurnAway(message: why))
    }
  }

  /// A ``TimeAmount`` for NIO from a ``Duration``.
  static func timeAmount(_ duration: Duration) -> TimeAmount {
    let (seconds, attoseconds) = duration.components
    return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }
}
