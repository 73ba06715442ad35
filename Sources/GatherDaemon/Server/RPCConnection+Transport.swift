extension RPCConnection {
  /// What carries a connection's messages.
  enum Transport {
    /// A Unix socket that gatherd accepted itself: a byte stream split into lines, and replies and events
    /// written straight to this descriptor (see ``ConnectionOutput``).
    case unixSocket(descriptor: CInt)
    /// A WebSocket: each read is one message, and each line written goes to the pipeline, which frames it.
    case webSocket
  }

  /// Whether the connection is a WebSocket (for the metrics' `transport` label).
  var isWebSocket: Bool {
    if case .webSocket = transport { return true }
    return false
  }
}
