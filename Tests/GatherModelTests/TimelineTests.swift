import Clocks
import GatherModel
import Testing

/// The match clock driven by an injected clock, the way the daemon drives it: sleep until the next tick,
/// then advance. A test clock runs a whole match in milliseconds.
///
/// The tests advance the test clock to just past each tick, never exactly onto it: TestClock keeps a sleep whose
/// deadline equals `now` suspended until the next advance, so a sleeper that registers just after an exact
/// advance would wait forever (the real clocks return at once for a deadline that is not in the future).
@Suite(.timeLimit(.minutes(1))) struct TimelineTests {
  static let pastTheTick = Duration.microseconds(500)

  /// Runs the daemon's tick loop until the clock stops running, collecting every event.
  static func drive(_ clock: MatchClock, on timeline: Timeline<TestClock<Duration>>) async throws -> [MatchClock.Event]
  {
    var clock = clock
    var events: [MatchClock.Event] = []
    while let next = clock.nextTick {
      try await timeline.sleep(until: next)
      events += clock.advance(to: timeline.now)
    }
    return events
  }

  @Test func aNinetyMinuteMatchTicks5400TimesInOrderThenFinishesOnce() async throws {
    let testClock = TestClock()
    let timeline = Timeline(clock: testClock)
    var clock = try MatchClock(seconds: 90 * 60)
    _ = try clock.start(at: timeline.now)
    let driver = Task { [clock] in try await Self.drive(clock, on: timeline) }

    await testClock.advance(by: .seconds(5400) + Self.pastTheTick)
    let events = try await driver.value

    #expect(events.ticks == Array((0..<5400).reversed()))
    #expect(events.filter { $0 == .finished }.count == 1)
    #expect(events.last == .finished)
    #expect(timeline.now == .seconds(5400) + Self.pastTheTick)
  }

  @Test func eachTickWakesTheLoopExactlyAtItsSecond() async throws {
    let testClock = TestClock()
    let timeline = Timeline(clock: testClock)
    var clock = try MatchClock(seconds: 90 * 60)
    _ = try clock.start(at: timeline.now)
    await testClock.advance(by: Self.pastTheTick)
    for elapsed in 1...(90 * 60) {
      let next = try #require(clock.nextTick)
      #expect(next == .seconds(elapsed))
      let sleeper = Task { try await timeline.sleep(until: next) }
      await testClock.advance(by: .seconds(1))
      try await sleeper.value
      #expect(clock.advance(to: timeline.now).first == .tick(remainingSeconds: 90 * 60 - elapsed))
    }
    #expect(clock.state == .finished)
  }

  @Test func nothingTicksBeforeItsSecond() async throws {
    let testClock = TestClock()
    let timeline = Timeline(clock: testClock)
    var clock = try MatchClock(seconds: 10)
    _ = try clock.start(at: timeline.now)
    let next = try #require(clock.nextTick)
    let sleeper = Task { try await timeline.sleep(until: next) }
    await testClock.advance(by: .milliseconds(999))
    #expect(clock.advance(to: timeline.now).isEmpty)
    await testClock.advance(by: .milliseconds(1) + Self.pastTheTick)
    try await sleeper.value
    #expect(clock.advance(to: timeline.now) == [.tick(remainingSeconds: 9)])
  }
}
