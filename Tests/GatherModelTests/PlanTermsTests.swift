import Foundation
import GatherModel
import Testing

/// A plan's terms: regulars first, reminders, and closing by itself once its start passed, each from the moments
/// given as arguments.
@Suite struct PlanTermsTests {
  static let made = WeekZones.at("2027-01-15T19:00+00:00")
  static let start = WeekZones.at("2027-01-21T19:00+00:00")
  static let opensToAll = WeekZones.at("2027-01-16T19:00+00:00")
  static func hours(_ hours: Double) -> Date { start.addingTimeInterval(hours * 3600) }

  /// A plan for Thursday made on Friday, regulars first until Saturday (marked ones, or 2 of the last 3 gathers).
  static func plan(capacity: Int = 3, reminders: [Duration]? = nil) throws -> Plan {
    let rule = try RegularsRule(headStart: .seconds(86400), played: 2, ofLast: 3)
    return Plan(
      id: 7, details: try PlanDetails(startsAt: start, capacity: capacity, now: made), createdAt: made,
      signUpCode: "code-7",
      terms: PlanTerms(schedule: 1, regulars: rule, opensToAllAt: opensToAll, reminders: reminders))
  }

  static func player(_ id: Player.ID, marked: Bool = false) throws -> Player {
    Player(id: id, details: try PlayerDetails(name: "P\(id)", regular: marked))
  }

  @Test func regularsAreTheMarkedOnesAndThoseWhoPlayedEnoughOfTheLastGathers() throws {
    let rule = try RegularsRule(headStart: .seconds(3600), played: 2, ofLast: 3)
    let recent: [Set<Player.ID>] = [[1, 2], [1, 3], [2], [3, 4], [3, 4]]
    #expect(rule.isRegular(try Self.player(1), recent: recent))  // 2 of the last 3
    #expect(rule.isRegular(try Self.player(2), recent: recent))
    #expect(!rule.isRegular(try Self.player(3), recent: recent))  // 1 of the last 3, 3 of the last 5
    #expect(rule.isRegular(try Self.player(9, marked: true), recent: recent))
    let markedOnly = try RegularsRule(headStart: .seconds(3600))
    #expect(!markedOnly.isRegular(try Self.player(1), recent: recent))
    #expect(markedOnly.text == "Players marked regular")
    #expect(rule.text == "Players marked regular, or who played 2 of the last 3 gathers")
  }

  @Test func beforeTheOpeningOnlyRegularsJoinAndTheyKeepTheirPlacesFirstComeFirstServed() throws {
    var plan = try Self.plan()
    let early = Self.made.addingTimeInterval(600)
    // A non-regular is refused until Saturday 19:00 and nothing changes.
    #expect(throws: GatherError.regularsOnly) { try plan.requireMayJoin(5, regular: false, at: early) }
    do {
      try plan.requireMayJoin(5, regular: false, at: early)
    } catch {
      #expect(error.message.contains("Sat 16 Jan 19:00"))
    }
    for (minute, id) in [(10, Int64(2)), (20, 1)] {
      try plan.requireMayJoin(id, regular: true, at: Self.made.addingTimeInterval(Double(minute) * 60))
      _ = try plan.join(Self.player(id), at: Self.made.addingTimeInterval(Double(minute) * 60))
    }
    // From the opening anyone joins; a regular who joins then has no precedence over those who joined before.
    let later = Self.opensToAll.addingTimeInterval(60)
    try plan.requireMayJoin(5, regular: false, at: Self.opensToAll)
    _ = try plan.join(Self.player(5), at: Self.opensToAll)
    _ = try plan.join(Self.player(3), at: later)  // a regular, late
    _ = try plan.join(Self.player(6), at: later.addingTimeInterval(60))
    #expect(plan.going.map(\.player) == [2, 1, 5])
    #expect(plan.waiting.map(\.player) == [3, 6])
    // A regular who leaves and joins again goes to the back, like anyone.
    _ = try plan.leave(Self.player(2), at: later.addingTimeInterval(120))
    _ = try plan.join(Self.player(2), at: later.addingTimeInterval(180))
    #expect(plan.queue.map(\.player) == [1, 5, 3, 6, 2])
    // Joining again is no change, even for someone who is no longer a regular.
    var early2 = try Self.plan()
    _ = try early2.join(Self.player(1), at: early)
    try early2.requireMayJoin(1, regular: false, at: early)
  }

