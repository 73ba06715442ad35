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
public struct RPCServer<C: Clock>: Service, CustomStringConvertible where C.Duration == Duration {
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
    /// The longest line accepted, in bytes.
    public var maxLineBytes: Int
    /// Who may change the match.
    public var access: AccessPolicy
    /// Whether `test.wedgeSession` is served (`GATHERD_ENABLE_TEST_FAULTS=1`); never in normal use.
    public var testFaults: Bool
    /// Connections of this listener that the previous gatherd kept in the service manager's store.
    public var resuming: [StoredDescriptors.Connection] = []

    /// A configuration.
    public init(
      listener: Listener, readOnly: Bool = false, maxLineBytes: Int, access: AccessPolicy, testFaults: Bool = false
    ) {
      self.listener = listener
      self.readOnly = readOnly
      self.maxLineBytes = maxLineBytes
      self.access = access
      self.testFaults = testFaults
    }
  }

  let configuration: Configuration
  let services: ConnectionServices
  let loop: any EventLoop
  let logger: Logger
  /// The session's current view, for connections taken over at start-up.
  let currentView: @Sendable () -> SessionView
  private let ready: @Sendable () -> Void

  /// A server for `session` whose connections are served on `loop`, with database queries on `queryPool`;
  /// `ready` runs once the socket accepts.
  public init(
    configuration: Configuration, session: GatherSession<C>, loop: any EventLoop, queryPool: NIOThreadPool,
    stats: DaemonStats, logger: Logger, keeper: ConnectionKeeper? = nil, web: WebAccess? = nil,
    ready: @escaping @Sendable () -> Void = {}
  ) {
    currentView = { session.view }
    self.configuration = configuration
    self.logger = logger
    self.ready = ready
    self.loop = loop
    services = ConnectionServices(
      dispatcher: MethodTable.dispatcher(
        session, stats: stats, testFaults: configuration.testFaults, web: web, logger: logger),
      runOnSession: { work, replyLoop, done in session.run(work, replyingOn: replyLoop, to: done) },
      queryPool: queryPool,
      hub: session.hub, stats: stats, maxLineBytes: configuration.maxLineBytes,
      readOnly: configuration.readOnly, access: configuration.access, logger: logger, keeper: keeper)
  }

  /// How logs name the server.
  public var description: String {
    "RPCServer(\(configuration.listener)\(configuration.readOnly ? ", read-only" : ""))"
  }

  /// How many connections may wait to be accepted (the kernel caps it at net.core.somaxconn).
  static var backlog: CInt { 4096 }

  /// Binds or adopts the socket, serves until graceful shutdown, then removes a socket file it made.
  public func run() async throws {
    let connections = ConnectionSet(loop: loop)
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
    if let keeper = services.keeper { try? await loop.submit { keeper.freeze() }.get() }
    // Stop accepting, then let every connection answer what it has read and close.
    await stopAccepting()
    // A socket this server bound is closed here; an inherited one stays open for the next gatherd.
    if boundFile != nil { close(listening) }
    try? await connections.drainAll().get()
    logger.notice("gatherd stopped accepting on \(configuration.listener); its connections are closed.")
  }

  /// Sets up a new connection's pipeline: its peer's credentials, then the RPC handler.
  static func serve(
    _ channel: any Channel, socket: CInt, services: ConnectionServices, connections: ConnectionSet,
    storedName: String? = nil
  ) -> EventLoopFuture<Void> {
    PeerCredentials.of(channel).flatMapThrowing { credentials in
      let caller = Caller(
        peer: .local(credentials),
        mayMutate: !services.readOnly && services.access.isController(credentials),
        whyReadOnly: services.readOnly
          ? "this is gatherd's read-only status socket: changes go through its control socket."
          : services.access.whoMayControl(uid: credentials.uid),
        events: EventOutbox(table: services.hub.subscribers))
      try channel.pipeline.syncOperations.addHandler(
        RPCConnection(
          services: services, caller: caller, loop: channel.eventLoop, connections: connections,
          transport: .unixSocket(descriptor: socket), storedName: storedName))
    }
  }
}
