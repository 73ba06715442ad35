import GatherRPC
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// A JSON-RPC listener on a Unix socket, as a service. Every connection is a NIO channel on the
/// connections' event loop whose pipeline is one ``RPCConnection``, which splits lines where they were read
/// and sends its replies straight to the socket — so a request is read, answered and written on one thread,
/// with no task and no lock; a failure in one connection never reaches the others or the listener.
///
/// On graceful shutdown it stops accepting, lets every connection answer the lines it has read, closes them,
/// and removes a socket file it created. An inherited socket is never unlinked.
public struct RPCServer: Service, CustomStringConvertible {
  /// Where the listening socket comes from.
  public enum Listener: Sendable, CustomStringConvertible {
    /// Standalone: bind this path with this mode, and remove the file at exit.
    case path(String, mode: mode_t)
    /// Socket activation: adopt this listening descriptor; it is never unlinked nor shut down.
    case inherited(fd: Int32, name: String)

    /// How logs name the listener.
    public var description: String {
      switch self {
      case .path(let path, let mode): "\(path) (mode \(String(mode, radix: 8)))"
      case .inherited(let fd, let name): "inherited socket \"\(name)\" (fd \(fd))"
      }
    }
  }

  /// Where and how to listen.
  public struct Configuration: Sendable {
    /// The listening socket.
    public var listener: Listener
    /// Whether every connection on this listener may only read and watch, whoever the peer is.
    public var readOnly: Bool
    /// Connections of this listener that the previous gatherd kept in the service manager's store.
    public var resuming: [StoredDescriptors.Connection] = []

    /// A configuration.
    public init(listener: Listener, readOnly: Bool = false) {
      self.listener = listener
      self.readOnly = readOnly
    }
  }

  let configuration: Configuration
  let gateway: RPCGateway
  private let ready: @Sendable () -> Void

  /// A server whose connections answer through `gateway`, on its loop; `ready` runs once the socket accepts.
  public init(configuration: Configuration, gateway: RPCGateway, ready: @escaping @Sendable () -> Void = {}) {
    self.configuration = configuration
    self.gateway = gateway
    self.ready = ready
  }

  var loop: any EventLoop { gateway.loop }
  var logger: Logger { gateway.logger }

  /// How logs name the server.
  public var description: String {
    "RPCServer(\(configuration.listener)\(configuration.readOnly ? ", read-only" : ""))"
  }

  /// How many connections may wait to be accepted (the kernel caps it at net.core.somaxconn).
  static var backlog: CInt { 4096 }

  /// Binds or adopts the socket, serves until graceful shutdown, then removes a socket file it made.
  public func run() async throws {
    let connections = ConnectionSet(loop: loop, freed: FreedMemory(loop: loop))
    var boundFile: SocketFile?
    let listening: CInt
    switch configuration.listener {
    case .inherited(let fd, _):
      listening = fd
    case .path(let path, let mode):
      let socket = SocketFile(path: path)
      try socket.prepare(directoryMode: 0o755)
      listening = try socket.bind(mode: mode)
      boundFile = socket
    }
    defer { boundFile?.remove() }
    let stopAccepting: () async -> Void
    do {
      stopAccepting = try accept(listening, connections: connections)
    } catch {
      throw SocketFileError("Cannot listen on \(configuration.listener): \(error).")
    }
    for connection in configuration.resuming {
      adopt(connection.fd, storedName: connection.name, connections: connections, resuming: true)
    }
    logger.notice(
      "gatherd listening on \(configuration.listener), \(configuration.readOnly ? "read-only" : "read-write")")
    ready()
    try? await gracefulShutdown()
    // The store keeps every connection for the next gatherd from here on; the ones that close now only
    // close in this process.
    if let keeper = gateway.keeper { try? await loop.submit { keeper.freeze() }.get() }
    // Stop accepting, then let every connection answer what it has read and close.
    await stopAccepting()
    // A socket this server bound is closed here; an inherited one stays open for the next gatherd.
    if boundFile != nil { close(listening) }
    try? await connections.drainAll().get()
    logger.notice("gatherd stopped accepting on \(configuration.listener); its connections are closed.")
  }

  /// Sets up a new connection's pipeline: its peer's credentials, then the RPC handler.
  static func serve(
    _ channel: any Channel, socket: CInt, gateway: RPCGateway, readOnly: Bool, connections: ConnectionSet,
    storedName: String? = nil
  ) -> EventLoopFuture<Void> {
    PeerCredentials.of(channel).flatMapThrowing { credentials in
      try channel.pipeline.syncOperations.addHandler(
        RPCConnection(
          gateway: gateway, caller: gateway.localCaller(credentials, readOnly: readOnly), loop: channel.eventLoop,
          connections: connections, transport: .unixSocket(descriptor: socket), storedName: storedName))
    }
  }
}