  @Test func aPlanWithoutRegularsIsOpenToEveryoneAtOnce() throws {
    let plan = Plan(
      id: 1, details: try PlanDetails(startsAt: Self.start, capacity: 4, now: Self.made), createdAt: Self.made)
    #expect(!plan.isRegularsOnly(at: Self.made))
    try plan.requireMayJoin(5, regular: false, at: Self.made)
    #expect(plan.opensToAllText == nil)
  }

  @Test func remindersGoOutAtTheirTimesAndOnlyTheLatestOfThoseMissed() throws {
    let daemon: [Duration] = [.seconds(48 * 3600), .seconds(3 * 3600)]
    var plan = try Self.plan()
    #expect(plan.nextReminder(daemon, zone: .fixed(0))?.at == Self.hours(-48))
    #expect(plan.dueReminder(daemon, now: Self.hours(-49), zone: .fixed(0)) == nil)
    let first = try #require(plan.dueReminder(daemon, now: Self.hours(-47), zone: .fixed(0)))
    #expect(first.before == .seconds(48 * 3600) && first.at == Self.hours(-48))
    plan.reminded(at: first.at)
    #expect(plan.dueReminder(daemon, now: Self.hours(-47), zone: .fixed(0)) == nil)
    #expect(plan.nextReminder(daemon, zone: .fixed(0))?.at == Self.hours(-3))
    plan.reminded(at: Self.hours(-3))
    #expect(plan.nextReminder(daemon, zone: .fixed(0)) == nil)
    // Nobody ran gatherd through both: only the 3-hour reminder goes out.
    let missed = try Self.plan()
    #expect(missed.dueReminder(daemon, now: Self.hours(-2), zone: .fixed(0))?.before == .seconds(3 * 3600))
    // None once it has started; none due before the plan was made; its own reminders win over the daemon's.
    #expect(missed.dueReminder(daemon, now: Self.hours(0.5), zone: .fixed(0)) == nil)
    let late = Plan(
      id: 2, details: try PlanDetails(startsAt: Self.start, capacity: 4, now: Self.hours(-10)),
      createdAt: Self.hours(-10))
    #expect(late.nextReminder(daemon, zone: .fixed(0))?.before == .seconds(3 * 3600))
    #expect(try Self.plan(reminders: [.seconds(3600)]).nextReminder(daemon, zone: .fixed(0))?.at == Self.hours(-1))
    #expect(try Self.plan(reminders: []).nextReminder(daemon, zone: .fixed(0)) == nil)
  }

  @Test func aPlanMovedLaterRemindsAgainAtItsNewTimes() throws {
    var plan = try Self.plan()
    plan.reminded(at: Self.hours(-3))
    _ = try plan.update(with: PlanChanges(start: (Self.hours(24), 0)), now: Self.hours(-2))
    #expect(plan.nextReminder([.seconds(3 * 3600)], zone: .fixed(0))?.at == Self.hours(21))
  }

  @Test func aPlanExpiresByItselfAndThenRefusesEverything() throws {
    var plan = try Self.plan()
    #expect(plan.expiresAt(after: .seconds(6 * 3600)) == Self.hours(6))
    try plan.expire()
    #expect(plan.status == .expired)
    #expect(throws: GatherError.planExpired) { _ = try plan.join(Self.player(1), at: Self.hours(7)) }
    #expect(throws: GatherError.planExpired) { try plan.cancel() }
    #expect(ClosedPlan(plan)?.status == .expired)
  }
}
