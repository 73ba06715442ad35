import Clocks
import Foundation
import GatherModel
import GatherRPC
import GatherStore
import Testing

@testable import GatherDaemon

/// The session on a test clock and an in-memory store: the events a subscriber sees, in order.
@Suite(.timeLimit(.minutes(1))) struct SessionEventTests {
  let clock = TestClock()
  let session: GatherSession<TestClock<Duration>>
  let mailbox = EventMailbox()

  init() async throws {
    session = try GatherSession(
      store: .inMemory(), clock: clock, wallClock: { Date(timeIntervalSince1970: 1_800_000_000) })
    await session.start()
    for name in ["Ana", "Bruno"] { _ = try await session.createPlayer(PlayerDetails(name: name)) }
    _ = try await session.startGather(teamA: [1], teamB: [2], bench: [], seconds: 5)
  }

  /// Subscribes to every topic and returns the seq the subscription starts after.
  func subscribe() async -> Int64 {
    let reply = await session.subscribe(Set(Topic.allCases), mailbox: mailbox)
    mailbox.release(reply["subscription"]!.intValue!)
    return reply["seq"]!.intValue!
  }

  /// The next events, decoded: (seq, topic, params).
  func nextEvents() async throws -> [(seq: Int64, method: String, params: JSONValue)] {
    guard case .events(let events) = await mailbox.next() else { throw CancellationError() }
    return try events.map { subscription, event in
      var bytes: [UInt8] = []
      event.line(for: subscription, into: &bytes)
      let message = try JSONParser.parse(Array(bytes.dropLast()))
      return (event.seq, message["method"]!.stringValue!, message["params"]!)
    }
  }

  @Test func aMatchTicksEverySecondInSeqOrderThenFinishesOnce() async throws {
    var seq = await subscribe()
    _ = try await session.timer(.start)
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
    _ = await subscribe()
    _ = try await session.timer(.start)
    await clock.advance(by: .milliseconds(1500))
    _ = try await session.timer(.pause)
    await clock.advance(by: .seconds(60))
    _ = try await session.goal(for: .teamA, by: nil)
    var methods: [String] = []
    while !methods.contains("score") { methods += try await nextEvents().map(\.method) }
    #expect(methods == ["timer", "tick", "timer", "score"])  // started, 00:04, paused, goal
    _ = try await session.timer(.resume)
    await clock.advance(by: .milliseconds(499))
    let status = try await session.timerStatus()
    #expect(status["remainingMs"] == 3001)
    await clock.advance(by: .milliseconds(2))  // past the tick, never exactly on it (see above)
    var tick: JSONValue?
    while tick == nil { tick = try await nextEvents().first { $0.method == "tick" }?.params }
    #expect(tick?["remaining"] == 3)
  }

  @Test func theSnapshotMatchesItsSeq() async throws {
    _ = try await session.goal(for: .teamB, by: 2)
    let reply = await session.subscribe([.score], mailbox: mailbox)
    mailbox.release(try #require(reply["subscription"]?.intValue))
    #expect(reply["snapshot"]?["score"]?["text"] == "0-1")
    #expect(reply["snapshot"]?["timer"]?["display"] == "00:05")
    // The next event is the first one the snapshot does not include, and comes right after its seq.
    _ = try await session.goal(for: .teamA, by: nil)
    let events = try await nextEvents()
    #expect(events.map(\.seq) == [try #require(reply["seq"]?.intValue) + 1])
    #expect(events.first?.params["score"]?["text"] == "1-1")
  }

  @Test func aRefusedCommandPublishesNothingAndChangesNothing() async throws {
    let seq = await subscribe()
    await #expect(throws: GatherError.invalidTransition) { try await session.timer(.pause) }
    await #expect(throws: GatherError.validation("player", "")) { try await session.goal(for: .teamA, by: 2) }
    await #expect(throws: GatherError.playerInActiveGather) { try await session.deletePlayer(1) }
    #expect(session.hub.seq == seq)
    #expect(try await session.scoreStatus()["score"]?["text"] == "0-0")
  }
}
