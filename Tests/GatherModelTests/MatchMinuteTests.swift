import Clocks
import Foundation
import GatherModel
import Testing

/// Football time: the minute of each goal as football writes it, scored through the real path
/// (`ActiveGather.scoreGoal`) on the test clock, over 1 × 10, 2 × 25 with a 5-minute break, and 2 × 45 with
/// added time.
@Suite(.timeLimit(.minutes(1))) struct MatchMinuteTests {
  /// A gather of the fixture roster (Ana and Bruno in Team A, Carla and Dani in Team B) on a clock of
  /// `periods` × `minutes` with a break, and the test clock its moments come from.
  struct Match {
    let testClock = TestClock()
    let timeline: Timeline<TestClock<Duration>>
    var gather: ActiveGather

    init(periods: Int, minutes: Int, breakMinutes: Int = 0) throws {
      timeline = Timeline(clock: testClock)
      let lineup = try Lineup(teamA: [1, 2], teamB: [3, 4])
      let clock = try MatchClock(periods: periods, seconds: minutes * 60, breakSeconds: breakMinutes * 60)
      gather = ActiveGather(id: 1, startedAt: Fixtures.kickOff, lineup: lineup, clock: clock)
    }

    /// Lets `seconds` pass on the test clock and announces what fell due.
    mutating func play(_ seconds: Double) async -> [MatchClock.Event] {
      await testClock.advance(by: .milliseconds(Int64(seconds * 1000)))
      return gather.clock.advance(to: timeline.now)
    }

    mutating func start() throws { _ = try gather.clock.start(at: timeline.now) }
    mutating func add(_ seconds: Int) throws { _ = try gather.clock.addTime(seconds: seconds, at: timeline.now) }
    mutating func endPeriod() throws -> [MatchClock.Event] { try gather.clock.endPeriod(at: timeline.now) }

    /// Scores for Team A now and returns the goal's minute as written.
    mutating func goal() throws -> String {
      try gather.scoreGoal(for: .teamA, at: timeline.now, wallNow: Fixtures.kickOff).minute.description
    }
  }

  @Test func aMinuteIsTheOneUnderWayAndTheFirstIsOne() {
    let cases: [(Int64, Int, Int64, String)] = [
      (0, 1, 600_000, "1'"), (59_999, 1, 600_000, "1'"), (60_000, 1, 600_000, "2'"), (599_999, 1, 600_000, "10'"),
      // The second half of 2 × 25 starts at 25:00: 2:07 into it is 27:07, the 28th minute.
      (127_000, 2, 1_500_000, "28'"),
      // 1:10 into the first half's added time of 2 × 45.
      (2_770_000, 1, 2_700_000, "45+2'"), (2_700_001, 1, 2_700_000, "45+1'"), (2_760_000, 1, 2_700_000, "45+1'"),
      (2_880_000, 2, 2_700_000, "90+3'"),
      // A goal noted once the period's time ran out, with nothing added: the period's last minute.
      (2_700_000, 1, 2_700_000, "45'"), (600_000, 1, 600_000, "10'"),
      // A period that ends between two whole minutes: 7:30 ends in the 8th.
      (430_000, 1, 450_000, "8'"), (10_000, 2, 450_000, "8'"), (460_000, 1, 450_000, "8+1'"),
    ]
    for (ms, period, length, expected) in cases {
      #expect(MatchMinute(matchTimeMs: ms, period: period, periodLengthMs: length).description == expected, "\(ms)")
    }
  }

  @Test func oneTimesTenMinutes() async throws {
    var match = try Match(periods: 1, minutes: 10)
    #expect(try match.goal() == "1'")  // before kick-off: the first minute
    try match.start()
    _ = await match.play(0.5)
    #expect(try match.goal() == "1'")
    _ = await match.play(128.5)  // 2:09
    #expect(try match.goal() == "3'")
    _ = await match.play(470.9)  // 9:59.9
    #expect(try match.goal() == "10'")
    #expect(await match.play(1) == [.tick(remainingSeconds: 0), .finished])
    #expect(try match.goal() == "10'")  // after the whistle: the last minute, never 11'
    #expect(match.gather.log.map(\.minute.description) == ["1'", "1'", "3'", "10'", "10'"])
  }

  @Test func twoTimesTwentyFivePlusAFiveMinuteBreak() async throws {
    var match = try Match(periods: 2, minutes: 25, breakMinutes: 5)
    try match.start()
    _ = await match.play(12 * 60 + 3)
    #expect(try match.goal() == "13'")
    _ = await match.play(12 * 60 + 57)  // 25:00: the half ends into the break
    #expect(match.gather.clock.state == .halfTimeBreak)
    #expect(try match.goal() == "25'")
    _ = await match.play(5 * 60)
    #expect(match.gather.clock.state == .stopped && match.gather.clock.period == 2)
    try match.start()
    _ = await match.play(127)  // 2:07 into the second half: 27:07
    #expect(try match.goal() == "28'")
    try match.add(60)
    _ = await match.play(23 * 60 - 7 + 30)  // 30 s into the minute added
    #expect(try match.goal() == "50+1'")
    #expect(match.gather.log.last.map(\.matchTimeMs) == Int64(25 * 60_000 + 30_000))
  }

  @Test func twoTimesFortyFiveWithAddedTime() async throws {
    var match = try Match(periods: 2, minutes: 45, breakMinutes: 15)
    try match.start()
    _ = await match.play(44 * 60)
    try match.add(120)
    _ = await match.play(60 + 70)  // 1:10 into the added time
    #expect(try match.goal() == "45+2'")
    #expect(await match.play(50).suffix(2) == [.tick(remainingSeconds: 0), .periodEnded(period: 1)])
    #expect(try match.goal() == "45+2'")  // noted in the break: the last of the two minutes added
    _ = await match.play(15 * 60)
    try match.start()
    _ = await match.play(0.2)
    #expect(try match.goal() == "46'")
    _ = await match.play(44 * 60 + 59)
    #expect(try match.goal() == "90'")
    try match.add(240)
    _ = await match.play(2 * 60 + 10)  // 2:09.2 into the four minutes added
    #expect(try match.goal() == "90+3'")
  }

  @Test func aHalfEndedEarlyLeavesTheNextAtItsRegularStart() async throws {
    var match = try Match(periods: 2, minutes: 25, breakMinutes: 5)
    try match.start()
    _ = await match.play(20 * 60 + 30)
    #expect(try match.endPeriod() == [.tick(remainingSeconds: 0), .periodEnded(period: 1)])
    // Exactly as if the time ran out: the break, from now.
    #expect(match.gather.clock.state == .halfTimeBreak)
    #expect(match.gather.clock.displaySeconds(at: match.timeline.now) == 300)
    #expect(try match.goal() == "25'")
    #expect(await match.play(300).last == .breakEnded(nextPeriod: 2))
    try match.start()
    _ = await match.play(30)
    #expect(try match.goal() == "26'")
    // Paused in the second half, ended early too: the last period ends with the final whistle.
    _ = try match.gather.clock.pause(at: match.timeline.now)
    _ = await match.play(600)
    #expect(try match.endPeriod() == [.tick(remainingSeconds: 0), .finished])
    #expect(match.gather.clock.state == .finished && match.gather.clock.nextTick == nil)
    #expect(try match.goal() == "50'")
  }

  @Test func endingAPeriodWithoutABreakWaitsForTheNextAndKeepsAddedTime() async throws {
    var match = try Match(periods: 3, minutes: 20)
    try match.start()
    try match.add(90)
    _ = await match.play(60)
    #expect(try match.endPeriod() == [.tick(remainingSeconds: 0), .periodEnded(period: 1)])
    #expect(match.gather.clock.state == .stopped && match.gather.clock.period == 2)
    #expect(match.gather.clock.display(at: match.timeline.now) == "20:00")
    try match.start()
    _ = await match.play(1)
    #expect(try match.goal() == "21'")
  }

  @Test func theOtherStatesRefuseAndChangeNothing() async throws {
    var match = try Match(periods: 2, minutes: 10, breakMinutes: 2)
    func refused(_ match: inout Match) {
      let before = match.gather.clock
      #expect(throws: GatherError.invalidTransition) { try match.endPeriod() }
      #expect(match.gather.clock == before)
    }
    refused(&match)  // before kick-off
    try match.start()
    _ = await match.play(600)
    #expect(match.gather.clock.state == .halfTimeBreak)
    refused(&match)  // in the break
    _ = await match.play(120)
    #expect(match.gather.clock.state == .stopped && match.gather.clock.period == 2)
    refused(&match)  // waiting for the second half
    try match.start()
    _ = await match.play(600)
    #expect(match.gather.clock.state == .finished)
    refused(&match)  // at full time
  }
}
