import NIOCore
import Testing

@testable import GatherDaemon

/// The connection's state machine alone, with no socket: RPCConnection feeds it these events and performs the
/// actions it returns, so what a peer sees (the order of its replies, reading pausing and resuming, when its
/// connection closes) is decided here.
@Suite struct ConnectionStateMachineTests {
  typealias Machine = ConnectionStateMachine

  /// A Unix socket's machine: a byte stream split into lines of at most `maxLineBytes`.
  func machine(maxLineBytes: Int = 1 << 20) -> Machine { Machine(splittingLinesUpTo: maxLineBytes) }

  func bytes(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

  /// The line a `.answer` action hands to the dispatcher; nil for any other action.
  func answered(_ action: Machine.LineAction) -> String? {
    guard case .answer(let line, _) = action else { return nil }
    return String(buffer: line)
  }

  /// Whether the action is `.wait`.
  func waits(_ action: Machine.LineAction) -> Bool {
    if case .wait = action { return true }
    return false
  }

  /// Answers every line the machine gives, each reply coming back at once (reads), as one round of the
  /// connection's loop; returns the lines and what the round ends with.
  func answerRound(_ machine: inout Machine, watchesNothing: Bool = false) -> (lines: [String], then: Machine.Action) {
    var lines: [String] = []
    while let line = answered(machine.nextLine()) {
      lines.append(line)
      #expect(machine.replyReceived() == .write)
    }
    return (lines, machine.linesAnswered(watchesNothing: watchesNothing))
  }

  @Test func readsAreAnsweredInOrderWithinOneRoundOfTheLoop() {
    var machine = machine()
    machine.read(bytes("{\"id\":1}\n{\"id\":2}\r\n"))
    #expect(machine.startAnswering() == true)
    #expect(answered(machine.nextLine()) == "{\"id\":1}")
    // The second line waits for the first one's reply, which a read gives at once, inside the loop.
    #expect(waits(machine.nextLine()))
    #expect(machine.replyReceived() == .write)
    #expect(answered(machine.nextLine()) == "{\"id\":2}")
    #expect(machine.replyReceived() == .write)
    #expect(waits(machine.nextLine()))
    #expect(machine.linesAnswered(watchesNothing: true) == .none)
    #expect(machine.answeringFinished() == false)
  }

  @Test func aChangeInFlightHoldsTheLinesAfterItUntilItsReply() {
    var machine = machine()
    machine.read(bytes("change\nread\n"))
    #expect(machine.startAnswering() == true)
    #expect(answered(machine.nextLine()) == "change")
    #expect(waits(machine.nextLine()))
    #expect(machine.linesAnswered(watchesNothing: true) == .none)
    #expect(machine.answeringFinished() == false)
    // More arrives while the change is on the session's loop: still nothing is answered.
    machine.read(bytes("later\n"))
    #expect(machine.startAnswering() == true)
    #expect(waits(machine.nextLine()))
    #expect(machine.linesAnswered(watchesNothing: true) == .none)
    #expect(machine.answeringFinished() == false)
    // Its reply comes back outside the loop: it is written, flushed, and the lines behind it go.
    #expect(machine.replyReceived() == .writeAndAnswerNext)
    #expect(machine.startAnswering() == true)
    #expect(answerRound(&machine).lines == ["read", "later"])
    #expect(machine.answeringFinished() == false)
  }

  @Test func readingPausesWhen64KiBWaitBehindAChangeAndResumesAfterItsReply() {
    var machine = machine()
    let line = String(repeating: "x", count: 1023) + "\n"
    machine.read(bytes("change\n"))
    #expect(machine.startAnswering() == true)
    #expect(answered(machine.nextLine()) == "change")
    #expect(machine.linesAnswered(watchesNothing: true) == .none)
    #expect(machine.answeringFinished() == false)
    machine.read(bytes(String(repeating: line, count: 63)))
    #expect(machine.startAnswering() == true)
    #expect(machine.linesAnswered(watchesNothing: true) == .none)
    #expect(machine.answeringFinished() == false)
    machine.read(bytes(line))
    #expect(machine.startAnswering() == true)
    #expect(machine.linesAnswered(watchesNothing: true) == .pauseReading)
    #expect(machine.answeringFinished() == false)
    #expect(machine.replyReceived() == .writeAndAnswerNext)
    #expect(machine.startAnswering() == true)
    let round = answerRound(&machine)
    #expect(round.lines.count == 64)
    #expect(round.then == .resumeReading)
  }

  @Test func sixtyFourWebSocketMessagesWaitingPauseReading() {
    var machine = Machine(splittingLinesUpTo: nil)
    machine.read(bytes("change"))
    #expect(machine.startAnswering() == true)
    #expect(answered(machine.nextLine()) == "change")
    for n in 1...63 { machine.read(bytes("{\"id\":\(n)}")) }
    #expect(machine.linesAnswered(watchesNothing: true) == .none)
    #expect(machine.answeringFinished() == false)
    machine.read(bytes("{\"id\":64}"))
    #expect(machine.startAnswering() == true)
    #expect(machine.linesAnswered(watchesNothing: true) == .pauseReading)
    #expect(machine.answeringFinished() == false)
  }

  @Test func aPeerThatDoesNotReadIsNeitherAnsweredNorReadUntilItReadsAgain() {
    var machine = machine()
    machine.read(bytes("a\nb\nc\n"))
    #expect(machine.startAnswering() == true)
    #expect(answered(machine.nextLine()) == "a")
    // Writing the reply filled the socket: NIO says the channel is not writable.
    #expect(machine.writabilityChanged(false) == .none)
    #expect(machine.replyReceived() == .write)
    #expect(waits(machine.nextLine()))
    #expect(machine.linesAnswered(watchesNothing: true) == .pauseReading)
    #expect(machine.answeringFinished() == false)
    #expect(machine.writabilityChanged(true) == .answerNext(cancelStallDeadline: false))
    #expect(machine.startAnswering() == true)
    let round = answerRound(&machine)
    #expect(round.lines == ["b", "c"])
    #expect(round.then == .resumeReading)
  }

  @Test func askingToAnswerWhileAnsweringMakesTheLoopGoRoundOnceMore() {
    var machine = machine()
    #expect(machine.startAnswering() == true)
    // A flush inside the loop made the channel writable again, which asks for the loop twice.
    #expect(machine.startAnswering() == false)
    #expect(machine.startAnswering() == false)
    #expect(machine.linesAnswered(watchesNothing: true) == .none)
    #expect(machine.answeringFinished() == true)
    #expect(machine.answeringFinished() == false)
    #expect(machine.startAnswering() == true)
    #expect(machine.answeringFinished() == false)
  }

  @Test func aLineTooLongIsRefusedAndTheConnectionCloses() {
    var machine = machine(maxLineBytes: 10)
    machine.read(bytes("{\"id\":1}\n0123456789X\n{\"id\":2}\n"))
    #expect(machine.startAnswering() == true)
    #expect(answered(machine.nextLine()) == "{\"id\":1}")
    #expect(machine.replyReceived() == .write)
    guard case .refuseAndClose(pauseReading: true) = machine.nextLine() else {
      Issue.record("the line over the limit was not refused")
      return
    }
    #expect(waits(machine.nextLine()))
    #expect(machine.closeRequested() == .none)
  }

  @Test func onlyTheFirstLineOfAResumedConnectionMayBeDropped() {
    var machine = machine()
    machine.resumed()
    machine.read(bytes(" \t\nrest of a line\"}\n{\"id\":1}\n"))
    #expect(machine.startAnswering() == true)
    // A blank line is skipped, and the first line after it is the one that may be dropped.
    guard case .answer(let rest, dropIfNotJSON: true) = machine.nextLine() else {
      Issue.record("the first line is not marked as one that may start mid-line")
      return
    }
    #expect(String(buffer: rest) == "rest of a line\"}")
    machine.lineDropped()
    guard case .answer(let next, dropIfNotJSON: false) = machine.nextLine() else {
      Issue.record("the line after the first is not answered as it is")
      return
    }
    #expect(String(buffer: next) == "{\"id\":1}")
  }

  @Test func aNewConnectionDropsNoLine() {
    var machine = machine()
    machine.read(bytes("not json\n"))
    #expect(machine.startAnswering() == true)
    guard case .answer(_, dropIfNotJSON: false) = machine.nextLine() else {
      Issue.record("the first line of a new connection may be dropped")
      return
    }
  }
}
