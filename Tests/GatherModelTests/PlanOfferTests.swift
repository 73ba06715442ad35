import Foundation
import GatherModel
import Testing

/// A freed place offered with a claim window: within a plan's offer period the first waiting player is offered the
/// place and takes it or not; before it, the place is given as it always was.
@Suite struct PlanOfferTests {
  /// Thursday 2027-01-21 19:00 UTC: the game.
  static let kickOff = WeekZones.at("2027-01-21T19:00+00:00")
  static let utc = ZoneRule.fixed(0)

  /// A plan for 2 with an offer period of 2 days, Ana and Bruno going, Carla and Dani waiting.
  static func fullPlan(offerPeriod: Duration? = .seconds(2 * 86400)) throws -> Plan {
    let made = WeekZones.at("2027-01-14T10:00+00:00")
    var terms = PlanTerms()
    terms.offerPeriod = offerPeriod
    var plan = Plan(
      id: 7, details: try PlanDetails(startsAt: kickOff, capacity: 2, now: made), createdAt: made, terms: terms)
    for id in Int64(1)...4 { _ = try plan.join(try PlanTests.player(id), at: made.addingTimeInterval(Double(id))) }
    return plan
  }

  @Test func beforeTheOfferPeriodAFreedPlaceIsGiven() throws {
    var plan = try Self.fullPlan()
    let change = try plan.leave(try PlanTests.player(1), at: WeekZones.at("2027-01-19T18:00+00:00"))
    #expect(change.promoted == [3] && change.offered.isEmpty)
    #expect(PlanTests.ids(plan.going) == [2, 3])
    #expect(plan.offers.isEmpty)
  }

  @Test func withinItThePlaceIsOfferedAndHeldUntilTaken() throws {
    var plan = try Self.fullPlan()
    let at = WeekZones.at("2027-01-20T12:00+00:00")
    let change = try plan.leave(try PlanTests.player(1), at: at)
    #expect(change.promoted.isEmpty && change.offered == [3])
    #expect(PlanTests.ids(plan.going) == [2])
    #expect(PlanTests.ids(plan.waiting) == [3, 4], "the offered player still waits, first")
    #expect(plan.answer(of: 3) == .waiting && plan.isOffered(3))
    #expect(plan.placesLeft == 0, "the place is held for the offer, not free to a newcomer")
    _ = try plan.join(try PlanTests.player(5), at: at)
    #expect(plan.answer(of: 5) == .waiting)
    let taken = try plan.acceptOffer(try PlanTests.player(3), at: at.addingTimeInterval(60))
    #expect(taken.answer == .going && taken.changed)
    #expect(PlanTests.ids(plan.going) == [2, 3] && plan.offers.isEmpty)
    #expect(try plan.acceptOffer(try PlanTests.player(3), at: at).changed == false, "taking it again changes nothing")
  }

  @Test func aDeclinePassesThePlaceToTheNextWaitingPlayer() throws {
    var plan = try Self.fullPlan()
    let at = WeekZones.at("2027-01-20T12:00+00:00")
    _ = try plan.leave(try PlanTests.player(1), at: at)
    let declined = try plan.declineOffer(try PlanTests.player(3), at: at.addingTimeInterval(60))
    #expect(declined.answer == .notGoing && declined.offered == [4])
    #expect(plan.answer(of: 3) == .notGoing && plan.isOffered(4))
    #expect(throws: GatherError.validation("player", "")) { try plan.acceptOffer(try PlanTests.player(3), at: at) }
    #expect(throws: GatherError.validation("player", "")) { try plan.declineOffer(try PlanTests.player(2), at: at) }
  }

  @Test func theWindowShrinksAsKickOffNearsAndEndsByIt() throws {
    #expect(OfferWindow.window(before: .seconds(2 * 86400)) == .seconds(7200))
    #expect(OfferWindow.window(before: .seconds(5 * 3600)) == .seconds(1800))
    #expect(OfferWindow.window(before: .seconds(3 * 3600)) == .seconds(600))
    var plan = try Self.fullPlan()
    let at = WeekZones.at("2027-01-21T18:55+00:00")
    _ = try plan.leave(try PlanTests.player(1), at: at)
    plan.sendOffer(to: 3, at: at, quiet: nil, zone: Self.utc)
    #expect(plan.offer(to: 3)?.expiresAt == Self.kickOff, "ten minutes, but not past kick-off")
  }

