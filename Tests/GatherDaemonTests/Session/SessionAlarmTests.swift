import Clocks
import Foundation
import NIOCore
import NIOPosix
import Synchronization
import Testing

@testable import GatherDaemon

/// The one alarm type the session's clock, vote close and agenda share: it rings once at its moment, a new
/// setting replaces the old (whose late ring is told apart by its generation), and a cancelled alarm never rings.
@Suite struct SessionAlarmTests {
  let clock = TestClock()
  let loop = MultiThreadedEventLoopGroup.singleton.next()

  /// The generations that rang, in order, as the alarm's owner sees them.
  final class Rings: Sendable {
    let rang = Mutex<[Int]>([])

    func ring(_ generation: Int) {
      rang.withLock { $0.append(generation) }
    }
  }

  var alarms: AlarmClock { AlarmClock(clock, sessionLoop: loop, subscribersLoop: loop) }

  /// The first generation that rang, waiting for it while nudging the test clock: an alarm's task may start its
  /// sleep only once the clock stands at its moment, and the test clock wakes a sleeper only when it moves.
  func firstRing(_ rings: Rings, sourceLocation: SourceLocation = #_sourceLocation) async -> Int? {
    for _ in 0..<10_000 {
      if let first = rings.rang.withLock({ $0.first }) { return first }
      await clock.advance(by: .zero)
      await Task.yield()
    }
    Issue.record("the alarm never rang", sourceLocation: sourceLocation)
    return nil
  }

  @Test func itRingsOnceAtItsMomentWithItsGeneration() async {
    var alarm = SessionAlarm()
    let rings = Rings()
    alarm.set(at: .seconds(10), on: loop, clock: alarms) { rings.ring($0) }
    #expect(alarm.isSet)
    await clock.advance(by: .seconds(9))
    #expect(rings.rang.withLock { $0 } == [], "not before its moment")
    await clock.advance(by: .seconds(1))
    let generation = await firstRing(rings)
    #expect(generation.map(alarm.isCurrent) == true)
    alarm.rang()
    #expect(!alarm.isSet)
  }

  @Test func settingItAgainReplacesTheEarlierSetting() async {
    var alarm = SessionAlarm()
    let rings = Rings()
    alarm.set(at: .seconds(10), on: loop, clock: alarms) { rings.ring($0) }
    alarm.set(at: .seconds(20), on: loop, clock: alarms) { rings.ring($0) }
    await clock.advance(by: .seconds(20))
    let generation = await firstRing(rings)
    #expect(rings.rang.withLock { $0 } == [2], "only the second setting rings")
    #expect(generation.map(alarm.isCurrent) == true)
    #expect(!alarm.isCurrent(1), "a ring of the replaced setting would be stale")
  }

  @Test func aCancelledAlarmNeverRings() async {
    var alarm = SessionAlarm()
    let rings = Rings()
    alarm.set(at: .seconds(5), on: loop, clock: alarms) { rings.ring($0) }
    alarm.cancel()
    #expect(!alarm.isSet)
    // Another alarm, later, rings: by then the cancelled one would have rung first.
    var later = SessionAlarm()
    later.set(at: .seconds(6), on: loop, clock: alarms) { rings.ring($0 + 100) }
    await clock.advance(by: .seconds(10))
    _ = await firstRing(rings)
    #expect(rings.rang.withLock { $0 } == [101])
  }

  @Test func aWallClockMomentIsWaitedForOnTheMonotonicClock() async {
    var alarm = SessionAlarm()
    let rings = Rings()
    let wallNow = Date(timeIntervalSince1970: 1_800_000_000)
    alarm.set(atWall: wallNow.addingTimeInterval(90), wallNow: wallNow, on: loop, clock: alarms) { rings.ring($0) }
    await clock.advance(by: .seconds(89))
    #expect(rings.rang.withLock { $0 } == [])
    await clock.advance(by: .seconds(1))
    #expect(await firstRing(rings) == 1)
  }
}
