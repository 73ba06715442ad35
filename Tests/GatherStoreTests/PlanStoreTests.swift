import Foundation
import GatherModel
import GatherStore
import Testing

/// Plans and their answers in a real database file: what was acknowledged is on disk, in order, and
/// comes back the same after a crash; closed plans keep their lists; attendance adds up.
@Suite struct PlanStoreTests {
  static let now = StoreFixture.kickOff
  let fixture: StoreFixture
  let players: [Player]

  init() throws {
    fixture = try StoreFixture()
    players = try fixture.createPlayers(["Ana", "Bruno", "Carla", "Dani", "Eli"])
  }

  /// A plan for `capacity` starting `hours` after now.
  func createPlan(capacity: Int, hours: Double = 72, code: String = "code") throws -> Plan {
    try fixture.store.createPlan(
      PlanDetails(
        startsAt: Self.now.addingTimeInterval(hours * 3600), utcOffset: 3600, capacity: capacity, place: "Astro 2",
        now: Self.now),
      signUpCode: code, createdAt: Self.now)
  }

  /// Joins (true) or leaves (false) as the session does: the model first, then the store; returns the plan.
  @discardableResult
  func answer(_ plan: inout Plan, _ player: Player, join: Bool, minutes: Double) throws -> PlanChange {
    let at = Self.now.addingTimeInterval(minutes * 60)
    let change = join ? try plan.join(player, at: at) : try plan.leave(player, at: at)
    if change.changed {
      try join
        ? fixture.store.saveJoin(player, plan: plan.id, at: at) : fixture.store.saveLeave(player, plan: plan.id, at: at)
    }
    return change
  }

  @Test func aJoinThatReturnedIsOnDiskAfterACrashWithTheListInOrder() throws {
    var plan = try createPlan(capacity: 2)
    for (minute, player) in [players[2], players[0], players[4]].enumerated() {
      try answer(&plan, player, join: true, minutes: Double(minute))
    }
    try answer(&plan, players[0], join: false, minutes: 10)
    // No close: the files as a killed process leaves them.
    let restarted = try GatherStore.open(path: try CrashRecoveryTests.crashImage(of: fixture))
    let loaded = try #require(try restarted.load(at: .zero, wallNow: Self.now).openPlan(plan.id))
    #expect(loaded == plan)
    #expect(loaded.going.map(\.player) == [players[2].id, players[4].id])
    #expect(loaded.declined.map(\.player) == [players[0].id])
    #expect(loaded.details.place == "Astro 2")
    #expect(loaded.details.utcOffset == 3600)
    #expect(loaded.signUpCode == "code")
  }

  @Test func aGuestIsAddedToTheRosterAndJoinsInOneTransaction() throws {
    var plan = try createPlan(capacity: 4)
    let guest = try fixture.store.addGuest(PlayerDetails(name: "Zé"), joining: plan.id, at: Self.now)
    _ = try plan.join(guest, at: Self.now, guest: true)
    let state = try fixture.store.load(at: .zero, wallNow: Self.now)
    #expect(try state.player(guest.id).name == "Zé")
    #expect(state.openPlan(plan.id) == plan)
    #expect(state.openPlan(plan.id)?.queue.first?.guest == true)
  }

