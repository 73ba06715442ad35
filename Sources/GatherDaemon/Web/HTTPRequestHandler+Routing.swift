import GatherModel
import GatherRPC
import NIOCore
import NIOHTTP1

extension HTTPRequestHandler {
  /// Answers a request read whole. First the Host (or the absolute-form target's authority): two Host headers,
  /// none on HTTP/1.1 or a malformed one get 400, a host that is not this listener's 421. Then the path: the
  /// page and its files (``WebAssets``, with ETags and 304), `/healthz`, and `/rpc`, where a browser's Origin must
  /// be the page's own (403 otherwise): `POST` is JSON-RPC, `GET` without an upgrade 426; `/calendar.ics`, the
  /// plans' calendar feed for the holder of its code (HTTPRequestHandler+Calendar.swift); `/metrics` when metrics
  /// are served (on the listener of `--metrics` alone, without the Host check). Unknown paths get 404,
  /// other methods 405 with `Allow`.
  func respond(_ context: ChannelHandlerContext, _ head: HTTPRequestHead) {
    let target = RequestTarget(head.uri)
    // The listener of --metrics serves aggregate counters alone, to whatever name the scraper knows it by.
    if let metrics = web.metrics, web.onlyMetrics { return serveMetrics(context, head, path: target.path, metrics) }
    let host: HostAndPort?
    switch web.hosts.check(head, target: target, local: context.channel.localAddress) {
    case .allowed(let named): host = named
    case .malformed(let why):
      return HTTPResponder.text(context, version: head.version, status: .badRequest, keepAlive: false, why)
    case .foreign(let name):
      web.refusals.refused(
        client, "Refused a web request for the host \(name) from \(client): not a name of this listener.")
      return HTTPResponder.text(
        context, version: head.version, status: .misdirectedRequest, keepAlive: false,
        "gatherd does not answer for \(name) here. Use its own address, or start it with --allowed-host \(name) or --public-url."
      )
    }
    let getting = head.method == .GET || head.method == .HEAD
    switch (target.path, head.method) {
    case ("/rpc", .POST), ("/rpc", .GET):
      let origins = head.headers["origin"]
      guard origins.count <= 1, web.hosts.isAllowedOrigin(origins.first, host: host) else {
        web.refusals.refused(client, "Refused a web request from \(client) made by another site's page (\(origins)).")
        return HTTPResponder.text(
          context, version: head.version, status: .forbidden, keepAlive: false,
          "gatherd only serves its own page here (the Origin is another site's).")
      }
      guard head.method == .POST else {
        return HTTPResponder.text(
          context, version: head.version, status: .upgradeRequired, keepAlive: head.isKeepAlive,
          "GET /rpc is a WebSocket: connect with a WebSocket client, or POST a JSON-RPC request here.",
          extraHeaders: [("Upgrade", "websocket")])
      }
      post(context, head)
    case ("/calendar.ics", _) where getting:
      serveCalendar(context, head, host: host)
    case ("/metrics", _) where web.metrics != nil:
      serveMetrics(context, head, path: target.path, web.metrics!)
    case ("/healthz", _) where getting:
      HTTPResponder.respond(
        context, version: head.version, status: .ok, keepAlive: head.isKeepAlive, contentType: "application/json",
        body: JSONWriter.bytes(.object(["status": "ok", "version": .string(DaemonStats.version)])),
        headOnly: head.method == .HEAD)
    case (let path, _) where getting && WebAssets.byPath[path] != nil:
      serve(WebAssets.byPath[path]!, context, head)
    case (let path, _)
    where path == "/rpc" || path == "/healthz" || path == "/calendar.ics" || WebAssets.byPath[path] != nil:
      HTTPResponder.text(
        context, version: head.version, status: .methodNotAllowed, keepAlive: head.isKeepAlive,
        "\(head.method) is not served at \(target.path).",
        extraHeaders: [("Allow", target.path == "/rpc" ? "GET, POST" : "GET, HEAD")])
    default:
      HTTPResponder.text(
        context, version: head.version, status: .notFound, keepAlive: head.isKeepAlive,
        "gatherd serves the scoreboard (/), /rpc, /calendar.ics and /healthz here.")
    }
  }

  /// One of the page's files, in the encoding the request's Accept-Encoding prefers (brotli, gzip or as it is:
  /// ``AcceptEncoding``); 304 when the client's copy of that encoding (If-None-Match) is current. The bundle's
  /// files, whose names change with their bytes, are kept for a year; the others are kept and asked for again
  /// each time (no-cache), so a new gatherd's page is seen at the next load.
  private func serve(_ asset: WebAsset, _ context: ChannelHandlerContext, _ head: HTTPRequestHead) {
    let chosen = asset.representation(accepting: head.headers["accept-encoding"])
    let current = chosen.isCurrent(ifNoneMatch: head.headers["if-none-match"])
    var headers = [("ETag", chosen.etag)]
    if asset.isNegotiated { headers.append(("Vary", "Accept-Encoding")) }
    if chosen.coding != .identity, !current { headers.append(("Content-Encoding", chosen.coding.rawValue)) }
    HTTPResponder.respond(
      context, version: head.version, status: current ? .notModified : .ok, keepAlive: head.isKeepAlive,
      contentType: asset.contentType, body: chosen.bytes, headOnly: current || head.method == .HEAD,
      cacheControl: asset.caching.header, extraHeaders: headers + asset.headers)
  }

  /// One JSON-RPC message in the body; controller only with the token as `Authorization: Bearer`.
  private func post(_ context: ChannelHandlerContext, _ head: HTTPRequestHead) {
    var controller = false
    // A link's code as the Bearer token answers for its plan, or votes in its gather's vote.
    var grant: CodeGrant?
    // A paired device's credential is a controller's, while the device stays paired.
    var device: PairedDevice.ID?
    let gateway = web.gateway
    switch web.access.bearerAccess(in: head.headers, from: client, codes: gateway.codeAccess(for:)) {
    case nil, .closedPlan(_, vote: nil): break  // a code that grants nothing: the request only reads
    case .control: controller = true
    case .device(let paired): (controller, device) = (true, paired.id)
    case .granted(let granted), .closedPlan(_, vote: let granted?), .closedVote(let granted): grant = granted
    case .wrong:
      web.refusals.refused(client, "Refused a wrong control token from \(client).")
      return HTTPResponder.text(
        context, version: head.version, status: .unauthorized, keepAlive: head.isKeepAlive,
        "The Authorization header carries neither gatherd's control token nor the code of a sign-up or vote link.",
        extraHeaders: [("WWW-Authenticate", "Bearer error=\"invalid_token\"")])
    case .tooMany(let wait):
      web.refusals.refused(client, "Refused a control token from \(client) unchecked: too many wrong ones.")
      return HTTPResponder.text(
        context, version: head.version, status: .tooManyRequests, keepAlive: false,
        "Too many wrong control tokens from \(client.address); try again in \(wait.wholeSeconds) s.",
        extraHeaders: [("Retry-After", String(wait.wholeSeconds))])
    }
    let caller = gateway.webCaller(client, controller: controller, grant: grant, device: device)
    let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
    let version = head.version
    let keepAlive = head.isKeepAlive
    replying = true
    gateway.answer(body, from: caller) { reply in
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

extension Duration {
  /// The duration in whole seconds, rounded up, at least 1: for Retry-After and messages.
  var wholeSeconds: Int {
    let (seconds, attoseconds) = components
    return max(1, Int(seconds) + (attoseconds > 0 ? 1 : 0))
  }
}
