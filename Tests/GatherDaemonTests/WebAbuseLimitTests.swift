import Clocks
import Testing

@testable import GatherDaemon

/// The small state machines that keep the web listener quiet under abuse, on a test clock: refusals logged
/// once a minute per client with a count, and wrong-token guesses limited per client; both with bounded memory.
@Suite struct WebAbuseLimitTests {
  @Test func aFloodOfRefusalsIsLoggedOnceAMinuteWithItsCount() async {
    let clock = TestClock()
    var log = RefusalLog(clock: clock)
    #expect(log.refused(by: "192.168.1.50") == .log(earlier: 0))
    for _ in 0..<9_999 { #expect(log.refused(by: "192.168.1.50") == .count) }
    #expect(log.refused(by: "192.168.1.51") == .log(earlier: 0), "each client has its own minute")
    await clock.advance(by: .seconds(59))
    #expect(log.endWindows().isEmpty, "the minute is not over")
    await clock.advance(by: .seconds(1))
    let ended = log.endWindows()
    #expect(ended.map(\.address) == ["192.168.1.50"] && ended.map(\.count) == [9_999])
    // The flood goes on: counted in the next minute, not logged one by one.
    #expect(log.refused(by: "192.168.1.50") == .count)
    await clock.advance(by: .seconds(60))
    #expect(log.endWindows().map(\.count) == [1])
    // A quiet minute ends the address's entry; the next refusal is logged at once.
    await clock.advance(by: .seconds(60))
    #expect(log.endWindows().isEmpty)
    #expect(log.trackedCount == 0)
    #expect(log.nextWindowEnd == nil, "nothing tracked: no timer is needed")
    #expect(log.refused(by: "192.168.1.50") == .log(earlier: 0))
  }

  @Test func aMinuteWhoseCountWasNotLoggedYetGoesWithTheNextLine() async {
    let clock = TestClock()
    var log = RefusalLog(clock: clock)
    _ = log.refused(by: "a")
    for _ in 0..<5 { _ = log.refused(by: "a") }
    await clock.advance(by: .seconds(61))
    #expect(log.refused(by: "a") == .log(earlier: 5))
  }

  @Test func manyAddressesShareOneEntryPastTheCapacity() {
    var log = RefusalLog(clock: TestClock(), capacity: 4)
    for index in 0..<4 { #expect(log.refused(by: "10.0.0.\(index)") == .log(earlier: 0)) }
    #expect(log.refused(by: "10.0.0.4") == .log(earlier: 0), "the shared entry's first refusal is logged")
    for index in 5..<1000 { #expect(log.refused(by: "10.0.0.\(index)") == .count) }
    #expect(log.trackedCount == 5)
  }

  @Test func fiveWrongGuessesThenNoneUntilTimePasses() async {
    let clock = TestClock()
    var limiter = GuessLimiter(clock: clock)
    for _ in 0..<GuessLimiter<TestClock<Duration>>.allowance {
      #expect(limiter.wait(for: "192.168.1.50") == nil)
      limiter.wrong("192.168.1.50")
    }
    #expect(limiter.wait(for: "192.168.1.50") == .seconds(12))
    #expect(limiter.wait(for: "192.168.1.51") == nil, "another address guesses on")
    await clock.advance(by: .seconds(6))
    #expect(limiter.wait(for: "192.168.1.50") == .seconds(6))
    await clock.advance(by: .seconds(6))
    #expect(limiter.wait(for: "192.168.1.50") == nil, "one more guess every 12 s")
    limiter.wrong("192.168.1.50")
    #expect(limiter.wait(for: "192.168.1.50") == .seconds(12))
    await clock.advance(by: .seconds(60))
    limiter.right("192.168.1.50")
    #expect(limiter.trackedCount == 0, "the right token forgets the wrong ones")
  }

  @Test func guessersWithManyAddressesShareOneAllowancePastTheCapacity() async {
    let clock = TestClock()
    var limiter = GuessLimiter(clock: clock, capacity: 8)
    for index in 0..<100 { limiter.wrong("10.0.0.\(index)") }
    #expect(limiter.trackedCount == 9)
    #expect(limiter.wait(for: "10.0.0.99") != nil, "the shared entry ran out of guesses")
    // The shared entry took 92 wrong guesses: 92 × 12 s later it has run out too.
    await clock.advance(by: .seconds(92 * 12))
    #expect(limiter.wait(for: "10.0.0.200") == nil)
    limiter.wrong("10.0.0.200")
    #expect(limiter.trackedCount == 1, "entries whose guesses ran out are dropped to make room")
  }

  @Test func anAddressAddsTwentyNewNamesInARowThenOneEveryThreeMinutes() async {
    let clock = TestClock()
    var limiter = NewNameLimiter(clock: clock)
    for _ in 0..<20 { #expect(limiter.take("192.168.1.50") == nil) }
    #expect(limiter.take("192.168.1.50") == .seconds(180), "the 21st waits for the first to stop counting")
    #expect(limiter.take("192.168.1.51") == nil, "each address has its own")
    await clock.advance(by: .seconds(180))
    #expect(limiter.take("192.168.1.50") == nil)
    #expect(limiter.take("192.168.1.50") != nil)
    await clock.advance(by: .seconds(3600))
    for _ in 0..<20 { #expect(limiter.take("192.168.1.50") == nil) }
  }
}
