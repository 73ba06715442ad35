import Glibc
import NIOCore
import NIOPosix

extension RPCServer {
  /// Accepts on a thread of its own, so that gatherd knows each connection's descriptor, and, when
  /// connections are kept across restarts, stores it with the service manager before NIO serves it; returns
  /// how to stop. The listening socket stays open.
  func accept(_ listening: CInt, connections: ConnectionSet) throws -> () async -> Void {
    // NIO's own accept would listen with a backlog of 128: a burst of clients (a status bar on every
    // desktop) needs a longer queue.
    guard Glibc.listen(listening, Self.backlog) == 0 else {
      throw SocketFileError("listen: \(String(cString: strerror(errno)))")
    }
    let acceptor = try Acceptor(listening: listening, logger: logger)
    let (keeper, readOnly) = (gateway.keeper, configuration.readOnly)
    let stopped = acceptor.run(on: loop) { fd in
      adopt(fd, storedName: keeper?.keep(fd, readOnly: readOnly), connections: connections, resuming: false)
    }
    return {
      await acceptor.stop()
      try? await stopped.get()
    }
  }

  /// Serves a connected socket: one just accepted, or one the previous gatherd kept (`resuming`), whose
  /// recorded subscriptions are reopened.
  func adopt(_ fd: CInt, storedName: String?, connections: ConnectionSet, resuming: Bool) {
    let (gateway, keeper, logger, readOnly) = (gateway, gateway.keeper, logger, configuration.readOnly)
    ClientBootstrap(group: loop)
      .channelOption(.allowRemoteHalfClosure, value: true)
      .channelInitializer { channel in
        Self.serve(
          channel, socket: fd, gateway: gateway, readOnly: readOnly, connections: connections, storedName: storedName)
      }
      .withConnectedSocket(fd)
      .whenComplete { result in
        switch result {
        case .success(let channel):
          guard resuming, let storedName, let keeper,
            let connection = try? channel.pipeline.syncOperations.handler(type: RPCConnection.self)
          else { return }
          connection.resume(keeper.recordedSubscriptions(of: storedName), view: gateway.currentView())
        case .failure(let error):
          logger.notice("Could not serve a connection (\(storedName ?? "not kept")): \(error)")
          if let storedName, let keeper { keeper.connectionClosed(storedName) }
        }
      }
  }
}