  @Test func aClosedPlanRefusesEveryWriteAndChangesNothing() throws {
    let plan = try createPlan(capacity: 4)
    try fixture.store.cancelPlan(plan.id, at: Self.now)
    #expect(throws: GatherError.planCancelled) { try fixture.store.saveJoin(players[0], plan: plan.id, at: Self.now) }
    #expect(throws: GatherError.planCancelled) {
      try fixture.store.addGuest(PlayerDetails(name: "Zé"), joining: plan.id, at: Self.now)
    }
    #expect(throws: GatherError.planCancelled) { try fixture.store.cancelPlan(plan.id, at: Self.now) }
    #expect(throws: GatherError.planNotFound) { try fixture.store.saveJoin(players[0], plan: 99, at: Self.now) }
    #expect(try fixture.store.playerCount() == players.count, "the refused guest was not added")
    let cancelled = try #require(try fixture.store.plan(plan.id))
    #expect(cancelled.status == .cancelled)
    #expect(cancelled.signUpCode == plan.signUpCode, "the code is kept, to say the plan was cancelled")
    let loaded = try fixture.store.load(at: .zero, wallNow: Self.now)
    #expect(loaded.openPlans.isEmpty)
    #expect(loaded.closedPlan(withCode: Array((plan.signUpCode ?? "").utf8))?.status == .cancelled)
    #expect(loaded.plan(withCode: Array((plan.signUpCode ?? "").utf8)) == nil, "and it opens nothing")
  }

  @Test func aGatherFromAPlanStartsItAndItsCancelGivesItBack() throws {
    var plan = try createPlan(capacity: 2)
    for (minute, player) in players.prefix(3).enumerated() {
      try answer(&plan, player, join: true, minutes: Double(minute))
    }
    var state = try fixture.store.load(at: .zero, wallNow: Self.now)
    let lineup = try state.lineupForNewGather(teamA: [players[0].id], teamB: [players[1].id])
    let clock = try MatchClock()
    let id = try fixture.store.startGather(
      lineup: lineup, clock: clock.snapshot(at: .zero, wallNow: Self.now), startedAt: Self.now, plan: plan.id
    ) { [state] in state.name(of: $0) }
    state = try fixture.store.load(at: .zero, wallNow: Self.now)
    #expect(state.active?.planID == plan.id)
    #expect(state.openPlans.isEmpty)
    #expect(try fixture.store.plan(plan.id)?.status == .started)
    #expect(try fixture.store.plan(plan.id)?.gatherID == id)
    #expect(throws: GatherError.planStarted) { try fixture.store.saveJoin(players[3], plan: plan.id, at: Self.now) }

    let reopened = try #require(try fixture.store.cancelGather(id: id))
    #expect(reopened.status == .open)
    #expect(reopened.gatherID == nil)
    #expect(reopened.queue == plan.queue)
    #expect(try fixture.store.load(at: .zero, wallNow: Self.now).openPlan(plan.id) == reopened)
  }

  @Test func aDeletedPlayerLeavesOpenPlansAndClosedPlansKeepTheirName() throws {
    var open = try createPlan(capacity: 2)
    var closed = try createPlan(capacity: 2, hours: 24)
    for player in players.prefix(3) {
      try answer(&open, player, join: true, minutes: 0)
      try answer(&closed, player, join: true, minutes: 0)
    }
    try fixture.store.cancelPlan(closed.id, at: Self.now)
    try fixture.store.deletePlayer(players[0].id)
    let state = try fixture.store.load(at: .zero, wallNow: Self.now)
    #expect(state.openPlan(open.id)?.going.map(\.player) == [players[1].id, players[2].id])
    let kept = try #require(try fixture.store.plan(closed.id))
    #expect(kept.queue.map(\.name) == ["Ana", "Bruno", "Carla"])
  }

  @Test func attendanceCountsJoinedPlayedAndLeftWithin24Hours() throws {
    // Plan 1 (in 72 h): Ana, Bruno, Carla and Dani join; Carla leaves 2 h before the start (late), Dani two days
    // before (not late); it starts with Ana and Bruno playing.
    var first = try createPlan(capacity: 4, hours: 72)
    for player in players.prefix(4) { try answer(&first, player, join: true, minutes: 0) }
    try answer(&first, players[2], join: false, minutes: 70 * 60)
    try answer(&first, players[3], join: false, minutes: 10)
    var state = try fixture.store.load(at: .zero, wallNow: Self.now)
    _ = try fixture.store.startGather(
      lineup: try state.lineupForNewGather(teamA: [players[0].id], teamB: [players[1].id]),
      clock: try MatchClock().snapshot(at: .zero, wallNow: Self.now), startedAt: Self.now, plan: first.id
    ) { [state] in state.name(of: $0) }
    // Plan 2 (in 48 h), cancelled: it counts for nobody.
    var second = try createPlan(capacity: 4, hours: 48)
    try answer(&second, players[0], join: true, minutes: 0)
    try fixture.store.cancelPlan(second.id, at: Self.now)
    // Plan 3 (in 24 h), open: Ana joins, leaves late, and joins again: not a late leave.
    var third = try createPlan(capacity: 4, hours: 24)
    try answer(&third, players[0], join: true, minutes: 0)
    try answer(&third, players[0], join: false, minutes: 60)
    try answer(&third, players[0], join: true, minutes: 61)
    // Eli only said no: joined nothing.
    try answer(&third, players[4], join: false, minutes: 0)
    state = try fixture.store.load(at: .zero, wallNow: Self.now)

    let report = { (player: Player) in try fixture.store.playerReport(player.id).stats.attendance }
    #expect(try report(players[0]) == Attendance(joined: 2, played: 1, leftLate: 0))
    #expect(try report(players[1]) == Attendance(joined: 1, played: 1, leftLate: 0))
    #expect(try report(players[2]) == Attendance(joined: 1, played: 0, leftLate: 1))
    #expect(try report(players[3]) == Attendance(joined: 1, played: 0, leftLate: 0))
    #expect(try report(players[4]) == Attendance())

    let byAttendance = try fixture.store.playerStats(minGathers: 0, order: .attendance).map(\.name)
    #expect(byAttendance == ["Ana", "Bruno", "Dani", "Eli", "Carla"], "played, then fewest left late, then joined")
    // A period counts the plans that start in it.
    let later = GatherStore.StatsPeriod(since: Self.now.addingTimeInterval(60 * 3600))
    let onlyFirst = try fixture.store.playerStats(period: later, minGathers: 0, order: .attendance)
    #expect(onlyFirst.first { $0.playerID == players[0].id }?.attendance == Attendance(joined: 1, played: 1))
  }
}
