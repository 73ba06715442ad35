import GatherModel
import Testing

/// The countdown rules, driven by explicit moments: no real time anywhere.
@Suite struct MatchClockTests {
  @Test func aNewClockIsStoppedAtTenMinutes() throws {
    let clock = try MatchClock()
    #expect(clock.state == .stopped)
    #expect(clock.duration == .seconds(600))
    #expect(clock.display(at: .zero) == "10:00")
    #expect(clock.nextTick == nil)
  }

  @Test(arguments: [0, -5, 6000, 100_000])
  func durationsOutsideOneSecondTo9959AreRefused(seconds: Int) throws {
    #expect(throws: GatherError.validation("seconds", "")) { try MatchClock(seconds: seconds) }
    var clock = try MatchClock()
    #expect(throws: GatherError.validation("seconds", "")) { try clock.set(seconds: seconds, at: .zero) }
    #expect(clock == (try MatchClock()))
  }

  @Test func bothEndsOfTheDurationRangeAreAccepted() throws {
    #expect(try MatchClock(seconds: 1).display(at: .zero) == "00:01")
    #expect(try MatchClock(seconds: 5999).display(at: .zero) == "99:59")
  }

  @Test func settingWhileRunningIsRefusedAndChangesNothing() throws {
    var clock = try MatchClock(seconds: 60)
    _ = try clock.start(at: .zero)
    let before = clock
    #expect(throws: GatherError.invalidTransition) { try clock.set(seconds: 30, at: .seconds(5)) }
    #expect(clock == before)
    #expect(clock.remaining(at: .seconds(5)) == .seconds(55))
  }

  @Test func settingWhilePausedStopsTheClockAtTheNewDuration() throws {
    var clock = try MatchClock(seconds: 60)
    _ = try clock.start(at: .zero)
    _ = try clock.pause(at: .seconds(10))
    _ = try clock.set(seconds: 300, at: .seconds(20))
    #expect(clock.state == .stopped)
    #expect(clock.display(at: .seconds(20)) == "05:00")
  }

  @Test func remainingIsDeadlineMinusNowAndRoundsUpForDisplay() throws {
    var clock = try MatchClock()
    _ = try clock.start(at: .seconds(100))
    #expect(clock.remaining(at: .seconds(100.25)) == .seconds(599.75))
    #expect(clock.remainingSeconds(at: .seconds(100.25)) == 600)
    #expect(clock.display(at: .seconds(227.5)) == "07:53")
    #expect(clock.display(at: .seconds(228)) == "07:52")
  }

  @Test func impossibleTransitionsAreRefusedWithReasons() throws {
    var clock = try MatchClock(seconds: 5)
    #expect(throws: GatherError.invalidTransition) { try clock.pause(at: .zero) }
    #expect(throws: GatherError.invalidTransition) { try clock.resume(at: .zero) }
    _ = try clock.start(at: .zero)
    #expect(throws: GatherError.invalidTransition) { try clock.start(at: .seconds(1)) }
    #expect(throws: GatherError.invalidTransition) { try clock.resume(at: .seconds(1)) }
    _ = try clock.pause(at: .seconds(1))
    #expect(throws: GatherError.invalidTransition) { try clock.start(at: .seconds(2)) }
    #expect(throws: GatherError.invalidTransition) { try clock.pause(at: .seconds(2)) }
    _ = try clock.resume(at: .seconds(2))
    _ = clock.advance(to: .seconds(6))
    #expect(clock.state == .finished)
    let finished = clock
    #expect(throws: GatherError.invalidTransition) { try clock.start(at: .seconds(7)) }
    #expect(throws: GatherError.invalidTransition) { try clock.pause(at: .seconds(7)) }
    #expect(throws: GatherError.invalidTransition) { try clock.resume(at: .seconds(7)) }
    #expect(throws: GatherError.invalidTransition) { try clock.toggle(at: .seconds(7)) }
    #expect(clock == finished)
  }

  @Test func toggleStartsPausesAndResumesLikeTheAppsSingleButton() throws {
    var clock = try MatchClock(seconds: 30)
    _ = try clock.toggle(at: .zero)
    #expect(clock.state == .running)
    _ = try clock.toggle(at: .seconds(10))
    #expect(clock.state == .paused)
    #expect(clock.remaining(at: .seconds(50)) == .seconds(20))
    _ = try clock.toggle(at: .seconds(50))
    #expect(clock.state == .running)
    #expect(clock.remaining(at: .seconds(55)) == .seconds(15))
  }

