import GatherRPC
import Glibc
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import ServiceLifecycle

/// The scoreboard's HTTP listener, as a service: the page, `/healthz`, `POST /rpc`, and JSON-RPC over a
/// WebSocket at `/rpc`, served by the same dispatcher, session and events as the Unix socket, and the
/// Prometheus scrape at `/metrics`. Off unless `--http` is given or systemd passes a socket named `http`.
/// With `onlyMetrics` the same listener serves `/metrics` alone (`--metrics`, or systemd's `metrics` socket).
///
/// Each connection is NIO's HTTP/1.1 pipeline (headers up to 16 KiB) with ``HTTPRequestHandler``; an upgrade
/// to a WebSocket swaps it for the frame codec, ``WebSocketGuard``, ``WebSocketTransport`` and an
/// ``RPCConnection``. Connections are capped in all and per client address (``ConnectionQuota``), never above
/// half the open-file limit, so the Unix sockets always have descriptors left.
public struct HTTPListener: Service, CustomStringConvertible {
  let address: HTTPAddress
  let web: WebServices
  let loop: any EventLoop
  let logger: Logger
  private let ready: @Sendable () -> Void

  /// A listener at `address` that answers through `gateway`, on the connections' `loop`, with `configuration`'s
  /// rules; `/metrics` serves `metrics`, if given, and with `onlyMetrics` nothing else is served.
  public init(
    address: HTTPAddress, access: WebAccess, gateway: RPCGateway, configuration: WebConfiguration = WebConfiguration(),
    metrics: MetricsExporter? = nil, onlyMetrics: Bool = false, ready: @escaping @Sendable () -> Void = {}
  ) {
    self.address = address
    loop = gateway.loop
    logger = gateway.logger
    self.ready = ready
    web = WebServices(
      gateway: gateway, access: access,
      hosts: HostPolicy(publicURL: configuration.publicURL, allowedHosts: configuration.allowedHosts),
      configuration: configuration, metrics: metrics, onlyMetrics: onlyMetrics)
  }

  /// How logs name it.
  public var description: String { "HTTPListener(\(address))" }

  /// Listens until graceful shutdown; then closes every web connection after what it has read is answered.
  public func run() async throws {
    let freed = FreedMemory(loop: loop)
    let connections = ConnectionSet(loop: loop, freed: freed)
    let quota = ConnectionQuota(
      loop: loop,
      maxConnections: ConnectionQuota.cap(
        configured: web.configuration.maxConnections, descriptors: Self.openFileLimit()),
      maxPerAddress: web.configuration.maxConnectionsPerAddress)
    if quota.maxConnections < web.configuration.maxConnections {
      logger.notice(
        "The open-file limit (\(Self.openFileLimit())) leaves room for \(quota.maxConnections) web connections, fewer than --http-max-connections \(web.configuration.maxConnections): half the descriptors stay for the Unix sockets."
      )
    }
    let web = web
    let bootstrap = ServerBootstrap(group: loop)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelOption(.writeBufferWaterMark, value: Self.waterMark)
      .childChannelOption(.socketOption(.so_sndbuf), value: Self.sendBufferBytes)
      .childChannelOption(
        .recvAllocator, value: AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 2048, maximum: 16384)
      )
      .childChannelInitializer { channel in
        let client = WebClient(channel.remoteAddress)
        if let refusal = quota.admit(client) { return Self.turnAway(channel, client, refusal, web: web) }
        channel.closeFuture.whenComplete { _ in
          quota.release(client)
          freed.connectionClosed()
        }
        return Self.serve(channel, client: client, web: web, connections: connections)
      }
    let server: any Channel
    do {
      switch address {
      case .tcp(let host, let port): server = try await bootstrap.bind(host: host, port: port).get()
      case .unix(let path):
        try SocketFile(path: path).prepare(directoryMode: 0o755)
        server = try await bootstrap.bind(unixDomainSocketPath: path).get()
      case .inherited(let fd): server = try await bootstrap.withBoundSocket(fd).get()
      }
    } catch {
      throw WebAccessError(
        "Cannot listen for HTTP on \(address): \(error); choose another \(web.onlyMetrics ? "--metrics" : "--http").")
    }
    if !web.onlyMetrics, let served = Self.served(address, server.localAddress) { web.access.served(at: served) }
    logger.notice(
      "gatherd serves \(web.onlyMetrics ? "its metrics" : "the scoreboard") on \(address) (\(server.localAddress.map { "\($0)" } ?? "?"))"
    )
    ready()
    try? await gracefulShutdown()
    try? await server.close()
    try? await connections.drainAll().get()
    if case .unix(let path) = address { SocketFile(path: path).remove() }
  }

  /// Where the page is served, for its links (``PageLinks``): the bound IP address and port, or the Unix socket.
  static func served(_ address: HTTPAddress, _ local: SocketAddress?) -> PageLinks.Served? {
    if case .unix(let path) = address { return .unix(path) }
    if let local, let port = local.port, let ip = local.ipAddress { return .ip(ip, port: port) }
    if let path = local?.pathname { return .unix(path) }
    return nil
  }

  /// The soft limit on open files (gatherd raised it to the hard limit at start).
  static func openFileLimit() -> Int {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
    return Int(clamping: limit.rlim_cur)
  }
}