  @Test func quietHoursHoldTheOfferAndPauseItsWindow() throws {
    var plan = try Self.fullPlan()
    let late = WeekZones.at("2027-01-20T22:30+00:00")
    _ = try plan.leave(try PlanTests.player(1), at: late)
    let quiet = QuietHours.standard
    #expect(plan.dueOffers(now: late, quiet: quiet, zone: Self.utc).isEmpty, "nothing goes out at night")
    let morning = WeekZones.at("2027-01-21T09:00+00:00")
    #expect(plan.nextOfferMoment(now: late, quiet: quiet, zone: Self.utc) == morning)
    #expect(plan.dueOffers(now: morning, quiet: quiet, zone: Self.utc) == [.sendOffer(7, player: 3)])
    plan.sendOffer(to: 3, at: morning, quiet: quiet, zone: Self.utc)
    #expect(plan.offer(to: 3)?.expiresAt == WeekZones.at("2027-01-21T09:30+00:00"), "10 h before: 30 minutes")
    // Sent at 20:30 two days before, two hours: 30 minutes before quiet hours, 90 after them.
    var early = try Self.fullPlan(offerPeriod: .seconds(3 * 86400))
    let evening = WeekZones.at("2027-01-19T20:30+00:00")
    _ = try early.leave(try PlanTests.player(2), at: evening)
    early.sendOffer(to: 3, at: evening, quiet: quiet, zone: Self.utc)
    #expect(early.offer(to: 3)?.expiresAt == WeekZones.at("2027-01-20T10:30+00:00"))
  }

  @Test func anOfferNotTakenInTimeLapsesAndPassesOn() throws {
    var plan = try Self.fullPlan()
    let at = WeekZones.at("2027-01-20T12:00+00:00")
    _ = try plan.leave(try PlanTests.player(1), at: at)
    plan.sendOffer(to: 3, at: at, quiet: nil, zone: Self.utc)
    let deadline = WeekZones.at("2027-01-20T14:00+00:00")
    #expect(plan.nextOfferMoment(now: at, quiet: nil, zone: Self.utc) == deadline)
    #expect(plan.dueOffers(now: deadline.addingTimeInterval(-1), quiet: nil, zone: Self.utc).isEmpty)
    #expect(plan.dueOffers(now: deadline, quiet: nil, zone: Self.utc) == [.lapseOffer(7, player: 3)])
    // Whatever is left untaken at kick-off lapses.
    #expect(plan.dueOffers(now: Self.kickOff, quiet: nil, zone: Self.utc) == [.lapseOffer(7, player: 3)])
  }

  @Test func aSmallerCapacityWithdrawsTheOfferOfWhoeverItPutsBack() throws {
    var plan = try Self.fullPlan()
    let at = WeekZones.at("2027-01-20T12:00+00:00")
    _ = try plan.leave(try PlanTests.player(1), at: at)
    _ = try plan.update(with: PlanChanges(capacity: 2), now: at)
    #expect(plan.isOffered(3))
    let bigger = try plan.update(with: PlanChanges(capacity: 3), now: at)
    #expect(bigger.promoted == [4], "a capacity the organiser raises is given")
    _ = try plan.update(with: PlanChanges(capacity: 2), now: at)
    _ = try plan.update(with: PlanChanges(capacity: 2), now: at)
    #expect(plan.isOffered(3))
  }

  @Test func offerPeriodsAndCutOffsHaveTheirRanges() throws {
    var plan = try Self.fullPlan(offerPeriod: nil)
    try plan.setAttendanceTerms(offerPeriod: .some(.seconds(3600)), cutOff: .some(.zero))
    #expect(plan.terms.offerPeriod == .seconds(3600) && plan.cutOffAt == Self.kickOff)
    #expect(throws: GatherError.validation("offerPeriod", "")) {
      try plan.setAttendanceTerms(offerPeriod: .some(.seconds(60)), cutOff: nil)
    }
    #expect(throws: GatherError.validation("cutOff", "")) {
      try plan.setAttendanceTerms(offerPeriod: nil, cutOff: .some(.seconds(15 * 86400)))
    }
    try plan.setAttendanceTerms(offerPeriod: .some(nil), cutOff: .some(nil))
    #expect(plan.terms.offerPeriod == nil && plan.cutOffAt == WeekZones.at("2027-01-20T19:00+00:00"))
  }
}
