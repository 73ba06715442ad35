import GatherRPC
import Glibc
import NIOCore

/// Where one connection's lines go, replies and events alike, in the order they are written.
///
/// On a Unix socket whose descriptor gatherd accepted itself, the lines written between two flushes gather
/// in one buffer, and a flush hands them to the kernel with one `write(2)` from the event loop, as a
/// single-threaded server such as redis does. NIO's outbound path (the pipeline, its pending writes, a
/// `ByteBuffer` per line) then carries only what the socket did not take at once; while it holds anything,
/// later lines queue behind it, so their order never changes, and the channel's writability still tells a
/// slow peer. The output sends on a duplicate of the descriptor, its own until ``detach()``: NIO closing
/// its descriptor (which it does before telling anyone) can never leave a number here that the kernel has
/// given to another file. Other connections (a WebSocket, whose pipeline frames each line, or one whose
/// descriptor could not be duplicated) write every line to the pipeline. Confined to the connection's event
/// loop.
final class ConnectionOutput {
  /// A buffer this large or larger is given back after a flush: an idle connection keeps a small one.
  static let keptCapacity = 4096
  /// Lines written up to this many bytes are flushed at once, without waiting for the flush: what the
  /// socket does not take then reaches NIO, whose writability stops a connection that answers a long batch
  /// for a peer that does not read, as it did when every line went to NIO.
  static let flushThreshold = 64 * 1024
  /// The longest notification ``sendNow(_:subscription:)`` puts together in a temporary buffer, small enough for
  /// the standard library to keep on the stack (a tick takes about 220 bytes).
  static var longestLineSentAtOnce: Int { 512 }

  /// The output's own duplicate of the connection's descriptor, until ``detach()``.
  private var socket: CInt?
  private var context: ChannelHandlerContext?
  /// Lines written since the last flush (with a socket), or the line being encoded (without one). With nothing
  /// in it, it is the empty array, whose emptiness a tick's fan-out reads without touching a buffer of this
  /// connection's.
  private var pending: [UInt8] = []
  /// The room ``pending`` writes into, kept between flushes so that a connection's replies are not given a new
  /// buffer each time.
  private var spare: [UInt8] = []
  /// Whether lines went to the pipeline since its last flush (without a socket).
  private var unflushed = false
  /// Writes handed to NIO that it has not finished: while there are any, lines queue behind them.
  private var inPipeline = 0

  /// How many writes NIO holds for this output because the socket was full when they were flushed.
  var writesHeldByNIO: Int { inPipeline }

  /// An output to the channel of `context`, sending straight to `socket` when it is given.
  init(context: ChannelHandlerContext, socket: CInt?) {
    self.context = context
    self.socket = socket.map { fcntl($0, F_DUPFD_CLOEXEC, 0) }.flatMap { $0 >= 0 ? $0 : nil }
  }

  deinit { detach() }

  /// Writes one line, newline included, that `encode` appends; it goes out at the next ``flush()``.
  func write(_ encode: (inout [UInt8]) -> Void) {
    // The socket's path touches nothing but the buffer: a tick's fan-out comes here once per subscriber.
    if socket != nil {
      takeRoom()
      encode(&pending)
      if pending.count >= Self.flushThreshold { flush() }
      return
    }
    guard let context else { return }
    takeRoom()
    encode(&pending)
    context.write(NIOAny(context.channel.allocator.buffer(bytes: pending)), promise: nil)
    unflushed = true
    releasePending()
  }

  /// Sends one notification line for `subscription` at once, as ``write(_:)`` and ``flush()`` would, when
  /// nothing waits before it: the line is put together on the stack and goes out with one `write(2)` (a
  /// tick's fan-out comes here once per subscriber). What the socket does not take goes the way a flush's rest
  /// goes. Returns false, having sent nothing, when the line must be written and flushed instead: the output has
  /// no socket of its own, lines wait before it, or the line could be longer than ``longestLineSentAtOnce``.
  func sendNow(_ line: NotificationLine, subscription: Int64) -> Bool {
    guard let socket, pending.isEmpty, inPipeline == 0, line.longestCount <= Self.longestLineSentAtOnce else {
      return false
    }
    let complete = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.longestLineSentAtOnce) { buffer in
      let bytes = UnsafeRawBufferPointer(line.write(for: subscription, into: buffer))
      let sent = Self.send(bytes, to: socket)
      guard sent < bytes.count else { return true }
      // Rare: the socket's buffer is full. The rest waits here for the flush below, as written lines do.
      takeRoom()
      pending.append(contentsOf: bytes[sent...])
      return false
    }
    if !complete { flush() }
    return true
  }

  /// Sends what was written since the last flush.
  func flush() {
    guard let socket else {
      if unflushed, let context {
        unflushed = false
        context.flush()
      }
      return
    }
    guard !pending.isEmpty else { return }
    var sent = 0
    if inPipeline == 0 {
      sent = pending.withUnsafeBytes { Self.send($0, to: socket) }
      if sent == pending.count {
        releasePending()
        return
      }
    }
    guard let context else { return }
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

  /// Stops writing, and lets the descriptor go: the connection has closed, or its handler has left the
  /// pipeline. What was not flushed is dropped.
  func detach() {
    context = nil
    pending = []
    spare = []
    if let socket { Glibc.close(socket) }
    socket = nil
  }

  /// Gives ``pending`` the kept room when it has none.
  private func takeRoom() {
    if pending.capacity == 0 { swap(&pending, &spare) }
  }

  /// Empties ``pending``, keeping its room in ``spare`` (which ``takeRoom()`` left without any) unless it has
  /// grown large.
  private func releasePending() {
    if pending.capacity <= Self.keptCapacity {
      pending.removeAll(keepingCapacity: true)
      swap(&pending, &spare)
    } else {
      pending = []
    }
  }

  /// Sends as much of `bytes` as the socket takes now, without blocking; returns how many bytes it took.
  private static func send(_ bytes: UnsafeRawBufferPointer, to socket: CInt) -> Int {
    var sent = 0
    while sent < bytes.count {
      // The socket is non-blocking (NIO made it so), and NIO ignores SIGPIPE: a peer that has gone is EPIPE.
      let result = Glibc.write(socket, bytes.baseAddress! + sent, bytes.count - sent)
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
