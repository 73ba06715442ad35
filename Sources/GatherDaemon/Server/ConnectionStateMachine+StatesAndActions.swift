import NIOCore

extension ConnectionStateMachine {
  /// Where the connection is in its life.
  enum State {
    /// Reading and answering lines.
    case active(Serving)
    /// The daemon is shutting down: nothing more is read, the lines already read are answered, then the
    /// connection closes.
    case draining(Serving)
    /// Closing once what was written has gone out: nothing more is read or answered; a reply already on its
    /// way is still written. `stallDeadline`: whether the deadline of a stalled peer (``Serving``) still runs.
    case closing(stallDeadline: Bool)
    /// The channel has closed: what was read and not answered is dropped.
    case closed
    /// The handler has left the pipeline: every event is ignored.
    case removed
  }

  /// What a connection that still answers its lines knows of them and of its peer.
  struct Serving {
    /// Whether a line's reply has not come back yet: the lines after it wait for it.
    var awaitingReply = false
    /// Whether the channel takes more writes without queueing them, as its last writability event said.
    var writable = true
    /// Whether the deadline runs that closes a peer which stopped sending and leaves its replies unread
    /// while lines still wait; reading again stops it.
    var stallDeadline = false
    /// Set on a connection taken over from the previous gatherd until its first line: that line may be the
    /// rest of one the previous process had begun to read, and is dropped if it is not JSON.
    var mayStartMidLine = false
  }

  /// The connection's loop that answers the queued lines: whether it runs, and whether it was asked for
  /// again while it ran (a flush made the channel writable again, a reply came back).
  enum AnsweringLoop {
    /// Not running.
    case idle
    /// Running.
    case running
    /// Running, and asked for again: it goes round once more.
    case runAgain
  }

  /// What the connection does on the channel after an event.
  enum Action: Equatable {
    /// Nothing.
    case none
    /// Stops reading (the channel's auto-read goes off).
    case pauseReading
    /// Reads again.
    case resumeReading
    /// Starts the stalled peer's deadline (ten seconds), after pausing reading when `pauseReading`.
    case startStallDeadline(pauseReading: Bool)
    /// Closes once what was written has gone out, at the latest after ten seconds, after pausing reading
    /// when `pauseReading`.
    case close(pauseReading: Bool)
  }

  /// What the connection does when the channel's writability changes.
  enum WritabilityAction: Equatable {
    /// Nothing.
    case none
    /// Answers what waits (the peer reads again), after cancelling the stall deadline when it runs.
    case answerNext(cancelStallDeadline: Bool)
  }

  /// What the connection does with the next queued line.
  enum LineAction {
    /// Answers `line`; its reply is awaited before the next line. When `dropIfNotJSON` (the first line of a
    /// connection taken over from the previous gatherd), a line that does not parse is dropped instead
    /// (``lineDropped()``).
    case answer(ByteBuffer, dropIfNotJSON: Bool)
    /// The line was longer than the limit: answers it with an error, then closes, after pausing reading when
    /// `pauseReading`.
    case refuseAndClose(pauseReading: Bool)
    /// Nothing to answer now.
    case wait
  }

  /// What the connection does when a line's reply comes back.
  enum ReplyAction: Equatable {
    /// Nothing: the handler has gone (a change that finishes after its connection went is committed all
    /// the same; nobody hears of it).
    case ignore
    /// Writes the reply; the loop that answers lines runs, and goes on after it.
    case write
    /// Writes the reply, flushes, and answers the lines that waited for it.
    case writeAndAnswerNext
  }
}

extension ConnectionStateMachine.State {
  /// What an active or draining connection knows; nil in the other states, where setting it changes nothing.
  var serving: ConnectionStateMachine.Serving? {
    get {
      switch self {
      case .active(let serving), .draining(let serving): serving
      case .closing, .closed, .removed: nil
      }
    }
    set {
      guard let newValue else { return }
      switch self {
      case .active: self = .active(newValue)
      case .draining: self = .draining(newValue)
      case .closing, .closed, .removed: break
      }
    }
  }
}
