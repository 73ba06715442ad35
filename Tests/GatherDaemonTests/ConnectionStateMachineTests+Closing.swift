import Testing

@testable import GatherDaemon

/// How a connection ends: the peer half-closing (with and without subscriptions, reading or not), the daemon
/// draining, a close asked for while lines are answered, the channel closing and the handler going.
extension ConnectionStateMachineTests {
  @Test func aHalfClosedPeerWithoutSubscriptionsIsClosedOnceItsLastLineIsAnswered() {
    var machine = machine()
    machine.read(bytes("change\nlast"))
    machine.inputClosed()
    #expect(machine.startAnswering() == true)
    #expect(answered(machine.nextLine()) == "change")
    #expect(machine.linesAnswered(watchesNothing: true) == .none)
    #expect(machine.answeringFinished() == false)
    #expect(machine.replyReceived() == .writeAndAnswerNext)
    #expect(machine.startAnswering() == true)
    // The bytes after the last "\n" are a last line once the peer stopped sending.
    #expect(answerRound(&machine, watchesNothing: true) == (["last"], .close(pauseReading: true)))
    #expect(machine.answeringFinished() == false)
    #expect(machine.closeRequested() == .none)
  }

  @Test func aHalfClosedPeerWithSubscriptionsKeepsItsConnection() {
    var machine = machine()
    machine.read(bytes("{\"method\":\"events.subscribe\"}\n"))
    machine.inputClosed()
    #expect(machine.startAnswering() == true)
    #expect(answerRound(&machine, watchesNothing: false) == (["{\"method\":\"events.subscribe\"}"], .none))
    #expect(machine.answeringFinished() == false)
    #expect(machine.closeRequested() == .close(pauseReading: true))
  }

  @Test func aHalfClosedPeerThatLeavesItsRepliesUnreadGetsTheStallDeadlineUntilItReads() {
    var machine = machine()
    machine.read(bytes("a\nb\n"))
    machine.inputClosed()
    #expect(machine.startAnswering() == true)
    #expect(answered(machine.nextLine()) == "a")
    #expect(machine.writabilityChanged(false) == .none)
    #expect(machine.replyReceived() == .write)
    #expect(waits(machine.nextLine()))
    #expect(machine.linesAnswered(watchesNothing: true) == .startStallDeadline(pauseReading: true))
    #expect(machine.answeringFinished() == false)
    // Started once: another round while the peer still does not read starts no second deadline.
    #expect(machine.startAnswering() == true)
    #expect(machine.linesAnswered(watchesNothing: true) == .none)
    #expect(machine.answeringFinished() == false)
    #expect(machine.writabilityChanged(true) == .answerNext(cancelStallDeadline: true))
    #expect(machine.startAnswering() == true)
    #expect(answerRound(&machine, watchesNothing: true) == (["b"], .close(pauseReading: false)))
  }

  @Test func aPeerThatStillSendsGetsNoStallDeadline() {
    var machine = machine()
    machine.read(bytes("a\nb\n"))
    #expect(machine.startAnswering() == true)
    #expect(machine.writabilityChanged(false) == .none)
    #expect(waits(machine.nextLine()))
    #expect(machine.linesAnswered(watchesNothing: true) == .pauseReading)
  }

  @Test func drainingWaitsForTheChangeInFlightAndAnswersWhatWasReadBeforeClosing() {
    var machine = machine()
    machine.read(bytes("change\nread\n"))
    #expect(machine.startAnswering() == true)
    #expect(answered(machine.nextLine()) == "change")
    #expect(machine.linesAnswered(watchesNothing: true) == .none)
    #expect(machine.answeringFinished() == false)
    #expect(machine.drainRequested() == true)
    #expect(machine.drainRequested() == false)
    #expect(machine.startAnswering() == true)
    #expect(waits(machine.nextLine()))
    // Nothing more is read, and the connection stays open while the change's reply is awaited.
    #expect(machine.linesAnswered(watchesNothing: true) == .pauseReading)
    #expect(machine.answeringFinished() == false)
    #expect(machine.replyReceived() == .writeAndAnswerNext)
    #expect(machine.startAnswering() == true)
    #expect(answerRound(&machine) == (["read"], .close(pauseReading: false)))
  }

  @Test func closingWhileAnsweringAnswersNothingMoreButWritesTheReplyOnItsWay() {
    var machine = machine()
    machine.read(bytes("a\nb\n"))
    #expect(machine.startAnswering() == true)
    #expect(answered(machine.nextLine()) == "a")
    #expect(machine.closeRequested() == .close(pauseReading: true))
    #expect(machine.replyReceived() == .write)
    #expect(waits(machine.nextLine()))
    #expect(machine.linesAnswered(watchesNothing: true) == .none)
    #expect(machine.answeringFinished() == false)
    #expect(machine.closeRequested() == .none)
    #expect(machine.drainRequested() == false)
  }

  @Test func aReplyAfterTheHandlerWentIsIgnored() {
    var machine = machine()
    machine.read(bytes("change\nread\n"))
    #expect(machine.startAnswering() == true)
    #expect(answered(machine.nextLine()) == "change")
    #expect(machine.answeringFinished() == false)
    machine.handlerRemoved()
    #expect(machine.replyReceived() == .ignore)
    #expect(machine.startAnswering() == false)
    #expect(machine.drainRequested() == false)
    #expect(machine.closeRequested() == .none)
    #expect(machine.writabilityChanged(true) == .none)
  }

  @Test func anOverflowClosesAConnectionWhosePeerStoppedReading() {
    var machine = machine()
    machine.read(bytes("a\n"))
    #expect(machine.writabilityChanged(false) == .none)
    #expect(machine.startAnswering() == true)
    #expect(machine.linesAnswered(watchesNothing: false) == .pauseReading)
    #expect(machine.answeringFinished() == false)
    // Reading is paused already; the close does not pause it again.
    #expect(machine.closeRequested() == .close(pauseReading: false))
    #expect(machine.writabilityChanged(true) == .answerNext(cancelStallDeadline: false))
    #expect(machine.startAnswering() == true)
    #expect(waits(machine.nextLine()))
  }

  @Test func aClosedChannelDropsWhatWasReadAndIsForgottenOnceCounted() {
    var machine = machine()
    #expect(machine.opened() == true)
    #expect(machine.opened() == false)
    machine.read(bytes("change\nread\n"))
    #expect(machine.startAnswering() == true)
    #expect(answered(machine.nextLine()) == "change")
    #expect(machine.answeringFinished() == false)
    #expect(machine.channelInactive() == true)
    #expect(machine.replyReceived() == .writeAndAnswerNext)
    #expect(machine.startAnswering() == true)
    #expect(waits(machine.nextLine()))
    var neverOpened = Machine(splittingLinesUpTo: 10)
    #expect(neverOpened.channelInactive() == false)
  }
}
