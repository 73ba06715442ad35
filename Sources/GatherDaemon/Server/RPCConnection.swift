import GatherRPC
import Logging
import NIOCore

/// Serves one connection on its event loop: answers its lines in order, writes its subscriptions' events,
/// and closes it when it is done.
///
/// Reads are answered at once from the session's view; a change goes to the session's loop, and the lines
/// behind it wait until its reply is written. Whatever goes wrong here ends this connection only. A peer
/// that half-closes still gets its replies, and keeps getting its events while it has subscriptions. While
/// the peer does not read, nothing more is read from it. What the connection does next is decided by its
/// ``ConnectionStateMachine``, which this handler feeds with the channel's events; the handler performs the
/// actions it returns.
final class RPCConnection: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  let gateway: RPCGateway
  let caller: Caller
  /// The connection's name in the service manager's store, when it is kept there across restarts.
  let storedName: String?
  private let runner: RPCDispatcher<Caller>.Runner
  /// Takes each reply back to this handler on its loop; made once, cleared when the handler goes.
  private var replied: RPCDispatcher<Caller>.Completion?
  private let connections: ConnectionSet
  var context: ChannelHandlerContext!
  let transport: Transport
  /// Where replies and events are written, in order; set while the handler is in the pipeline.
  private var output: ConnectionOutput?
  /// What the connection has read, and whether it awaits a reply, reads, drains or closes: each event goes
  /// through it, and this handler performs on the channel the action it returns.
  var machine: ConnectionStateMachine
  /// Runs while a peer that has stopped sending leaves its replies unread with lines still to answer: it is
  /// closed when this runs out, unless it reads again first (RPCConnection+Closing.swift).
  var stallDeadline: Scheduled<Void>?

  init(
    gateway: RPCGateway, caller: Caller, loop: any EventLoop, connections: ConnectionSet,
    transport: Transport, storedName: String? = nil
  ) {
    self.gateway = gateway
    self.transport = transport
    switch transport {
    case .unixSocket: machine = ConnectionStateMachine(splittingLinesUpTo: gateway.maxLineBytes)
    case .webSocket: machine = ConnectionStateMachine(splittingLinesUpTo: nil)
    }
    self.caller = caller
    self.storedName = storedName
    self.connections = connections
    runner = gateway.runner(replyingOn: loop)
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
    if let storedName, let keeper = gateway.keeper {
      caller.events.onSubscriptionsChanged = { keeper.subscriptionsChanged(of: storedName, to: $0) }
    }
    if context.channel.isActive { opened() }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    machine.handlerRemoved()
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
    guard machine.opened() else { return }
    gateway.stats.connectionOpened(webSocket: isWebSocket)
    connections.insert(self)
  }

  func channelInactive(context: ChannelHandlerContext) {
    // Nothing more is answered, and no subscription may start, on a connection that has gone.
    let counted = machine.channelInactive()
    output?.detach()
    caller.events.close()
    if let storedName { gateway.keeper?.connectionClosed(storedName) }
    if counted {
      gateway.stats.connectionClosed(webSocket: isWebSocket)
      connections.remove(self)
    }
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    machine.read(unwrapInboundIn(data))
    // The replies to one read go out together, at channelReadComplete: one write for the whole batch.
    answerQueued(flushing: false)
  }

  func channelReadComplete(context: ChannelHandlerContext) { flushIfNeeded() }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    let writable = context.channel.isWritable
    let action = machine.writabilityChanged(writable)
    if case .answerNext(cancelStallDeadline: true) = action { notStalled() }
    caller.events.writabilityChanged(writable)
    if case .answerNext = action { answerQueued() }
    context.fireChannelWritabilityChanged()
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if case .inputClosed = event as? ChannelEvent {
      // Bytes after the last "\n" are a last line now.
      machine.inputClosed()
      answerQueued()
    }
    context.fireUserInboundEventTriggered(event)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    gateway.logger.debug("Connection of \(caller.who) ended: \(error)")
    context.close(promise: nil)
  }

  /// Answers the queued lines in order, while no reply is awaited and the peer keeps reading, then reads,
  /// pauses or closes as the state machine says. A call made while it runs (a flush that made the channel
  /// writable again) makes it go round once more.
  func answerQueued(flushing: Bool = true) {
    guard machine.startAnswering() else { return }
    repeat {
      answerLines()
      if flushing { flushIfNeeded() }
      perform(machine.linesAnswered(watchesNothing: caller.events.subscriptions.isEmpty))
    } while machine.answeringFinished()
  }

  private func answerLines() {
    while true {
      switch machine.nextLine() {
      case .wait: return
      case .refuseAndClose(let pauseReading):
        gateway.logger.notice(
          "A line from \(caller.who) exceeded \(gateway.maxLineBytes) bytes; closing the connection.")
        let error = RPCError.lineTooLong(limit: gateway.maxLineBytes)
        gateway.dispatcher.reportRefusal(error)
        write(RPCResponse.error(id: .null, error))
        closeChannel(pausingReads: pauseReading)
      case .answer(let line, let dropIfNotJSON):
        let parsed = line.withUnsafeReadableBytes { bytes in
          Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(bytes) }
        }
        if dropIfNotJSON, case .failure = parsed {
          gateway.logger.debug("Dropped the rest of a line that the previous gatherd had begun to read.")
          machine.lineDropped()
          continue
        }
        guard let replied else { return }
        gateway.dispatcher.respond(to: parsed, from: caller, runner: runner, completion: replied)
      }
    }
  }

  private func received(_ reply: JSONValue?) {
    // A change that finishes after its connection has gone is committed all the same; nobody hears of it.
    let action = machine.replyReceived()
    guard action != .ignore else { return }
    if let reply { write(reply) }
    caller.events.replyWritten()
    // A web client that guessed the control token too often gets this reply, and nothing more.
    if caller.closesAfterReply { close() }
    if action == .writeAndAnswerNext {
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

  /// Does on the channel what the state machine said.
  func perform(_ action: ConnectionStateMachine.Action) {
    switch action {
    case .none: break
    case .pauseReading: setReading(false)
    case .resumeReading: setReading(true)
    case .startStallDeadline(let pauseReading):
      if pauseReading { setReading(false) }
      stalledAtTheLatest()
    case .close(let pauseReading): closeChannel(pausingReads: pauseReading)
    }
  }

  /// Turns reading on or off.
  func setReading(_ read: Bool) {
    context.channel.setOption(.autoRead, value: read).whenFailure { _ in }
  }
}
