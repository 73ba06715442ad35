import GatherRPC
import Testing

@testable import GatherDaemon

/// A subscriber that stops reading costs bounded memory and never holds anyone up.
@Suite struct EventBacklogTests {
  func event(_ seq: Int64, _ topic: Topic) -> PublishedEvent {
    SampleEvents.published(seq, topic)
  }

  func hold(_ backlog: inout EventBacklog, _ event: PublishedEvent, for subscription: Int64) -> Bool {
    backlog.hold(event, for: subscription)
  }

  func take(_ backlog: inout EventBacklog, keeping kept: Set<Int64> = []) -> [(
    subscription: Int64, event: PublishedEvent
  )] {
    backlog.take(keeping: kept)
  }

  @Test func heldTicksCoalesceAndTheOrderIsKept() {
    var backlog = EventBacklog()
    for (seq, topic) in [(1, Topic.tick), (2, .score), (3, .tick), (4, .tick), (5, .timer)] {
      #expect(hold(&backlog, event(Int64(seq), topic), for: 1))
    }
    #expect(take(&backlog).map(\.event.seq) == [2, 4, 5])
    #expect(backlog.isEmpty)
  }

  @Test func severalSubscriptionsComeOutInSeqOrder() {
    var backlog = EventBacklog()
    #expect(hold(&backlog, event(3, .score), for: 2))
    #expect(hold(&backlog, event(1, .score), for: 1))
    #expect(hold(&backlog, event(2, .tick), for: 2))
    #expect(hold(&backlog, event(4, .players), for: 1))
    let taken = take(&backlog)
    #expect(taken.map(\.event.seq) == [1, 2, 3, 4])
    #expect(taken.map(\.subscription) == [1, 2, 2, 1])
  }

  @Test func aSubscriptionWhoseReplyIsUnwrittenKeepsWaiting() {
    var backlog = EventBacklog()
    #expect(hold(&backlog, event(1, .score), for: 1))
    #expect(hold(&backlog, event(2, .score), for: 2))
    #expect(take(&backlog, keeping: [2]).map(\.event.seq) == [1])
    #expect(!backlog.isEmpty)
    #expect(take(&backlog).map(\.event.seq) == [2])
  }

  @Test func aSubscriberTooFarBehindOverflowsInsteadOfGrowing() {
    var backlog = EventBacklog()
    for seq in 1...Int64(EventBacklog.capacity) { #expect(hold(&backlog, event(seq, .players), for: 1)) }
    // Ticks never overflow: they replace each other.
    #expect(hold(&backlog, event(9000, .tick), for: 1))
    #expect(!hold(&backlog, event(9001, .players), for: 1))
    #expect(backlog.isEmpty, "an overflowed subscription holds nothing more")
  }

  @Test func aWebConnectionsSubscriptionsShareOneCapacity() {
    // 64 subscriptions that each stay under the per-subscription capacity still overflow together.
    var backlog = EventBacklog(connectionCapacity: EventBacklog.capacity)
    var held = 0
    var overflowed: Int64?
    outer: for seq in 1...Int64(100) {
      for subscription in 1...Int64(64) {
        guard hold(&backlog, event(seq * 100 + subscription, .players), for: subscription) else {
          overflowed = subscription
          break outer
        }
        held += 1
      }
    }
    #expect(held == EventBacklog.capacity)
    #expect(overflowed != nil)
    // What the overflowed subscription held is gone; the others' events still go out, and make room again.
    let taken = take(&backlog)
    #expect(taken.count == EventBacklog.capacity - 16)
    #expect(hold(&backlog, event(999_999, .players), for: 1))
  }

  @Test func aNotificationLineCarriesTheSubscriptionAndSeq() throws {
    var bytes: [UInt8] = []
    event(7, .score).line.write(for: 3, into: &bytes)
    #expect(bytes.last == UInt8(ascii: "\n"))
    let message = try JSONParser.parse(Array(bytes.dropLast()))
    #expect(message["method"] == "score")
    #expect(message["params"]?["subscription"] == 3)
    #expect(message["params"]?["seq"] == 7)
    #expect(message["params"]?["change"] == "correction")
    #expect(message["params"]?["score"]?["text"] == "7-0")
  }
}
