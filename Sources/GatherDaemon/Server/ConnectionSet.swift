import NIOCore

/// The open connections of one listener, on the loop that serves them, so that shutdown can drain them and
/// wait until the last one has closed; what a closed one used is given back to the system through `freed`.
/// Unchecked `Sendable`: the set is touched on the loop that serves its connections only.
final class ConnectionSet: @unchecked Sendable {
  private let loop: any EventLoop
  private var connections: [ObjectIdentifier: RPCConnection] = [:]
  private var allClosed: EventLoopPromise<Void>?
  private var draining = false
  private let freed: FreedMemory

  /// The connections of a listener served on `loop`; `freed` is told of each that closes.
  init(loop: any EventLoop, freed: FreedMemory) {
    self.loop = loop
    self.freed = freed
  }

  /// A connection opened; one that opens while the listener drains is drained at once.
  func insert(_ connection: RPCConnection) {
    loop.preconditionInEventLoop()
    connections[ObjectIdentifier(connection)] = connection
    if draining { connection.drain() }
  }

  /// A connection closed.
  func remove(_ connection: RPCConnection) {
    loop.preconditionInEventLoop()
    connections[ObjectIdentifier(connection)] = nil
    freed.connectionClosed()
    if connections.isEmpty, let allClosed {
      self.allClosed = nil
      allClosed.succeed()
    }
  }

  /// Asks every connection to answer what it has read and close; succeeds once none is left.
  func drainAll() -> EventLoopFuture<Void> {
    loop.flatSubmit {
      self.draining = true
      guard !self.connections.isEmpty else { return self.loop.makeSucceededVoidFuture() }
      let promise = self.allClosed ?? self.loop.makePromise()
      self.allClosed = promise
      for connection in self.connections.values { connection.drain() }
      return promise.futureResult
    }
  }
}
