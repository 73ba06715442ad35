import NIOCore
import NIOHTTP1

/// Writes whole HTTP responses: status, headers that every response carries, and a body.
struct HTTPResponder {
  /// Headers on every response: no sniffing, no referrer, not framed by other sites.
  static let common: [(String, String)] = [
    ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"),
  ]

  /// Writes a response with `body` (only its length when `headOnly`: HEAD, 304); closes the connection after it
  /// when the request did not ask to keep it alive. `cacheControl` is no-store unless said otherwise.
  static func respond(
    _ context: ChannelHandlerContext, version: HTTPVersion, status: HTTPResponseStatus, keepAlive: Bool,
    contentType: String?, body: [UInt8], headOnly: Bool = false, cacheControl: String = "no-store",
    extraHeaders: [(String, String)] = []
  ) {
    var headers = HTTPHeaders(common + [("Cache-Control", cacheControl)] + extraHeaders)
    if let contentType { headers.add(name: "Content-Type", value: contentType) }
    headers.add(name: "Content-Length", value: String(body.count))
    headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
    let head = HTTPResponseHead(version: version, status: status, headers: headers)
    context.write(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
    if !headOnly, !body.isEmpty {
      context.write(
        NIOAny(HTTPServerResponsePart.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
    }
    let done = context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)))
    if !keepAlive {
      let channel = context.channel
      done.whenComplete { _ in channel.close(promise: nil) }
    }
  }

  /// A short plain-text response: an error, or /healthz.
  static func text(
    _ context: ChannelHandlerContext, version: HTTPVersion, status: HTTPResponseStatus, keepAlive: Bool,
    _ message: String, headOnly: Bool = false, extraHeaders: [(String, String)] = []
  ) {
    respond(
      context, version: version, status: status, keepAlive: keepAlive, contentType: "text/plain; charset=utf-8",
      body: Array((message + "\n").utf8), headOnly: headOnly, extraHeaders: extraHeaders)
  }
}
