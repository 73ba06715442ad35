import GatherRPC
import Logging
import NIOCore

/// Serves one connection on its event loop: answers its lines in order, writes its subscriptions' events,
/// and closes it when it is done.
///
/// Reads are answered at once from the session's view; a change goes to the session's loop, and the lines
/// behind it wait until its reply is written. Whatever goes wrong here ends this connection only. A peer
/// that half-closes still gets its replies, and keeps getting its events while it has subscriptions. While
/// the peer does not read, nothing more is read from it.
final class RPCConnection: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  /// How many read messages (of a WebSocket) may wait for their turn before reading pauses.
  static let maxQueuedMessages = 64
  /// How many read bytes of a byte stream may wait behind a change in flight before reading pauses.
  static let maxQueuedBytes = 64 * 1024

  let services: ConnectionServices
  let caller: Caller
  /// The connection's name in the service manager's store, when it is kept there across restarts.
  let storedName: String?
  /// Set on a connection taken over from the previous gatherd until its first line: that line may be the
  /// rest of one the previous process had begun to read, and is dropped if it is not JSON.
  var mayStartMidLine = false
  private let runner: RPCDispatcher<Caller>.Runner
  /// Takes each reply back to this handler on its loop; made once, cleared when the handler goes.
  private var replied: RPCDispatcher<Caller>.Completion?
  private let connections: ConnectionSet
  private var context: ChannelHandlerContext!
  /// The connected socket's descriptor, when gatherd accepted it itself: replies and events are sent to it
  /// directly (see ``ConnectionOutput``).
  private let socket: CInt?
  /// Where replies and events are written, in order; set while the handler is in the pipeline.
  private var output: ConnectionOutput?
  /// Splits a byte stream into lines, where they were read; nil when each read is one message (a
  /// WebSocket's).
  private var splitter: LineSplitter?
  /// The bytes read and not yet taken as lines; nil when there are none, so that NIO may reuse its buffer.
  private var input: ByteBuffer?
  /// The messages read and not yet answered, when each read is one message.
  private var messages = CircularBuffer<ByteBuffer>(initialCapacity: 4)
  /// Whether what was read may hold a line not yet answered.
  private var mayHaveLines = false
  private var inFlight = false
  private var answering = false
  /// Set when `answerQueued` is asked for again while it runs (a flush made the channel writable again).
  private var answerAgain = false
  private var inputClosed = false
  private var draining = false
  private var closing = false
  private var readsPaused = false
  /// Whether the channel takes more writes without queueing them, as its last writability event said.
  private var writable = true
  private var removed = false
  /// Whether the connection is counted and known to shutdown.
  private var counted = false

  init(
    services: ConnectionServices, caller: Caller, loop: any EventLoop, connections: ConnectionSet,
    storedName: String? = nil, socket: CInt? = nil, splittingLines: Bool = false
  ) {
    self.services = services
    splitter = splittingLines ? LineSplitter(maxLength: services.maxLineBytes) : nil
    self.socket = socket
    self.caller = caller
    self.storedName = storedName
    self.connections = connections
    runner = services.runner(replyingOn: loop)
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
    replied = { reply in bound.value.received(reply) }
    let output = ConnectionOutput(context: context, socket: socket)
    self.output = output
    caller.events.attach(output)
    caller.events.onOverflow = { [unowned self] subscription in overflowed(subscription) }
    if let storedName, let keeper = services.keeper {
      caller.events.onSubscriptionsChanged = { keeper.subscriptionsChanged(of: storedName, to: $0) }
    }
    if context.channel.isActive { opened() }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    removed = true
    replied = nil
    caller.events.onOverflow = nil
    output?.detach()
    output = nil
    self.context = nil
  }

  func channelActive(context: ChannelHandlerContext) {
    opened()
    context.fireChannelActive()
  }

  /// Counts the connection and lets shutdown find it: when it becomes active, or when this handler joins an
  /// active channel (a WebSocket after its upgrade).
  private func opened() {
    guard !counted else { return }
    counted = true
    services.stats.connectionOpened()
    connections.insert(self)
  }

  func channelInactive(context: ChannelHandlerContext) {
    // Nothing more is answered, and no subscription may start, on a connection that has gone.
    closing = true
    input = nil
    messages.removeAll()
    caller.events.close()
    if let storedName { services.keeper?.connectionClosed(storedName) }
    if counted {
      services.stats.connectionClosed()
      connections.remove(self)
    }
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    var bytes = unwrapInboundIn(data)
    if splitter == nil {
      messages.append(bytes)
    } else if input == nil {
      input = bytes
    } else {
      // The rest of a line read earlier: the new bytes join it.
      if input!.readerIndex >= input!.readableBytes { input!.discardReadBytes() }
      input!.writeBuffer(&bytes)
    }
    mayHaveLines = true
    // The replies to one read go out together, at channelReadComplete: one write for the whole batch.
    answerQueued(flushing: false)
  }

  func channelReadComplete(context: ChannelHandlerContext) { flushIfNeeded() }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    writable = context.channel.isWritable
    caller.events.writabilityChanged(writable)
    if writable { answerQueued() }
    context.fireChannelWritabilityChanged()
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if case .inputClosed = event as? ChannelEvent {
      // Bytes after the last "\n" are a last line now.
      inputClosed = true
      mayHaveLines = true
      answerQueued()
    }
    context.fireUserInboundEventTriggered(event)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    services.logger.debug("Connection of \(caller.who) ended: \(error)")
    context.close(promise: nil)
  }

  /// Shutdown: reads nothing more, answers the lines already read, then closes, within ten seconds even if
  /// the peer never reads its replies.
  func drain() {
    guard !removed else { return }
    draining = true
    let channel = context.channel
    let deadline = context.eventLoop.scheduleTask(in: .seconds(10)) { channel.close(promise: nil) }
    channel.closeFuture.whenComplete { _ in deadline.cancel() }
    answerQueued()
  }

  /// Answers the queued lines in order, while no change is in flight and the peer keeps reading. A call made
  /// while it runs (a flush that made the channel writable again) makes it go round once more.
  private func answerQueued(flushing: Bool = true) {
    guard !removed else { return }
    guard !answering else {
      answerAgain = true
      return
    }
    answering = true
    defer { answering = false }
    repeat {
      answerAgain = false
      answerLines()
      if flushing { flushIfNeeded() }
      updateReading()
      closeIfDone()
    } while answerAgain
  }

  /// The next line or message read; nil when there is none yet.
  private func nextFrame() -> InboundFrame? {
    guard splitter != nil else { return messages.popFirst().map { .line($0) } }
    guard input != nil else { return nil }
    let frame = splitter!.next(from: &input!, atEnd: inputClosed)
    if input!.readableBytes == 0 { input = nil }
    return frame
  }

  private func answerLines() {
    while !inFlight, !closing, writable {
      guard let frame = nextFrame() else {
        mayHaveLines = false
        return
      }
      switch frame {
      case .tooLong:
        services.logger.notice(
          "A line from \(caller.who) exceeded \(services.maxLineBytes) bytes; closing the connection.")
        write(RPCResponse.error(id: .null, .lineTooLong(limit: services.maxLineBytes)))
        close()
      case .line(let line):
        guard line.readableBytesView.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
        let parsed = line.withUnsafeReadableBytes { bytes in
          Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(bytes) }
        }
        if mayStartMidLine {
          mayStartMidLine = false
          if case .failure = parsed {
            services.logger.debug("Dropped the rest of a line that the previous gatherd had begun to read.")
            continue
          }
        }
        guard let replied else { return }
        inFlight = true
        services.dispatcher.respond(to: parsed, from: caller, runner: runner, completion: replied)
      }
    }
  }

  private func received(_ reply: JSONValue?) {
    // A change that finishes after its connection has gone is committed all the same; nobody hears of it.
    guard !removed else { return }
    inFlight = false
    if let reply { write(reply) }
    caller.events.replyWritten()
    if !answering {
      flushIfNeeded()
      answerQueued()
    }
  }

  /// Writes one reply or notice line; it goes out at the next flush.
  func write(_ reply: JSONValue) {
    output?.write { bytes in
      JSONWriter.write(reply, into: &bytes)
      bytes.append(UInt8(ascii: "\n"))
    }
  }

  /// Sends what was written since the last flush.
  func flushIfNeeded() { output?.flush() }

  /// Reads while there is room for more lines and the peer takes its replies.
  private func updateReading() {
    let backedUp =
      splitter == nil
      ? messages.count >= Self.maxQueuedMessages : inFlight && (input?.readableBytes ?? 0) >= Self.maxQueuedBytes
    let read = !draining && !closing && !backedUp && writable
    guard read == readsPaused else { return }
    readsPaused = !read
    context.channel.setOption(.autoRead, value: read).whenFailure { _ in }
  }

  /// Closes once every line is answered, if the daemon is shutting down or the peer has stopped sending and
  /// watches nothing.
  private func closeIfDone() {
    guard !mayHaveLines, !inFlight, !closing else { return }
    if draining || (inputClosed && caller.events.subscriptions.isEmpty) { close() }
  }

  /// Closes after what was written has gone out, or after ten seconds if the peer never reads it.
  private func close() {
    guard !closing else { return }
    closing = true
    updateReading()
    // What was written goes out first; the empty write below completes once NIO has written all of it.
    flushIfNeeded()
    let channel = context.channel
    context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(capacity: 0))).whenComplete { _ in
      channel.close(promise: nil)
    }
    let deadline = context.eventLoop.scheduleTask(in: .seconds(10)) { channel.close(promise: nil) }
    channel.closeFuture.whenComplete { _ in deadline.cancel() }
  }

  private func overflowed(_ subscription: Int64) {
    services.logger.notice(
      "Subscription \(subscription) fell more than \(EventBacklog.capacity) events behind; closing its connection.")
    write(
      RPCResponse.notification(
        method: "events.overflow",
        params: [
          "subscription": .int(subscription), "reason": "queue_overflow",
          "message": .string(
            "This connection stopped reading while more than \(EventBacklog.capacity) events waited for it, so gatherd closes it. Reconnect and subscribe again."
          ),
        ]))
    caller.events.close()
    close()
  }
}
