import Glibc
import NIOCore

/// Where one connection's lines go, replies and events alike, in the order they are written.
///
/// On a Unix socket whose descriptor gatherd accepted itself, the lines written between two flushes gather
/// in one buffer, and a flush hands them to the kernel with one `send(2)` from the event loop, as a
/// single-threaded server such as redis does. NIO's outbound path (the pipeline, its pending writes, a
/// `ByteBuffer` per line) then carries only what the socket did not take at once; while it holds anything,
/// later lines queue behind it, so their order never changes, and the channel's writability still tells a
/// slow peer. The descriptor is only used while the channel is active: NIO marks the channel inactive
/// before any callout that follows its closing the descriptor, so a number the kernel reuses is never
/// written to. Other connections (a WebSocket, whose pipeline frames each line) write every line to the
/// pipeline. Confined to the connection's event loop.
final class ConnectionOutput {
  /// A buffer this large or larger is given back after a flush: an idle connection keeps a small one.
  static let keptCapacity = 4096

  private let socket: CInt?
  private var context: ChannelHandlerContext?
  /// Lines written since the last flush (with a socket), or the line being encoded (without one).
  private var pending: [UInt8] = []
  /// Whether lines went to the pipeline since its last flush (without a socket).
  private var unflushed = false
  /// Writes handed to NIO that it has not finished: while there are any, lines queue behind them.
  private var inPipeline = 0

  /// An output to the channel of `context`, sending straight to `socket` when it is given.
  init(context: ChannelHandlerContext, socket: CInt?) {
    self.context = context
    self.socket = socket
  }

  /// Writes one line, newline included, that `encode` appends; it goes out at the next ``flush()``.
  func write(_ encode: (inout [UInt8]) -> Void) {
    guard let context else { return }
    encode(&pending)
    guard socket == nil else { return }
    context.write(NIOAny(context.channel.allocator.buffer(bytes: pending)), promise: nil)
    unflushed = true
    releasePending()
  }

  /// Sends what was written since the last flush.
  func flush() {
    guard let context else { return }
    guard let socket else {
      if unflushed {
        unflushed = false
        context.flush()
      }
      return
    }
    guard !pending.isEmpty else { return }
    var sent = 0
    if inPipeline == 0, context.channel.isActive {
      sent = Self.send(pending, to: socket)
      if sent == pending.count {
        releasePending()
        return
      }
    }
    // The socket's buffer is full (or the send failed, which NIO's own write then meets and reports): the
    // rest goes through NIO, which writes it when the socket can take more.
    let rest = context.channel.allocator.buffer(bytes: pending[sent...])
    releasePending()
    inPipeline += 1
    let promise = context.eventLoop.makePromise(of: Void.self)
    let output = NIOLoopBound(self, eventLoop: context.eventLoop)
    promise.futureResult.whenComplete { _ in output.value.inPipeline -= 1 }
    context.writeAndFlush(NIOAny(rest), promise: promise)
  }

  /// Stops writing: the handler has left the pipeline. What was not flushed is dropped.
  func detach() {
    context = nil
    pending = []
  }

  private func releasePending() {
    if pending.capacity > Self.keptCapacity {
      pending = []
    } else {
      pending.removeAll(keepingCapacity: true)
    }
  }

  /// Sends as much of `bytes` as the socket takes now, without blocking; returns how many bytes it took.
  private static func send(_ bytes: [UInt8], to socket: CInt) -> Int {
    bytes.withUnsafeBytes { raw in
      var sent = 0
      while sent < raw.count {
        let result = Glibc.send(socket, raw.baseAddress! + sent, raw.count - sent, CInt(MSG_NOSIGNAL | MSG_DONTWAIT))
        if result > 0 {
          sent += result
        } else if result < 0, errno == EINTR {
          continue
        } else {
          break
        }
      }
      return sent
    }
  }
}
