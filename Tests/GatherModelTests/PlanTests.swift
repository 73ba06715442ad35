import Foundation
import GatherModel
import Testing

/// The waiting-list rules of a plan: the order people joined decides who goes, who waits and who
/// moves, whatever happens to the capacity.
@Suite struct PlanTests {
  static let now = Fixtures.kickOff
  static let thursday = now.addingTimeInterval(3 * 86400)

  /// An open plan for `capacity` on Thursday.
  static func plan(capacity: Int) throws -> Plan {
    Plan(
      id: 1, details: try PlanDetails(startsAt: thursday, capacity: capacity, now: now), createdAt: now,
      signUpCode: "code-1")
  }

  /// Fixtures' roster, by id.
  static func player(_ id: Player.ID) throws -> Player { try Fixtures.roster()[Int(id) - 1] }

  /// Joins players in this order, a minute apart.
  static func joined(_ ids: [Player.ID], capacity: Int) throws -> Plan {
    var plan = try plan(capacity: capacity)
    for (minute, id) in ids.enumerated() {
      _ = try plan.join(player(id), at: now.addingTimeInterval(Double(minute) * 60))
    }
    return plan
  }

  static func ids(_ list: ArraySlice<SignUp>) -> [Player.ID] { list.map(\.player) }

  @Test func pastTheCapacityPlayersWaitInTheOrderTheyJoined() throws {
    let plan = try Self.joined([3, 1, 5, 2, 4], capacity: 3)
    #expect(Self.ids(plan.going) == [3, 1, 5])
    #expect(Self.ids(plan.waiting) == [2, 4])
    #expect(plan.answer(of: 5) == .going)
    #expect(plan.answer(of: 4) == .waiting)
    #expect(plan.answer(of: 6) == nil)
    #expect(plan.placesLeft == 0)
    #expect(plan.going.map(\.at) == [0, 60, 120].map { Self.now.addingTimeInterval($0) })
  }

  @Test func aPlanTakesInNewPlayersByNameWellAboveItsCapacityButNotWithoutEnd() throws {
    var plan = try Self.plan(capacity: 2)
    #expect(plan.guestCap == 12, "at least 12, so that a small plan still takes in a group")
    #expect(try Self.plan(capacity: 10).guestCap == 30, "three times the capacity")
    let (first, second) = (try Self.player(1), try Self.player(2))
    _ = try plan.join(first, at: Date(timeIntervalSince1970: 1), guest: true)
    _ = try plan.leave(first, at: Date(timeIntervalSince1970: 2))
    _ = try plan.join(second, at: Date(timeIntervalSince1970: 3), guest: true)
    #expect(plan.guests == 2, "a guest who left still counts")
    _ = try plan.join(try Self.player(3), at: Date(timeIntervalSince1970: 4))
    #expect(plan.guests == 2, "roster players are no guests")
    for id in Int64(100)..<110 {
      try plan.requireRoomForGuest()
      _ = try plan.join(Player(id: id, details: try PlayerDetails(name: "Guest \(id)")), at: Self.now, guest: true)
    }
    #expect(plan.guests == 12)
    #expect(throws: GatherError.validation("guest", "")) { try plan.requireRoomForGuest() }
  }

  @Test func joiningTwiceChangesNothingAndSaysSo() throws {
    var plan = try Self.joined([1, 2, 3], capacity: 2)
    let before = plan
    let again = try plan.join(Self.player(1), at: Self.now.addingTimeInterval(3600))
    #expect(again == PlanChange(player: 1, answer: .going, changed: false))
    let waitingAgain = try plan.join(Self.player(3), at: Self.now.addingTimeInterval(3600))
    #expect(waitingAgain == PlanChange(player: 3, answer: .waiting, changed: false))
    #expect(plan == before)
  }

  @Test func whenAGoingPlayerLeavesTheFirstWaitingOneMovesUp() throws {
    var plan = try Self.joined([1, 2, 3, 4, 5], capacity: 3)
    let left = try plan.leave(Self.player(2), at: Self.now.addingTimeInterval(3600))
    #expect(left == PlanChange(player: 2, answer: .notGoing, changed: true, promoted: [4]))
    #expect(Self.ids(plan.going) == [1, 3, 4])
    #expect(Self.ids(plan.waiting) == [5])
    #expect(plan.declined.map(\.player) == [2])
    #expect(plan.declined[0].at == Self.now.addingTimeInterval(3600))
  }

  @Test func aWaitingPlayerWhoLeavesMovesNobody() throws {
    var plan = try Self.joined([1, 2, 3, 4], capacity: 2)
    let left = try plan.leave(Self.player(3), at: Self.now)
    #expect(left.promoted.isEmpty)
    #expect(Self.ids(plan.going) == [1, 2])
    #expect(Self.ids(plan.waiting) == [4])
  }

