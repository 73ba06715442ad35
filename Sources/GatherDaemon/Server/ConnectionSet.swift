import NIOCore

/// The open connections of one listener, on the loop that serves them, so that shutdown can drain them and
/// wait until the last one has closed.
final class ConnectionSet: @unchecked Sendable {
  private let loop: any EventLoop
  private var connections: [ObjectIdentifier: RPCConnection] = [:]
  private var allClosed: EventLoopPromise<Void>?

  init(loop: any EventLoop) { self.loop = loop }

  func insert(_ connection: RPCConnection) {
    connections[ObjectIdentifier(connection)] = connection
  }

  func remove(_ connection: RPCConnection) {
    connections[ObjectIdentifier(connection)] = nil
    if connections.isEmpty, let allClosed {
      self.allClosed = nil
      allClosed.succeed()
    }
  }

  /// Asks every connection to answer what it has read and close; succeeds once none is left.
  func drainAll() -> EventLoopFuture<Void> {
    loop.flatSubmit {
      guard !self.connections.isEmpty else { return self.loop.makeSucceededVoidFuture() }
      let promise = self.allClosed ?? self.loop.makePromise()
      self.allClosed = promise
      for connection in self.connections.values { connection.drain() }
      return promise.futureResult
    }
  }
}
