import Foundation
import GatherModel
import Testing

/// Late drop-outs and no-shows: when leaving is late, who a check-in marks, and the settings that fine strikes
/// or hold a player back; and quiet hours read on a wall clock.
@Suite struct StrikeTests {
  @Test func leavingAGoingPlaceAfterTheCutOffIsALateDropOut() throws {
    var plan = try PlanOfferTests.fullPlan(offerPeriod: nil)
    let cutOff = WeekZones.at("2027-01-20T19:00+00:00")
    #expect(plan.cutOffAt == cutOff)
    #expect(!plan.isLateDropOut(1, at: cutOff.addingTimeInterval(-1)))
    #expect(plan.isLateDropOut(1, at: cutOff))
    #expect(!plan.isLateDropOut(3, at: cutOff), "a waiting player leaves no place empty")
    try plan.setAttendanceTerms(offerPeriod: nil, cutOff: .some(.seconds(3600)))
    #expect(!plan.isLateDropOut(1, at: cutOff))
  }

  @Test func aCheckInGivesEachNoShowAStrike() throws {
    var plan = try PlanOfferTests.fullPlan(offerPeriod: nil)
    let at = PlanOfferTests.kickOff
    _ = try plan.checkIn(present: [try PlanTests.player(1)], newcomers: [], at: at)
    let strikes = plan.noShowStrikes(at: at)
    #expect(strikes == [Strike(plan: 7, player: 2, name: "Bruno", kind: .noShow, at: at)])
  }

  @Test func enoughRecentStrikesHoldAPlayerBack() throws {
    let rule = try StrikeRule(limit: 2, period: .seconds(30 * 86400))
    let now = PlanOfferTests.kickOff
    let daysAgo = { (days: Double) in now.addingTimeInterval(-days * 86400) }
    #expect(!rule.holdsBack([daysAgo(3)], now: now))
    #expect(rule.holdsBack([daysAgo(3), daysAgo(29)], now: now))
    #expect(!rule.holdsBack([daysAgo(3), daysAgo(31)], now: now), "old strikes stop counting")
    #expect(rule.hold([daysAgo(3), daysAgo(29), daysAgo(40)], now: now) == StrikeHold(strikes: 2, days: 30))
    #expect(rule.counted([daysAgo(3), daysAgo(40)], now: now) == 1)
    #expect(throws: GatherError.validation("strikes", "")) { try StrikeRule(limit: 0) }
    let fines = Fines(noShow: Money(minorUnits: 500, currency: try Currency(code: "EUR")))
    #expect(fines.fine(for: .noShow)?.minorUnits == 500 && fines.fine(for: .lateDropOut) == nil)
  }

  @Test func aRegularHeldBackByStrikesWaitsForTheOpeningAndIsToldWhy() throws {
    var plan = try PlanTermsTests.plan()
    let early = PlanTermsTests.made.addingTimeInterval(600)
    let hold = StrikeHold(strikes: 2, days: 60)
    #expect(throws: GatherError.heldBack) { try plan.requireMayJoin(5, regular: true, heldBack: hold, at: early) }
    do {
      try plan.requireMayJoin(5, regular: true, heldBack: hold, at: early)
    } catch {
      #expect(error.reason == "held_back")
      #expect(error.message.contains("opens to you at Sat 16 Jan 19:00"))
      #expect(error.message.contains("2 late drop-outs or no-shows in the last 60 days mean you wait"))
    }
    #expect(throws: GatherError.regularsOnly, "not a regular: the refusal says only that") {
      try plan.requireMayJoin(6, regular: false, heldBack: hold, at: early)
    }
    try plan.requireMayJoin(5, regular: true, heldBack: hold, at: PlanTermsTests.opensToAll)
    _ = try plan.join(PlanTermsTests.player(5), at: PlanTermsTests.opensToAll)
    try plan.requireMayJoin(5, regular: true, heldBack: hold, at: early)
  }

  @Test func thePlayersTableListsAnyoneWithStrikesWhateverTheyPlayed() {
    let row = { (played: Int, strikes: Int) in
      PlayerStats(
        playerID: 1, name: "Carla", played: played, wins: 0, draws: 0, goals: 0,
        attendance: Attendance(lateDropOuts: strikes, strikes: strikes))
    }
    #expect(!row(0, 0).isListed(minGathers: 1), "never played, nothing against them: not listed")
    #expect(row(0, 1).isListed(minGathers: 1), "a late drop-out before the first game is listed")
    #expect(row(2, 1).isListed(minGathers: 5), "strikes list a player who played fewer than asked")
    #expect(!row(2, 0).isListed(minGathers: 5))
    #expect(row(5, 0).isListed(minGathers: 5) && row(0, 0).isListed(minGathers: 0))
  }

  @Test func quietHoursAreReadOnTheServersWallClock() throws {
    let quiet = try QuietHours(parsing: "21:00-09:00")
    #expect(quiet.description == "21:00-09:00" && quiet == .standard)
    #expect(quiet.contains(WeekZones.at("2027-07-01T20:30+00:00"), zone: WeekZones.lisbon), "21:30 in Lisbon")
    #expect(!quiet.contains(WeekZones.at("2027-01-01T20:30+00:00"), zone: WeekZones.lisbon), "20:30 in winter")
    #expect(
      quiet.over(from: WeekZones.at("2027-07-01T23:00+00:00"), zone: WeekZones.lisbon)
        == WeekZones.at("2027-07-02T08:00+00:00"))
    let daytime = try QuietHours(parsing: "13:00-14:00")
    #expect(daytime.contains(WeekZones.at("2027-01-01T13:30+00:00"), zone: .fixed(0)))
    #expect(throws: GatherError.validation("quiet-hours", "")) { try QuietHours(parsing: "09:00-09:00") }
    #expect(throws: GatherError.validation("quiet-hours", "")) { try QuietHours(parsing: "9pm") }
  }
}
