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

  let services: RPCGateway
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
  var context: ChannelHandlerContext!
  let transport: Transport
  /// Where replies and events are written, in order; set while the handler is in the pipeline.
  private var output: ConnectionOutput?
  /// What was read and not yet answered.
  private var inbound: InboundQueue
  private var inFlight = false
  private var answering = false
  /// Set when `answerQueued` is asked for again while it runs (a flush made the channel writable again).
  private var answerAgain = false
  var draining = false
  var closing = false
  private var readsPaused = false
  /// Whether the channel takes more writes without queueing them, as its last writability event said.
  private var writable = true
  var removed = false
  /// Whether the connection is counted and known to shutdown.
  private var counted = false
  /// Set while a peer that has stopped sending leaves its replies unread with lines still to answer: it is
  /// closed when this runs out, unless it reads again first (RPCConnection+Closing.swift).
  var stalled: Scheduled<Void>?

  init(
    services: RPCGateway, caller: Caller, loop: any EventLoop, connections: ConnectionSet,
    transport: Transport, storedName: String? = nil
  ) {
    self.services = services
    self.transport = transport
    switch transport {
    case .unixSocket: inbound = InboundQueue(splittingLinesUpTo: services.maxLineBytes)
    case .webSocket: inbound = InboundQueue(splittingLinesUpTo: nil)
    }
    self.caller = caller
    self.storedName = storedName
    self.connections = connections
    runner = services.runner(replyingOn: loop)
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
    replied = { reply in bound.value.received(reply) }
    let output: ConnectionOutput
    switch transport {
    case .unixSocket(let descriptor): output = ConnectionOutput(context: context, socket: descriptor)
    case .webSocket: output = ConnectionOutput(context: context, socket: nil)
    }
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
    services.stats.connectionOpened(webSocket: isWebSocket)
    connections.insert(self)
  }

  func channelInactive(context: ChannelHandlerContext) {
    // Nothing more is answered, and no subscription may start, on a connection that has gone.
    closing = true
    inbound.removeAll()
    output?.detach()
    caller.events.close()
    if let storedName { services.keeper?.connectionClosed(storedName) }
    if counted {
      services.stats.connectionClosed(webSocket: isWebSocket)
      connections.remove(self)
    }
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    inbound.append(unwrapInboundIn(data))
    // The replies to one read go out together, at channelReadComplete: one write for the whole batch.
    answerQueued(flushing: false)
  }

  func channelReadComplete(context: ChannelHandlerContext) { flushIfNeeded() }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    writable = context.channel.isWritable
    if writable { notStalled() }
    caller.events.writabilityChanged(writable)
    if writable { answerQueued() }
    context.fireChannelWritabilityChanged()
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if case .inputClosed = event as? ChannelEvent {
      // Bytes after the last "\n" are a last line now.
      inbound.end()
      answerQueued()
    }
    context.fireUserInboundEventTriggered(event)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    services.logger.debug("Connection of \(caller.who) ended: \(error)")
    context.close(promise: nil)
  }

  /// Answers the queued lines in order, while no change is in flight and the peer keeps reading. A call made
  /// while it runs (a flush that made the channel writable again) makes it go round once more.
  func answerQueued(flushing: Bool = true) {
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

  private func answerLines() {
    while !inFlight, !closing, writable, let frame = inbound.next() {
      switch frame {
      case .tooLong:
        services.logger.notice(
          "A line from \(caller.who) exceeded \(services.maxLineBytes) bytes; closing the connection.")
        let error = RPCError.lineTooLong(limit: services.maxLineBytes)
        services.dispatcher.reportRefusal(error)
        write(RPCResponse.error(id: .null, error))
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
    // A web client that guessed the control token too often gets this reply, and nothing more.
    if caller.closesAfterReply { close() }
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
  func updateReading() {
    let read = !draining && !closing && !inbound.isBackedUp(behindChange: inFlight) && writable
    guard read == readsPaused else { return }
    readsPaused = !read
    context.channel.setOption(.autoRead, value: read).whenFailure { _ in }
  }

  /// Closes once every line is answered, if the daemon is shutting down or the peer has stopped sending and
  /// watches nothing.
  func closeIfDone() {
    if inbound.ended, !writable, inbound.hasFrame { stalledAtTheLatest() }
    guard !inFlight, !closing, !inbound.hasFrame else { return }
    if draining || (inbound.ended && caller.events.subscriptions.isEmpty) { close() }
  }
}
