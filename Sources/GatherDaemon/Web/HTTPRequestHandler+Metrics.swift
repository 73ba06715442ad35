import NIOCore
import NIOHTTP1

extension HTTPRequestHandler {
  /// `GET /metrics`: the Prometheus scrape. On the listener of `--metrics`, every other path gets 404.
  func serveMetrics(_ context: ChannelHandlerContext, _ head: HTTPRequestHead, path: String, _ metrics: MetricsExporter)
  {
    let keepAlive = head.isKeepAlive
    guard path == "/metrics" else {
      return HTTPResponder.text(
        context, version: head.version, status: .notFound, keepAlive: keepAlive, "gatherd serves /metrics here.")
    }
    guard head.method == .GET || head.method == .HEAD else {
      return HTTPResponder.text(
        context, version: head.version, status: .methodNotAllowed, keepAlive: keepAlive,
        "\(head.method) is not served at /metrics.", extraHeaders: [("Allow", "GET, HEAD")])
    }
    HTTPResponder.respond(
      context, version: head.version, status: .ok, keepAlive: keepAlive, contentType: MetricsExporter.contentType,
      body: metrics.scrape(), headOnly: head.method == .HEAD)
  }
}
