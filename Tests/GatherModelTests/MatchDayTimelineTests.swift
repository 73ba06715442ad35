import Clocks
import GatherModel
import Testing

/// A whole match day on the test clock: 2 × 45 minutes, a 15-minute break, and added time in each half.
@Suite(.timeLimit(.minutes(1))) struct MatchDayTimelineTests {
  static let pastTheTick = Duration.microseconds(500)

  /// Wakes at every tick up to `end` (or until the clock stops ticking), the way the daemon's alarm does, and
  /// collects what the clock announces.
  static func drive(
    _ clock: inout MatchClock, until end: Duration? = nil, on testClock: TestClock<Duration>,
    _ timeline: Timeline<TestClock<Duration>>
  ) async throws -> [MatchClock.Event] {
    var events: [MatchClock.Event] = []
    while let next = clock.nextTick, next <= end ?? next {
      let sleeper = Task { try await timeline.sleep(until: next) }
      await testClock.advance(by: next + pastTheTick - timeline.now)
      try await sleeper.value
      events += clock.advance(to: timeline.now)
    }
    return events
  }

  static func ticks(_ seconds: ClosedRange<Int>) -> [MatchClock.Event] {
    seconds.reversed().map { .tick(remainingSeconds: $0) }
  }

  @Test func twoHalvesWithABreakAndAddedTimeGiveExactlyTheRightEventsInOrder() async throws {
    let testClock = TestClock()
    let timeline = Timeline(clock: testClock)
    var clock = try MatchClock(periods: 2, seconds: 45 * 60, breakSeconds: 15 * 60)
    var events: [MatchClock.Event] = []

    _ = try clock.start(at: timeline.now)
    events += try await Self.drive(&clock, until: .seconds(44 * 60), on: testClock, timeline)
    #expect(clock.displaySeconds(at: timeline.now) == 60)
    _ = try clock.addTime(seconds: 120, at: timeline.now)  // 2 minutes added in the 1st half
    #expect(clock.addedRemainingSeconds(at: timeline.now) == 120)
    events += try await Self.drive(&clock, until: .seconds(46 * 60), on: testClock, timeline)
    #expect(clock.displaySeconds(at: timeline.now) == 0 && clock.addedRemainingSeconds(at: timeline.now) == 60)
    events += try await Self.drive(&clock, on: testClock, timeline)
    #expect(clock.state == .stopped && clock.period == 2)
    #expect(timeline.now == .seconds(47 * 60 + 15 * 60) + Self.pastTheTick)

    await testClock.advance(by: .seconds(100))  // the referee takes a moment; nothing ticks meanwhile
    let secondHalf = timeline.now
    _ = try clock.start(at: secondHalf)
    events += try await Self.drive(&clock, until: secondHalf + .seconds(35 * 60), on: testClock, timeline)
    _ = try clock.pause(at: timeline.now)
    await testClock.advance(by: .seconds(30))
    _ = try clock.addTime(seconds: 90, at: timeline.now)  // 1:30 added while paused in the 2nd half
    _ = try clock.resume(at: timeline.now)
    events += try await Self.drive(&clock, on: testClock, timeline)

    let expected: [MatchClock.Event] =
      Self.ticks(60...2699) + Self.ticks(0...179) + [.periodEnded(period: 1)]
      + (0...899).reversed().map { .breakTick(remainingSeconds: $0) } + [.breakEnded(nextPeriod: 2)]
      + Self.ticks(600...2699) + Self.ticks(0...689) + [.finished]
    #expect(events.count == expected.count)
    #expect(events == expected)
    #expect(clock.state == .finished && clock.period == 2 && clock.nextTick == nil)
    #expect(timeline.now == secondHalf + .seconds(45 * 60 + 90 + 30) + Self.pastTheTick)
  }
}
