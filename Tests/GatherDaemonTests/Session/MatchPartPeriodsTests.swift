import Clocks
import Foundation
import GatherModel
import GatherRPC
import GatherStore
import Testing

@testable import GatherDaemon

/// Two halves, a break and added time, as a subscriber sees them from the session on a test clock.
@Suite(.timeLimit(.minutes(1))) struct MatchPartPeriodsTests {
  let fixture: SessionFixture
  var clock: TestClock<Duration> { fixture.clock }
  var session: SessionFixture.Session { fixture.session }

  init() async throws {
    fixture = try await SessionFixture()
    _ = try await fixture.perform {
      try $0.startGather(teamA: [1], teamB: [2], bench: [], seconds: 3, periods: 2, breakSeconds: 2)
    }
    try await fixture.subscribe()
  }

  /// Each event as "topic:change" or "tick:display added state".
  func next() async throws -> [String] {
    try await fixture.nextEvents().map { event in
      let params = event.params
      if let change = params["change"]?.stringValue { return "\(event.method):\(change)" }
      let added = params["added"]?.stringValue.map { " " + $0 } ?? ""
      return "tick:\(params["display"]?.stringValue ?? "")\(added) \(params["state"]?.stringValue ?? "")"
    }
  }

  /// Collects events, moving the clock a hair past each next second, until `marker` is seen.
  func collect(until marker: String) async throws -> [String] {
    var seen: [String] = []
    while !seen.contains(marker) {
      let batch = try await next()
      seen += batch
      if !batch.contains(marker) { await clock.advance(by: .milliseconds(1001)) }
    }
    return seen
  }

  @Test func halvesBreakAndAddedTimeComeInOrder() async throws {
    _ = try await session.perform { try $0.timer(.start) }
    var seen = try await next()
    await clock.advance(by: .milliseconds(1001))
    seen += try await next()
    _ = try await session.perform { try $0.timer(.addTime(seconds: 2)) }
    seen += try await collect(until: "timer:breakEnded")
    let status = try session.view.timerStatus()
    #expect(status.state == .stopped && status.period == 2 && status.displaySeconds == 3)
    _ = try await session.perform { try $0.timer(.start) }
    seen += try await collect(until: "timer:finished")
    #expect(
      seen == [
        "timer:started", "tick:00:02 running", "timer:addedTime",
        "tick:00:01 +0:02 running", "tick:00:00 +0:02 running", "tick:00:00 +0:01 running",
        "tick:00:00 +0:00 break", "timer:periodEnded", "tick:00:01 break", "tick:00:00 stopped", "timer:breakEnded",
        "timer:started", "tick:00:02 running", "tick:00:01 running", "tick:00:00 finished", "timer:finished",
      ])
  }

  @Test func goalsKnowTheirHalfAndBadFormatsChangeNothing() async throws {
    _ = try await session.perform { try $0.timer(.start) }
    await #expect(throws: GatherError.invalidTransition) {
      try await session.perform { try $0.timer(.format(periods: 4, seconds: nil, breakSeconds: nil)) }
    }
    await clock.advance(by: .milliseconds(3001))
    _ = try await session.perform { try $0.timer(.start) }  // cuts the break short: the 2nd half
    await clock.advance(by: .milliseconds(1500))
    let goal = try await session.perform { try $0.goal(for: .teamA, by: 1) }
    #expect(goal.entry.period == 2 && goal.entry.matchTimeMs / 1000 == 1)
    let gatherID = try #require(session.view.currentGather?.gather.id)
    _ = try await session.perform { try $0.endGather() }
    let filed = try session.reader.record(gatherID).record.log.first
    #expect(filed?.period == 2 && filed.map { $0.matchTimeMs / 1000 } == 1)
  }
}
