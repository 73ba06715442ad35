import Clocks
import Foundation
import GatherModel
import GatherRPC
import GatherStore
import Testing

@testable import GatherDaemon

/// The session on a test clock and an in-memory store, on real event loops: the events a subscriber sees, in
/// order.
@Suite(.timeLimit(.minutes(1))) struct SessionEventTests {
  let fixture: SessionFixture
  var clock: TestClock<Duration> { fixture.clock }
  var session: SessionFixture.Session { fixture.session }

  init() async throws {
    fixture = try await SessionFixture()
    _ = try await fixture.perform { try $0.startGather(teamA: [1], teamB: [2], bench: [], seconds: 5) }
  }

  @discardableResult
  func subscribe(_ topics: Set<Topic> = Set(Topic.allCases)) async throws -> SessionView {
    try await fixture.subscribe(topics)
  }

  func nextEvents() async throws -> [(seq: Int64, method: String, params: JSONValue)] {
    try await fixture.nextEvents()
  }

  @Test func aMatchTicksEverySecondInSeqOrderThenFinishesOnce() async throws {
    var seq = try await subscribe().seq
    _ = try await session.perform { try $0.timer(.start) }
    var seen: [String] = []
    while !seen.contains("timer:finished") {
      if seen.last?.hasPrefix("tick") == true || seen.last == "timer:started" {
        // A hair past the tick: TestClock keeps a sleep whose deadline equals `now` suspended until the next
        // advance, so an alarm armed just after an exact advance would never ring.
        await clock.advance(by: .milliseconds(1001))
      }
      for event in try await nextEvents() {
        #expect(event.seq == seq + 1)
        seq = event.seq
        let detail = event.params["change"]?.stringValue ?? event.params["display"]?.stringValue ?? ""
        seen.append("\(event.method):\(detail)")
      }
    }
    #expect(
      seen == [
        "timer:started", "tick:00:04", "tick:00:03", "tick:00:02", "tick:00:01", "tick:00:00", "timer:finished",
      ])
  }

  @Test func nothingTicksWhilePausedAndThePhaseIsKept() async throws {
    try await subscribe()
    _ = try await session.perform { try $0.timer(.start) }
    await clock.advance(by: .milliseconds(1500))
    _ = try await session.perform { try $0.timer(.pause) }
    await clock.advance(by: .seconds(60))
    _ = try await session.perform { try $0.goal(for: .teamA, by: nil) }
    var methods: [String] = []
    while !methods.contains("score") { methods += try await nextEvents().map(\.method) }
    #expect(methods == ["timer", "tick", "timer", "score"])  // started, 00:04, paused, goal
    _ = try await session.perform { try $0.timer(.resume) }
    await clock.advance(by: .milliseconds(499))
    let status = try session.view.timerStatus()
    #expect(status.remainingMs == 3001)
    await clock.advance(by: .milliseconds(2))  // past the tick, never exactly on it (see above)
    var tick: JSONValue?
    while tick == nil { tick = try await nextEvents().first { $0.method == "tick" }?.params }
    #expect(tick?["remaining"] == 3)
  }

  @Test func theSnapshotMatchesItsSeq() async throws {
    _ = try await session.perform { try $0.goal(for: .teamB, by: 2) }
    let view = try await subscribe([.score])
    let snapshot = try #require(view.subscriptionSnapshot)
    #expect(snapshot.gather.score.text == "0-1")
    #expect(snapshot.timer.displaySeconds == 5)
    // The next event is the first one the snapshot does not include, and comes right after its seq.
    _ = try await session.perform { try $0.goal(for: .teamA, by: nil) }
    let events = try await nextEvents()
    #expect(events.map(\.seq) == [view.seq + 1])
    #expect(events.first?.params["score"]?["text"] == "1-1")
  }

  @Test func aRefusedCommandPublishesNothingAndChangesNothing() async throws {
    let seq = try await subscribe().seq
    await #expect(throws: GatherError.invalidTransition) { try await session.perform { try $0.timer(.pause) } }
    await #expect(throws: GatherError.validation("player", "")) {
      try await session.perform { try $0.goal(for: .teamA, by: 2) }
    }
    await #expect(throws: GatherError.playerInActiveGather) { try await session.perform { try $0.deletePlayer(1) } }
    #expect(session.hub.seq == seq)
    #expect(try session.view.activeGather().score.text == "0-0")
  }
}
