import Foundation
import GatherModel
import Testing

/// Periods, the break between them and added time, driven by explicit moments.
@Suite struct MatchPeriodsTests {
  let savedAt = Date(timeIntervalSince1970: 1_800_000_000)

  @Test(arguments: [0, 5, -1]) func aMatchHasOneToFourPeriods(periods: Int) throws {
    #expect(throws: GatherError.validation("periods", "")) {
      try MatchClock(periods: periods, seconds: 60, breakSeconds: 0)
    }
    var clock = try MatchClock()
    #expect(throws: GatherError.validation("periods", "")) {
      try clock.format(periods: periods, seconds: nil, breakSeconds: nil, at: .zero)
    }
    #expect(clock == (try MatchClock()))
  }

  @Test func breaksLastUpToThirtyMinutes() throws {
    #expect(throws: GatherError.validation("breakLength", "")) {
      try MatchClock(periods: 2, seconds: 60, breakSeconds: 1801)
    }
    #expect(try MatchClock(periods: 2, seconds: 60, breakSeconds: 1800).breakLength == .seconds(1800))
  }

  @Test func theFormatChangesOnlyBeforeKickOff() throws {
    var clock = try MatchClock()
    _ = try clock.format(periods: 2, seconds: 2700, breakSeconds: 900, at: .zero)
    #expect(clock.periods == 2 && clock.duration == .seconds(2700) && clock.breakLength == .seconds(900))
    _ = try clock.start(at: .zero)
    let before = clock
    #expect(throws: GatherError.invalidTransition) {
      try clock.format(periods: 3, seconds: nil, breakSeconds: nil, at: .seconds(1))
    }
    #expect(clock == before)
  }

  @Test func aPeriodEndsIntoTheBreakThenWaitsStoppedForTheReferee() throws {
    var clock = try MatchClock(periods: 2, seconds: 3, breakSeconds: 2)
    _ = try clock.start(at: .zero)
    #expect(
      clock.advance(to: .seconds(10)) == [
        .tick(remainingSeconds: 2), .tick(remainingSeconds: 1), .tick(remainingSeconds: 0), .periodEnded(period: 1),
        .breakTick(remainingSeconds: 1), .breakTick(remainingSeconds: 0), .breakEnded(nextPeriod: 2),
      ])
    #expect(clock.state == .stopped && clock.period == 2 && clock.nextTick == nil)
    #expect(clock.display(at: .seconds(10)) == "00:03")
    _ = try clock.start(at: .seconds(20))
    #expect(clock.advance(to: .seconds(23)).suffix(2) == [.tick(remainingSeconds: 0), .finished])
    #expect(clock.state == .finished && clock.period == 2)
  }

  @Test func theBreakCannotBePausedButStartCutsItShort() throws {
    var clock = try MatchClock(periods: 2, seconds: 1, breakSeconds: 600)
    _ = try clock.start(at: .zero)
    _ = clock.advance(to: .seconds(2))
    #expect(clock.state == .halfTimeBreak && clock.displaySeconds(at: .seconds(2)) == 599)
    #expect(throws: GatherError.invalidTransition) { try clock.pause(at: .seconds(2)) }
    _ = try clock.toggle(at: .seconds(3))
    #expect(clock.state == .running && clock.period == 2)
  }

  @Test func addedTimeShowsApartAndMovesTheEnd() throws {
    var clock = try MatchClock(periods: 2, seconds: 60, breakSeconds: 0)
    _ = try clock.start(at: .zero)
    _ = try clock.addTime(seconds: 90, at: .seconds(30))
    #expect(clock.deadline == .seconds(150))
    #expect(clock.displaySeconds(at: .seconds(30)) == 30 && clock.addedRemainingSeconds(at: .seconds(30)) == 90)
    _ = clock.advance(to: .seconds(70))
    #expect(clock.displaySeconds(at: .seconds(70)) == 0 && clock.addedRemainingSeconds(at: .seconds(70)) == 80)
    #expect(MatchClock.addedDisplay(seconds: 80) == "+1:20")
    _ = try clock.pause(at: .seconds(70))
    _ = try clock.addTime(seconds: 30, at: .seconds(80))
    #expect(clock.addedRemainingSeconds(at: .seconds(80)) == 110 && clock.addedSeconds == 120)
  }

  @Test func timeAddedAfterThePeriodReachedZeroReopensItUntilTheNextStarts() throws {
    var clock = try MatchClock(periods: 2, seconds: 10, breakSeconds: 0)
    #expect(throws: GatherError.invalidTransition) { try clock.addTime(seconds: 60, at: .zero) }
    _ = try clock.start(at: .zero)
    _ = clock.advance(to: .seconds(10))
    #expect(clock.state == .stopped && clock.period == 2)
    _ = try clock.addTime(seconds: 60, at: .seconds(12))
    #expect(clock.state == .running && clock.period == 1 && clock.addedRemainingSeconds(at: .seconds(12)) == 60)
    #expect(clock.advance(to: .seconds(72)).suffix(2) == [.tick(remainingSeconds: 0), .periodEnded(period: 1)])
    _ = try clock.start(at: .seconds(80))
    _ = clock.advance(to: .seconds(90))
    #expect(clock.state == .finished)
    _ = try clock.addTime(seconds: 5, at: .seconds(95))
    #expect(clock.state == .running && clock.period == 2)
    #expect(throws: GatherError.validation("seconds", "")) { try clock.addTime(seconds: 901, at: .seconds(95)) }
  }

  @Test func goalsRecordTheirPeriodAndTimeIntoIt() throws {
    var clock = try MatchClock(periods: 2, seconds: 60, breakSeconds: 60)
    _ = try clock.start(at: .zero)
    _ = clock.advance(to: .seconds(61))
    #expect(clock.periodOfPlay == 1 && clock.elapsed(at: .seconds(61)) == .seconds(60))
    _ = try clock.start(at: .seconds(100))
    #expect(clock.periodOfPlay == 2 && clock.elapsed(at: .seconds(132)) == .seconds(32))
    #expect(MatchClock.periodName(2, of: 2) == "2nd half" && MatchClock.periodName(3, of: 4) == "3rd quarter")
    #expect(MatchClock.periodName(1, of: 1) == nil)
  }

  @Test func onlyTheMiddleBreakOfAnEvenNumberOfPeriodsIsHalfTime() throws {
    #expect(MatchClock.breakName(after: 1, of: 2) == "HT")
    #expect((1...3).map { MatchClock.breakName(after: $0, of: 4) } == ["Break", "HT", "Break"])
    #expect((1...2).map { MatchClock.breakName(after: $0, of: 3) } == ["Break", "Break"])
    // Four quarters of 1 s with breaks of a minute: the clock names the break it is in, and no other moment.
    var clock = try MatchClock(periods: 4, seconds: 1, breakSeconds: 60)
    var names: [String?] = []
    for quarter in 0..<3 {
      let kickOff = Duration.seconds(100 * quarter)
      _ = try clock.start(at: kickOff)
      names.append(clock.breakName)
      _ = clock.advance(to: kickOff + .seconds(2))
      names.append(clock.breakName)
    }
    #expect(names == [nil, "Break", nil, "HT", nil, "Break"])
    _ = clock.advance(to: .seconds(300))
    #expect(clock.state == .stopped && clock.breakName == nil)
  }

  @Test func aRestartFindsTheClockMidPeriodInTheBreakOrAfterIt() throws {
    var clock = try MatchClock(periods: 2, seconds: 60, breakSeconds: 30)
    _ = try clock.start(at: .zero)
    _ = try clock.addTime(seconds: 20, at: .seconds(10))
    let running = clock.snapshot(at: .seconds(10), wallNow: savedAt)
    let midPeriod = MatchClock(restoring: running, at: .zero, wallNow: savedAt.addingTimeInterval(5))
    #expect(midPeriod.remaining(at: .zero) == .seconds(65) && midPeriod.addedSeconds == 20)
    let inBreak = MatchClock(restoring: running, at: .zero, wallNow: savedAt.addingTimeInterval(80))
    #expect(inBreak.state == .halfTimeBreak && inBreak.remaining(at: .zero) == .seconds(20))
    let afterBreak = MatchClock(restoring: running, at: .zero, wallNow: savedAt.addingTimeInterval(200))
    #expect(afterBreak.state == .stopped && afterBreak.period == 2)

    _ = clock.advance(to: .seconds(85))
    let breakSnapshot = clock.snapshot(at: .seconds(85), wallNow: savedAt)
    #expect(breakSnapshot.state == .halfTimeBreak)
    let restored = MatchClock(restoring: breakSnapshot, at: .zero, wallNow: savedAt.addingTimeInterval(10))
    #expect(restored.state == .halfTimeBreak && restored.remaining(at: .zero) == .seconds(15))
    #expect(restored.periods == 2 && restored.period == 1)
  }
}