  @Test func sayingNoWithoutJoiningPutsThePlayerOnTheNotGoingListOnce() throws {
    var plan = try Self.joined([1], capacity: 2)
    #expect(try plan.leave(Self.player(6), at: Self.now).changed)
    let before = plan
    #expect(try plan.leave(Self.player(6), at: Self.now.addingTimeInterval(60)).changed == false)
    #expect(plan == before)
    #expect(plan.answer(of: 6) == .notGoing)
  }

  @Test func leavingAndJoiningAgainGoesToTheBackOfTheQueue() throws {
    var plan = try Self.joined([1, 2, 3], capacity: 2)
    _ = try plan.leave(Self.player(1), at: Self.now.addingTimeInterval(600))
    let back = try plan.join(Self.player(1), at: Self.now.addingTimeInterval(700))
    #expect(back == PlanChange(player: 1, answer: .waiting, changed: true))
    #expect(Self.ids(plan.going) == [2, 3])
    #expect(Self.ids(plan.waiting) == [1])
    #expect(plan.declined.isEmpty)
  }

  @Test func aHigherCapacityMovesTheFirstWaitingUpInOrder() throws {
    var plan = try Self.joined([1, 2, 3, 4, 5, 6], capacity: 2)
    let moves = try plan.update(with: PlanChanges(capacity: 4), now: Self.now)
    #expect(moves == PlanMoves(promoted: [3, 4]))
    #expect(Self.ids(plan.going) == [1, 2, 3, 4])
    #expect(Self.ids(plan.waiting) == [5, 6])
  }

  @Test func aLowerCapacityMovesTheLastToJoinBackToTheHeadOfTheWaitingList() throws {
    var plan = try Self.joined([1, 2, 3, 4, 5, 6], capacity: 5)
    let moves = try plan.update(with: PlanChanges(capacity: 3), now: Self.now)
    #expect(moves == PlanMoves(demoted: [4, 5]))
    #expect(Self.ids(plan.going) == [1, 2, 3])
    #expect(Self.ids(plan.waiting) == [4, 5, 6], "the demoted stay ahead of those who joined after them")
    // Up again: the same players move up again, in the same order.
    let up = try plan.update(with: PlanChanges(capacity: 4), now: Self.now)
    #expect(up == PlanMoves(promoted: [4]))
    #expect(Self.ids(plan.waiting) == [5, 6])
  }

  @Test func aCapacityChangeWithFreePlacesMovesNobody() throws {
    var plan = try Self.joined([1, 2], capacity: 10)
    #expect(try plan.update(with: PlanChanges(capacity: 2), now: Self.now) == PlanMoves())
    #expect(plan.placesLeft == 0)
    #expect(try plan.update(with: PlanChanges(capacity: 40), now: Self.now) == PlanMoves())
    #expect(plan.placesLeft == 38)
  }

