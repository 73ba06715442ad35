import Foundation
import GatherModel
import Testing

/// A clock saved by one process and restored by the next, which has a new monotonic origin.
@Suite struct MatchClockRestoreTests {
  let savedAt = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func aRunningClockKeepsCountingThroughTheDowntime() throws {
    var clock = try MatchClock(seconds: 600)
    _ = try clock.start(at: .seconds(50))
    _ = clock.advance(to: .seconds(80.4))  // 9:29.6 left
    let snapshot = clock.snapshot(at: .seconds(80.4), wallNow: savedAt)
    #expect(snapshot.state == .running)
    #expect(snapshot.endsAt == savedAt.addingTimeInterval(569.6))

    // The new process starts 12.5 s later, with its own moment zero.
    var restored = MatchClock(restoring: snapshot, at: .zero, wallNow: savedAt.addingTimeInterval(12.5))
    #expect(restored.state == .running)
    #expect(abs((restored.remaining(at: .zero) - .seconds(557.1)).inSeconds) < 0.001)
    #expect(restored.display(at: .zero) == "09:18")
    // Phase is kept: 557.1 s left, so the tick for 557 comes 0.1 s later.
    let next = try #require(restored.nextTick)
    #expect(abs((next - .seconds(0.1)).inSeconds) < 0.001)
    #expect(restored.advance(to: next) == [.tick(remainingSeconds: 557)])
  }

  @Test func aRunningClockWhoseDeadlinePassedInTheDowntimeComesBackFinished() throws {
    var clock = try MatchClock(seconds: 60)
    _ = try clock.start(at: .zero)
    let snapshot = clock.snapshot(at: .seconds(30), wallNow: savedAt)
    var restored = MatchClock(restoring: snapshot, at: .seconds(5), wallNow: savedAt.addingTimeInterval(31))
    #expect(restored.state == .finished)
    #expect(restored.remaining(at: .seconds(5)) == .zero)
    #expect(restored.advance(to: .seconds(100)).isEmpty)
    #expect(restored.reset(at: .seconds(6)).isEmpty)
    #expect(restored.display(at: .seconds(6)) == "01:00")
  }

  @Test func aPausedClockComesBackPausedWithTheSameTimeLeft() throws {
    var clock = try MatchClock(seconds: 600)
    _ = try clock.start(at: .zero)
    _ = try clock.pause(at: .milliseconds(169_600))  // 7:10.4 left
    let snapshot = clock.snapshot(at: .seconds(169.6), wallNow: savedAt)
    #expect(snapshot.endsAt == nil)
    var restored = MatchClock(restoring: snapshot, at: .seconds(3), wallNow: savedAt.addingTimeInterval(3600))
    #expect(restored.state == .paused)
    #expect(restored.remaining(at: .seconds(3)) == .milliseconds(430_400))
    _ = try restored.resume(at: .seconds(10))
    #expect(restored.nextTick == .milliseconds(10_400))
    #expect(restored.advance(to: .milliseconds(10_400)) == [.tick(remainingSeconds: 430)])
  }

  @Test func aClockPausedWithLessThanAMillisecondLeftStillAnnouncesZeroAndFinishes() throws {
    var clock = try MatchClock(seconds: 5)
    _ = try clock.start(at: .zero)
    _ = clock.advance(to: .nanoseconds(4_999_999_700))
    _ = try clock.pause(at: .nanoseconds(4_999_999_700))  // 300 ns left
    let snapshot = clock.snapshot(at: .seconds(5), wallNow: savedAt)
    #expect(snapshot.remainingMs == 1)
    var restored = MatchClock(restoring: snapshot, at: .zero, wallNow: savedAt)
    #expect(restored.state == .paused)
    _ = try restored.resume(at: .seconds(1))
    #expect(restored.advance(to: .milliseconds(1001)) == [.tick(remainingSeconds: 0), .finished])
  }

  @Test func aClockSavedPausedAtZeroComesBackFinished() {
    let snapshot = MatchClock.Snapshot(state: .paused, durationMs: 60_000, remainingMs: 0, endsAt: nil)
    #expect(MatchClock(restoring: snapshot, at: .zero, wallNow: savedAt).state == .finished)
  }

  @Test func stoppedAndFinishedClocksComeBackAsTheyWere() throws {
    let stopped = try MatchClock(seconds: 420)
    let restoredStopped = MatchClock(
      restoring: stopped.snapshot(at: .zero, wallNow: savedAt), at: .seconds(9), wallNow: savedAt)
    #expect(restoredStopped == stopped)

    var finished = try MatchClock(seconds: 1)
    _ = try finished.start(at: .zero)
    _ = finished.advance(to: .seconds(1))
    let restoredFinished = MatchClock(
      restoring: finished.snapshot(at: .seconds(2), wallNow: savedAt), at: .zero, wallNow: savedAt)
    #expect(restoredFinished.state == .finished)
    #expect(restoredFinished.duration == .seconds(1))
  }
}
