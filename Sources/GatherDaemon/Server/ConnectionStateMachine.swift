import NIOCore

/// What one connection does next, decided with no channel: ``RPCConnection`` tells it each event (a read, a
/// reply, a change of writability, the peer or the daemon ending the connection) and performs on the channel
/// the action the event returns.
///
/// Its lines are answered in order, one at a time: a line's reply comes back (at once for a read, later for a
/// change or a database query) before the next is answered. Reading pauses while the peer does not read its
/// replies, while too much waits behind a change in flight (``InboundQueue``), and once the connection drains
/// or closes. A peer that half-closes gets its replies, and keeps the connection while it has subscriptions.
/// Each event is a few comparisons on values held inline, and its action a small enum: nothing is allocated.
struct ConnectionStateMachine {
  /// Where the connection is.
  private(set) var state: State = .active(Serving())
  /// What was read and not yet answered.
  private(set) var inbound: InboundQueue
  /// Whether reading is paused (the channel's auto-read is off).
  private(set) var readsPaused = false
  /// The loop that answers queued lines.
  private(set) var answering = AnsweringLoop.idle
  /// Whether the connection is counted and known to shutdown.
  private(set) var counted = false

  /// A connection whose byte stream is split into lines of at most `maxLineBytes`, or, when it is nil,
  /// whose every read is one message (a WebSocket).
  init(splittingLinesUpTo maxLineBytes: Int?) {
    inbound = InboundQueue(splittingLinesUpTo: maxLineBytes)
  }

  /// The channel is active (or the handler joined an active one); true the first time: count it then.
  mutating func opened() -> Bool {
    guard !counted else { return false }
    counted = true
    return true
  }

  /// The connection was taken over from the previous gatherd: its first line may start mid-line.
  mutating func resumed() {
    state.serving?.mayStartMidLine = true
  }

  /// Bytes (or a message) were read; the connection then answers what it can.
  mutating func read(_ bytes: ByteBuffer) {
    inbound.append(bytes)
  }

  /// The peer stopped sending (half-closed): bytes after the last "\n" are a last line. The connection then
  /// answers what it can, and closes when it is done unless it watches events.
  mutating func inputClosed() {
    inbound.end()
  }

  /// The channel's writability changed.
  mutating func writabilityChanged(_ writable: Bool) -> WritabilityAction {
    switch state {
    case .active(var serving), .draining(var serving):
      serving.writable = writable
      guard writable else {
        state.serving = serving
        return .none
      }
      let cancel = serving.stallDeadline
      serving.stallDeadline = false
      state.serving = serving
      return .answerNext(cancelStallDeadline: cancel)
    case .closing(let stallDeadline):
      guard writable else { return .none }
      state = .closing(stallDeadline: false)
      return .answerNext(cancelStallDeadline: stallDeadline)
    case .closed: return writable ? .answerNext(cancelStallDeadline: false) : .none
    case .removed: return .none
    }
  }

  /// The daemon shuts down; true when the connection starts draining: it then closes at the latest in ten
  /// seconds, and answers what it has read.
  mutating func drainRequested() -> Bool {
    guard case .active(let serving) = state else { return false }
    state = .draining(serving)
    return true
  }

  /// Something asks to close the connection (a line too long, a subscription that overflowed, a reply that is
  /// the last): `.close`, unless it closes already.
  mutating func closeRequested() -> Action {
    guard let serving = state.serving else { return .none }
    state = .closing(stallDeadline: serving.stallDeadline)
    defer { readsPaused = true }
    return .close(pauseReading: !readsPaused)
  }

  /// The channel has closed; true when the connection was counted, and must be forgotten.
  mutating func channelInactive() -> Bool {
    if case .removed = state {} else { state = .closed }
    inbound.removeAll()
    return counted
  }

  /// The handler has left the pipeline: nothing more happens.
  mutating func handlerRemoved() {
    state = .removed
  }

  /// The connection asks to answer its queued lines; true when it should run the loop (``nextLine()`` until
  /// `.wait`, then ``linesAnswered(watchesNothing:)``, while ``answeringFinished()`` asks for another round),
  /// false when the handler has gone or the loop runs already, which then goes round once more.
  mutating func startAnswering() -> Bool {
    if case .removed = state { return false }
    guard case .idle = answering else {
      answering = .runAgain
      return false
    }
    answering = .running
    return true
  }

  /// The next line to answer: while no reply is awaited, the connection neither drains nor closes, and the
  /// peer reads its replies. Blank lines are skipped.
  mutating func nextLine() -> LineAction {
    guard var serving = state.serving, !serving.awaitingReply, serving.writable else { return .wait }
    while let frame = inbound.next() {
      switch frame {
      case .tooLong:
        guard case .close(let pauseReading) = closeRequested() else { return .wait }
        return .refuseAndClose(pauseReading: pauseReading)
      case .line(let line):
        guard line.readableBytesView.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
        let dropIfNotJSON = serving.mayStartMidLine
        serving.mayStartMidLine = false
        serving.awaitingReply = true
        state.serving = serving
        return .answer(line, dropIfNotJSON: dropIfNotJSON)
      }
    }
    return .wait
  }

  /// The line just given was not answered (the rest of one the previous gatherd had begun to read): no
  /// reply is awaited for it.
  mutating func lineDropped() {
    state.serving?.awaitingReply = false
  }

  /// A line's reply came back.
  mutating func replyReceived() -> ReplyAction {
    switch state {
    case .active(var serving):
      serving.awaitingReply = false
      state = .active(serving)
    case .draining(var serving):
      serving.awaitingReply = false
      state = .draining(serving)
    case .closing, .closed: break
    case .removed: return .ignore
    }
    guard case .idle = answering else { return .write }
    return .writeAndAnswerNext
  }

  /// The loop answered what it could (and flushed); what to do now: read or not, start the stall deadline
  /// (the peer stopped sending, does not read, and lines wait), or close (every line is answered, and the
  /// daemon drains, or the peer stopped sending and `watchesNothing`: it has no subscription).
  mutating func linesAnswered(watchesNothing: @autoclosure () -> Bool) -> Action {
    let draining: Bool
    var serving: Serving
    switch state {
    case .active(let current): (serving, draining) = (current, false)
    case .draining(let current): (serving, draining) = (current, true)
    case .closing, .closed: return reading(false)
    case .removed: return .none
    }
    if inbound.ended || draining {
      if inbound.ended, !serving.writable, !serving.stallDeadline, inbound.hasFrame {
        serving.stallDeadline = true
        state.serving = serving
        defer { readsPaused = true }
        return .startStallDeadline(pauseReading: !readsPaused)
      }
      if !serving.awaitingReply, !inbound.hasFrame, draining || watchesNothing() { return closeRequested() }
    }
    return reading(!draining && serving.writable && !inbound.isBackedUp(behindChange: serving.awaitingReply))
  }

  /// The loop's round is over; true when it was asked for again meanwhile: it goes round once more.
  mutating func answeringFinished() -> Bool {
    guard case .runAgain = answering else {
      answering = .idle
      return false
    }
    answering = .running
    return true
  }

  /// Reads, or stops reading: the action that makes the channel do so, if it does not already.
  private mutating func reading(_ read: Bool) -> Action {
    guard read == readsPaused else { return .none }
    readsPaused = !read
    return read ? .resumeReading : .pauseReading
  }
}