  @Test func aCapacityOutOfRangeOrAStartInThePastIsRefusedAndChangesNothing() throws {
    var plan = try Self.joined([1, 2, 3], capacity: 2)
    let before = plan
    for capacity in [1, 41, 0, -3] {
      #expect(throws: GatherError.validation("capacity", "")) {
        try plan.update(with: PlanChanges(capacity: capacity), now: Self.now)
      }
    }
    #expect(throws: GatherError.validation("startsAt", "")) {
      try plan.update(with: PlanChanges(start: (Self.now, 0), capacity: 3), now: Self.now)
    }
    #expect(plan == before)
    #expect(throws: GatherError.validation("startsAt", "")) {
      try PlanDetails(startsAt: Self.now.addingTimeInterval(-1), capacity: 10, now: Self.now)
    }
    #expect(throws: GatherError.validation("startsAt", "")) {
      try PlanDetails(startsAt: Self.thursday, utcOffset: 15 * 3600, capacity: 10, now: Self.now)
    }
  }

  @Test func placeAndNoteAreTrimmedLimitedAndClearable() throws {
    var details = try PlanDetails(startsAt: Self.thursday, capacity: 10, place: "  Astro 2 ", note: "", now: Self.now)
    #expect(details.place == "Astro 2")
    #expect(details.note == nil)
    #expect(throws: GatherError.validation("place", "")) { try details.setPlace(String(repeating: "x", count: 101)) }
    #expect(throws: GatherError.validation("note", "")) { try details.setNote(String(repeating: "x", count: 501)) }
    details = try PlanChanges(place: .some(nil), note: "Bring both shirts").applied(to: details, now: Self.now)
    #expect(details.place == nil)
    #expect(details.note == "Bring both shirts")
  }

  @Test func cancelledAndStartedPlansRefuseEveryAnswerAndChange() throws {
    var cancelled = try Self.joined([1, 2], capacity: 2)
    try cancelled.cancel()
    #expect(cancelled.status == .cancelled)
    #expect(cancelled.signUpCode == "code-1", "the code is kept, to say the plan was cancelled")
    #expect(ClosedPlan(cancelled)?.status == .cancelled)
    #expect(throws: GatherError.planCancelled) { try cancelled.join(Self.player(3), at: Self.now) }
    #expect(throws: GatherError.planCancelled) { try cancelled.leave(Self.player(1), at: Self.now) }
    #expect(throws: GatherError.planCancelled) { try cancelled.update(with: PlanChanges(capacity: 3), now: Self.now) }
    #expect(throws: GatherError.planCancelled) { try cancelled.cancel() }
    #expect(throws: GatherError.planCancelled) { try cancelled.start(gatherID: 1) }

    var started = try Self.joined([1, 2, 3], capacity: 2)
    try started.start(gatherID: 7)
    #expect(started.status == .started)
    #expect(started.gatherID == 7)
    #expect(throws: GatherError.planStarted) { try started.join(Self.player(4), at: Self.now) }
    #expect(throws: GatherError.planStarted) { try started.leave(Self.player(1), at: Self.now) }
    #expect(throws: GatherError.planStarted) { try started.cancel() }
  }

  @Test func aGatherNeedsTwoGoingPlayers() throws {
    var plan = try Self.joined([1], capacity: 2)
    #expect(throws: GatherError.validation("plan", "")) { try plan.start(gatherID: 1) }
    #expect(plan.status == .open)
  }

  @Test func aPlayerTakenOffTheRosterLeavesTheListsAndTheFirstWaitingMovesUp() throws {
    var plan = try Self.joined([1, 2, 3], capacity: 2)
    _ = try plan.leave(Self.player(4), at: Self.now)
    #expect(plan.remove(1) == [3])
    #expect(plan.remove(4) == [])
    #expect(Self.ids(plan.going) == [2, 3])
    #expect(plan.declined.isEmpty)
  }

  @Test func theOpenPlansAreListedSoonestFirstAndOnlyWhileOpen() throws {
    let later = Plan(
      id: 1, details: try PlanDetails(startsAt: Self.thursday.addingTimeInterval(86400), capacity: 10, now: Self.now),
      createdAt: Self.now)
    let sooner = Plan(
      id: 2, details: try PlanDetails(startsAt: Self.thursday, capacity: 10, now: Self.now), createdAt: Self.now)
    var gather = FootballGather(roster: try Fixtures.roster(), plans: [later, sooner])
    #expect(gather.openPlans.map(\.id) == [2, 1])
    var cancelled = sooner
    try cancelled.cancel()
    gather.keep(cancelled)
    #expect(gather.openPlans.map(\.id) == [1])
    #expect(gather.openPlan(2) == nil)
  }

  @Test func aSignUpCodeFindsItsOpenPlanOnly() throws {
    var plan = try Self.plan(capacity: 4)
    var gather = FootballGather(roster: try Fixtures.roster(), plans: [plan])
    #expect(gather.plan(withCode: Array("code-1".utf8))?.id == 1)
    #expect(gather.plan(withCode: Array("code-2".utf8)) == nil)
    #expect(gather.plan(withCode: Array("code-".utf8)) == nil)
    #expect(gather.plan(withCode: Array("code-11".utf8)) == nil)
    #expect(gather.plan(withCode: [UInt8]()) == nil)
    try plan.cancel()
    gather.keep(plan)
    #expect(gather.plan(withCode: Array("code-1".utf8)) == nil)
    #expect(gather.closedPlan(withCode: Array("code-1".utf8))?.status == .cancelled, "it only says what happened")
    #expect(gather.closedPlan(withCode: Array("code-2".utf8)) == nil)
  }

  @Test func aStartedPlansCodeNamesItsGatherUntilTheGatherIsCancelled() throws {
    let open = try Self.joined([1, 2], capacity: 2)
    var gather = FootballGather(roster: try Fixtures.roster(), plans: [open])
    var started = open
    try started.start(gatherID: 7)
    gather.keep(started)
    let closed = try #require(gather.closedPlan(withCode: Array("code-1".utf8)))
    #expect(closed.id == 1 && closed.status == .started && closed.gatherID == 7)
    gather.keep(open)  // the gather was cancelled: the plan is open again
    #expect(gather.closedPlan(withCode: Array("code-1".utf8)) == nil)
    #expect(gather.plan(withCode: Array("code-1".utf8))?.id == 1)
  }

  @Test func aGuestNeedsANewNameOfAtMostFortyCharacters() throws {
    let gather = FootballGather(roster: try Fixtures.roster())
    #expect(try gather.guestDetails("  Zé  ").name == "Zé")
    #expect(try gather.guestDetails(String(repeating: "x", count: 40)).name.count == 40)
    for name in ["", "   ", String(repeating: "x", count: 41), "ana"] {
      #expect(throws: GatherError.validation("guest", "")) { try gather.guestDetails(name) }
    }
  }

  @Test func aDeletedPlayerComesOffEveryOpenPlanTheyAreOn() throws {
    let first = try Self.joined([1, 2, 3], capacity: 2)
    let other = Plan(
      id: 2, details: try PlanDetails(startsAt: Self.thursday, capacity: 5, now: Self.now), createdAt: Self.now)
    let gather = FootballGather(roster: try Fixtures.roster(), plans: [first, other])
    let changed = gather.plansWithout(1)
    #expect(changed.map(\.plan.id) == [1])
    #expect(changed.first?.promoted == [3])
  }
}
