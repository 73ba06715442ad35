import GatherRPC
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// A JSON-RPC listener on a Unix socket, as a service: each connection is served in its own child task, and
/// a failure in one never reaches the others or the listener.
///
/// On graceful shutdown it stops accepting, lets every connection finish the request in hand, closes them,
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

  private struct Accepted: Sendable {
    let channel: NIOAsyncChannel<InboundFrame, ByteBuffer>
    let credentials: PeerCredentials
  }

  let configuration: Configuration
  let handler: ConnectionHandler<C>
  let logger: Logger
  private let ready: @Sendable () -> Void

  /// A server for `session`; `ready` runs once the socket accepts connections.
  public init(
    configuration: Configuration, session: GatherSession<C>, stats: DaemonStats, logger: Logger,
    ready: @escaping @Sendable () -> Void = {}
  ) {
    self.configuration = configuration
    self.logger = logger
    self.ready = ready
    handler = ConnectionHandler(
      session: session,
      dispatcher: MethodTable.dispatcher(
        session, stats: stats, testFaults: configuration.testFaults, logger: logger),
      stats: stats,
      maxLineBytes: configuration.maxLineBytes, logger: logger)
  }

  /// How logs name the server.
  public var description: String {
    "RPCServer(\(configuration.listener)\(configuration.readOnly ? ", read-only" : ""))"
  }

  /// Binds or adopts the socket, serves until graceful shutdown, then removes a socket file it made.
  public func run() async throws {
    let maxLineBytes = configuration.maxLineBytes
    let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.backlog, value: 4096)
      .childChannelOption(.allowRemoteHalfClosure, value: true)
    let server: NIOAsyncChannel<Accepted, Never>
    var boundFile: SocketFile?
    switch configuration.listener {
    case .inherited(let fd, _):
      server = try await bootstrap.bind(fd) { Self.accept($0, maxLineBytes: maxLineBytes) }
    case .path(let path, let mode):
      let socket = SocketFile(path: path)
      try socket.prepare(directoryMode: 0o755)
      server = try await bootstrap.bind(unixDomainSocketPath: path) { Self.accept($0, maxLineBytes: maxLineBytes) }
      boundFile = socket
      try socket.setMode(mode)
    }
    defer { boundFile?.remove() }
    logger.notice(
      "gatherd listening on \(configuration.listener), \(configuration.readOnly ? "read-only" : "read-write")")
    ready()
    try await serve(server)
    logger.notice("gatherd stopped accepting on \(configuration.listener); its connections are closed.")
  }

  /// Serves until graceful shutdown closes the listener. Connections the kernel had already handed over are
  /// still taken from the stream and closed properly; each sees the shutdown and ends after its request in hand.
  private func serve(_ server: NIOAsyncChannel<Accepted, Never>) async throws {
    let listener = server.channel
    try await withThrowingDiscardingTaskGroup { group in
      do {
        try await withGracefulShutdownHandler {
          try await server.executeThenClose { inbound in
            for try await accepted in inbound {
              let caller = Caller(
                credentials: accepted.credentials,
                mayMutate: !configuration.readOnly && configuration.access.isController(accepted.credentials))
              group.addTask { await handler.run(accepted.channel, caller: caller) }
            }
          }
        } onGracefulShutdown: {
          listener.close(promise: nil)
        }
      } catch  where Task.isShuttingDownGracefully {
        // Closing the listener is how shutdown stops accepting; whatever it throws then is expected.
      }
    }
  }

  private static func accept(_ channel: any Channel, maxLineBytes: Int) -> EventLoopFuture<Accepted> {
    PeerCredentials.of(channel).flatMapThrowing { credentials in
      try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder(maxLength: maxLineBytes)))
      let wrapped = try NIOAsyncChannel<InboundFrame, ByteBuffer>(
        wrappingChannelSynchronously: channel,
        configuration: .init(isOutboundHalfClosureEnabled: false))
      return Accepted(channel: wrapped, credentials: credentials)
    }
  }
}
