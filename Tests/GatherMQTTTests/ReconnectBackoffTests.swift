import Testing

@testable import GatherMQTT

/// The waits between attempts to reach the broker again.
@Suite struct ReconnectBackoffTests {
  @Test func theWaitDoublesFromOneSecondUpToThirty() {
    var backoff = ReconnectBackoff()
    let waits = (0..<8).map { _ in backoff.next() }
    #expect(waits == [1, 2, 4, 8, 16, 30, 30, 30].map { Duration.seconds($0) })
  }

  @Test func reachingTheBrokerStartsOver() {
    var backoff = ReconnectBackoff()
    for _ in 0..<10 { _ = backoff.next() }
    backoff.reset()
    #expect(backoff.next() == .seconds(1))
  }
}
