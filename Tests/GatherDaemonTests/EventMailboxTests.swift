import GatherRPC
import Testing

@testable import GatherDaemon

/// A subscriber that stops reading costs bounded memory and never holds anyone up.
@Suite struct EventMailboxTests {
  func event(_ seq: Int64, _ topic: Topic) -> EncodedEvent {
    EncodedEvent(seq: seq, topic: topic, payload: ["n": .int(seq)])
  }

  @Test func eventsWaitUntilTheSubscriptionIsReleased() async {
    let mailbox = EventMailbox()
    mailbox.open(1)
    mailbox.deliver(event(1, .score), to: 1)
    mailbox.release(1)
    guard case .events(let events) = await mailbox.next() else {
      Issue.record("expected events")
      return
    }
    #expect(events.map(\.event.seq) == [1])
  }

  @Test func pendingTicksCoalesceAndTheOrderIsKept() async {
    let mailbox = EventMailbox()
    mailbox.open(1)
    mailbox.release(1)
    mailbox.deliver(event(1, .tick), to: 1)
    mailbox.deliver(event(2, .score), to: 1)
    mailbox.deliver(event(3, .tick), to: 1)
    mailbox.deliver(event(4, .tick), to: 1)
    mailbox.deliver(event(5, .timer), to: 1)
    guard case .events(let events) = await mailbox.next() else {
      Issue.record("expected events")
      return
    }
    #expect(events.map(\.event.seq) == [2, 4, 5])
  }

  @Test func aSubscriberTooFarBehindOverflowsInsteadOfGrowing() async {
    let mailbox = EventMailbox()
    mailbox.open(1)
    mailbox.release(1)
    for seq in 1...Int64(EventMailbox.capacity + 10) { mailbox.deliver(event(seq, .players), to: 1) }
    guard case .overflow(let subscription) = await mailbox.next() else {
      Issue.record("expected an overflow")
      return
    }
    #expect(subscription == 1)
    #expect(mailbox.isEmpty)
  }

  @Test func closingWakesTheWriter() async {
    let mailbox = EventMailbox()
    mailbox.open(1)
    let writer = Task { await mailbox.next() }
    while !mailbox.hasWaiter { await Task.yield() }  // the writer is suspended, so only close can wake it
    mailbox.close()
    #expect(await writer.value == nil)
  }

  @Test func aNotificationLineCarriesTheSubscriptionAndSeq() throws {
    var bytes: [UInt8] = []
    event(7, .score).line(for: 3, into: &bytes)
    #expect(bytes.last == UInt8(ascii: "\n"))
    let message = try JSONParser.parse(Array(bytes.dropLast()))
    #expect(message["method"] == "score")
    #expect(message["params"]?["subscription"] == 3)
    #expect(message["params"]?["seq"] == 7)
    #expect(message["params"]?["n"] == 7)
  }
}