  @Test func resetStopsAtTheSetDurationFromAnyState() throws {
    var clock = try MatchClock(seconds: 90)
    _ = try clock.start(at: .zero)
    _ = clock.reset(at: .seconds(30))
    #expect(clock.state == .stopped)
    #expect(clock.remaining(at: .seconds(99)) == .seconds(90))
    _ = try clock.start(at: .seconds(100))
    _ = clock.advance(to: .seconds(190))
    #expect(clock.state == .finished)
    _ = clock.reset(at: .seconds(200))
    #expect(clock.state == .stopped)
    #expect(clock.display(at: .seconds(200)) == "01:30")
  }

  @Test func ticksComeAtEachWholeSecondDownToAndIncludingZeroThenFinishOnce() throws {
    var clock = try MatchClock(seconds: 3)
    #expect(try clock.start(at: .seconds(10)).isEmpty)
    #expect(clock.nextTick == .seconds(11))
    #expect(clock.advance(to: .seconds(10.999)).isEmpty)
    #expect(clock.advance(to: .seconds(11)) == [.tick(remainingSeconds: 2)])
    #expect(clock.advance(to: .seconds(12.5)) == [.tick(remainingSeconds: 1)])
    #expect(clock.state == .running)
    #expect(clock.advance(to: .seconds(13)) == [.tick(remainingSeconds: 0), .finished])
    #expect(clock.state == .finished)
    #expect(clock.nextTick == nil)
    #expect(clock.advance(to: .seconds(100)).isEmpty)
    #expect(clock.remaining(at: .seconds(100)) == .zero)
  }

  @Test func aLateWakeUpAnnouncesEveryMissedSecondInOrder() throws {
    var clock = try MatchClock(seconds: 10)
    _ = try clock.start(at: .zero)
    #expect(clock.advance(to: .seconds(3.7)) == [1, 2, 3].map { .tick(remainingSeconds: 10 - $0) })
    #expect(clock.nextTick == .seconds(4))
  }

  @Test func pausingAtAHalfSecondKeepsThePhaseAfterResuming() throws {
    var clock = try MatchClock(seconds: 600)
    _ = try clock.start(at: .zero)
    _ = clock.advance(to: .seconds(169.5))  // 7:10.5 left
    #expect(try clock.pause(at: .seconds(169.5)).isEmpty)
    #expect(clock.nextTick == nil)
    _ = try clock.resume(at: .seconds(500))
    #expect(clock.nextTick == .seconds(500.5))
    #expect(clock.advance(to: .seconds(500.5)) == [.tick(remainingSeconds: 430)])
    #expect(clock.nextTick == .seconds(501.5))
  }

  @Test func aCommandAtATickMomentAnnouncesTheDueTickFirst() throws {
    var clock = try MatchClock(seconds: 10)
    _ = try clock.start(at: .zero)
    #expect(try clock.pause(at: .seconds(2)) == [.tick(remainingSeconds: 9), .tick(remainingSeconds: 8)])
    _ = try clock.resume(at: .seconds(5))
    #expect(clock.nextTick == .seconds(6))
  }

  @Test func aThousandPauseResumeCyclesDoNotDrift() throws {
    var clock = try MatchClock(seconds: 5999)
    var now = Duration.zero
    var running = Duration.zero
    var ticks: [Int] = []
    ticks += try clock.start(at: now).ticks
    for cycle in 0..<1000 {
      let run = Duration.milliseconds(1000 + (cycle * 7919) % 2000)  // 1 to 3 s, at odd phases
      now += run
      running += run
      ticks += clock.advance(to: now).ticks
      ticks += try clock.pause(at: now).ticks
      now += .milliseconds(1 + (cycle * 104_729) % 5000)
      ticks += try clock.resume(at: now).ticks
    }
    #expect(clock.remaining(at: now) == .seconds(5999) - running)
    #expect(clock.deadline == now + .seconds(5999) - running)
    ticks += clock.advance(to: clock.deadline!).ticks
    #expect(ticks == Array((0..<5999).reversed()))
    #expect(clock.state == .finished)
  }
}

extension [MatchClock.Event] {
  /// The whole seconds announced by the ticks among these events.
  var ticks: [Int] {
    compactMap { if case .tick(let seconds) = $0 { seconds } else { nil } }
  }
}
