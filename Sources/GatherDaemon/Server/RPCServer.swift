import GatherRPC
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// The JSON-RPC listener on a Unix socket, as a service: each connection is served in its own child task,
/// and a failure in one never reaches the others or the listener.
///
/// On graceful shutdown it stops accepting, lets every connection finish the request in hand, closes them,
/// and removes its socket file.
public struct RPCServer<C: Clock>: Service where C.Duration == Duration {
  /// Where and how to listen.
  public struct Configuration: Sendable {
    /// The socket path.
    public var socketPath: String
    /// The socket file's permission bits.
    public var socketMode: mode_t
    /// The longest line accepted, in bytes.
    public var maxLineBytes: Int
    /// Who may change the match.
    public var access: AccessPolicy

    /// A configuration.
    public init(socketPath: String, socketMode: mode_t, maxLineBytes: Int, access: AccessPolicy) {
      self.socketPath = socketPath
      self.socketMode = socketMode
      self.maxLineBytes = maxLineBytes
      self.access = access
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
      session: session, dispatcher: MethodTable.dispatcher(session, stats: stats, logger: logger), stats: stats,
      maxLineBytes: configuration.maxLineBytes, logger: logger)
  }

  /// Binds the socket, serves until graceful shutdown, then removes the socket file.
  public func run() async throws {
    let socket = SocketFile(path: configuration.socketPath)
    try socket.prepare(directoryMode: 0o755)
    let maxLineBytes = configuration.maxLineBytes
    let previousMask = umask(0o077)
    let server: NIOAsyncChannel<Accepted, Never>
    do {
      server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .serverChannelOption(.backlog, value: 4096)
        .childChannelOption(.allowRemoteHalfClosure, value: true)
        .bind(unixDomainSocketPath: configuration.socketPath) { channel in
          Self.accept(channel, maxLineBytes: maxLineBytes)
        }
      umask(previousMask)
    } catch {
      umask(previousMask)
      throw error
    }
    defer { socket.remove() }
    try socket.setMode(configuration.socketMode)
    logger.notice(
      "gatherd listening on \(configuration.socketPath) (mode \(String(configuration.socketMode, radix: 8)))")
    ready()
    try await serve(server)
    logger.notice("gatherd stopped accepting connections; all connections closed.")
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
                credentials: accepted.credentials, mayMutate: configuration.access.isController(accepted.credentials))
              group.addTask { await handler.run(accepted.channel, caller: caller) }
            }
          }
        } onGracefulShutdown: {
          listener.close(promise: nil)
        }
      } catch where Task.isShuttingDownGracefully {
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
