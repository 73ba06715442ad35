import Foundation
import GatherModel
import GatherStore
import Testing

/// Who turned up, on disk: a check-in and its walk-ins in one transaction, back after a crash, and attendance
/// counted from it (played, no-shows); what the codes of closed plans still say after a restart.
@Suite struct PlanCheckInStoreTests {
  static let now = StoreFixture.kickOff
  let fixture: StoreFixture
  let players: [Player]

  init() throws {
    fixture = try StoreFixture()
    players = try fixture.createPlayers(["Ana", "Bruno", "Carla", "Dani", "Eli"])
  }

  /// An open plan for `capacity`, starting `hours` from now, that these players joined in order.
  func plan(capacity: Int, hours: Double = 72, code: String = "code", joined: [Player]) throws -> Plan {
    var plan = try fixture.store.createPlan(
      PlanDetails(startsAt: Self.now.addingTimeInterval(hours * 3600), capacity: capacity, now: Self.now),
      signUpCode: code, createdAt: Self.now)
    for player in joined {
      _ = try plan.join(player, at: Self.now)
      try fixture.store.saveJoin(player, plan: plan.id, at: Self.now)
    }
    return plan
  }

  /// Checks in as the session does: the model's rule inside the store's transaction, after the newcomers are made.
  @discardableResult
  func checkIn(_ plan: Plan, present: [Player], walkIns: [String] = []) throws -> (players: [Player], plan: Plan) {
    try fixture.store.saveCheckIn(
      plan: plan.id, newcomers: try walkIns.map { try PlayerDetails(name: $0) }, at: Self.now
    ) { newcomers in
      var checked = plan
      try checked.checkIn(present: present, newcomers: newcomers, at: Self.now)
      return checked
    }
  }

  @Test func aCheckInWithAWalkInIsOnDiskAfterACrash() throws {
    let plan = try plan(capacity: 2, joined: Array(players.prefix(3)))
    let saved = try checkIn(plan, present: [players[2], players[0], players[4]], walkIns: ["Zé"])
    #expect(saved.players.map(\.name) == ["Zé"])
    let restarted = try GatherStore.open(path: try CrashRecoveryTests.crashImage(of: fixture))
    let state = try restarted.load(at: .zero, wallNow: Self.now)
    let loaded = try #require(state.openPlan(plan.id))
    #expect(loaded == saved.plan)
    #expect(loaded.checkIn?.present.map(\.name) == ["Ana", "Carla", "Eli", "Zé"])
    #expect(loaded.checkIn?.noShows.map(\.name) == ["Bruno"])
    #expect(try state.player(saved.players[0].id).name == "Zé", "the walk-in is on the roster")
  }

  @Test func aRefusedCheckInAddsNobody() throws {
    let plan = try plan(capacity: 2, joined: [players[0]])
    #expect(throws: GatherError.validation("present", "")) {
      try checkIn(plan, present: [players[0], players[0]], walkIns: ["Zé"])
    }
    #expect(try fixture.store.playerCount() == players.count)
    #expect(try fixture.store.plan(plan.id)?.checkIn == nil)
    try fixture.store.cancelPlan(plan.id, at: Self.now)
    #expect(throws: GatherError.planCancelled) { try checkIn(plan, present: [players[0]]) }
  }

  @Test func attendanceCountsWhoCameAndWhoDidNot() throws {
    // Plan 1: Ana, Bruno and Carla going, Dani waiting; Ana, Carla and Dani came and Eli walked in; Bruno did not.
    // It starts with Ana and Carla only, and Bruno, late, is added to the gather: he came after all.
    let first = try plan(capacity: 3, hours: 72, code: "one", joined: Array(players.prefix(4)))
    try checkIn(first, present: [players[0], players[2], players[3], players[4]])
    // Plan 2: Ana and Bruno going; only Ana came; it is never started (a paper split): Bruno missed it.
    let second = try plan(capacity: 2, hours: 48, code: "two", joined: Array(players.prefix(2)))
    try checkIn(second, present: [players[0]])
    // Plan 3, cancelled after its check-in: it counts for nobody.
    let third = try plan(capacity: 2, hours: 24, code: "three", joined: [players[2], players[3]])
    try checkIn(third, present: [players[3]])
    try fixture.store.cancelPlan(third.id, at: Self.now)
    var state = try fixture.store.load(at: .zero, wallNow: Self.now)
    let lineup = try state.lineupForNewGather(teamA: [players[0].id, players[1].id], teamB: [players[2].id])
    _ = try fixture.store.startGather(
      lineup: lineup, clock: try MatchClock().snapshot(at: .zero, wallNow: Self.now), startedAt: Self.now,
      plan: first.id
    ) { [state] in state.name(of: $0) }
    state = try fixture.store.load(at: .zero, wallNow: Self.now)

    let report = { (player: Player) in try fixture.store.playerReport(player.id).stats.attendance }
    #expect(try report(players[0]) == Attendance(joined: 2, played: 2))
    #expect(try report(players[1]) == Attendance(joined: 2, played: 1, noShows: 1))
    #expect(try report(players[2]) == Attendance(joined: 1, played: 1), "the cancelled plan does not count")
    #expect(try report(players[3]) == Attendance(joined: 1, played: 1), "brought in from the waiting list")
    #expect(try report(players[4]) == Attendance(joined: 0, played: 1), "a walk-in played without joining")
    let byAttendance = try fixture.store.playerStats(minGathers: 0, order: .attendance).map(\.name)
    #expect(byAttendance == ["Ana", "Carla", "Dani", "Eli", "Bruno"], "played, then fewest no-shows, then joined")
  }

  @Test func aDeletedPlayerLeavesAnOpenPlansCheckInAndAClosedOneKeepsIt() throws {
    let open = try plan(capacity: 3, code: "open", joined: Array(players.prefix(2)))
    let closed = try plan(capacity: 3, hours: 24, code: "closed", joined: Array(players.prefix(2)))
    try checkIn(open, present: [players[0], players[1]])
    try checkIn(closed, present: [players[0], players[1]])
    try fixture.store.cancelPlan(closed.id, at: Self.now)
    try fixture.store.deletePlayer(players[0].id)
    #expect(try fixture.store.plan(open.id)?.checkIn?.present.map(\.name) == ["Bruno"])
    #expect(try fixture.store.plan(closed.id)?.checkIn?.present.map(\.name) == ["Ana", "Bruno"])
  }

  @Test func theCodesOfClosedPlansSayWhatBecameOfThemAfterARestart() throws {
    let cancelled = try plan(capacity: 2, code: "cancelled", joined: [])
    try fixture.store.cancelPlan(cancelled.id, at: Self.now)
    let started = try plan(capacity: 2, hours: 24, code: "started", joined: Array(players.prefix(2)))
    var state = try fixture.store.load(at: .zero, wallNow: Self.now)
    let gather = try fixture.store.startGather(
      lineup: try state.lineupForNewGather(teamA: [players[0].id], teamB: [players[1].id]),
      clock: try MatchClock().snapshot(at: .zero, wallNow: Self.now), startedAt: Self.now, plan: started.id
    ) { [state] in state.name(of: $0) }
    state = try GatherStore.open(path: fixture.path).load(at: .zero, wallNow: Self.now)
    #expect(
      state.closedPlan(withCode: Array("cancelled".utf8))
        == ClosedPlan(
          id: cancelled.id, status: .cancelled, gatherID: nil, signUpCode: "cancelled"))
    #expect(
      state.closedPlan(withCode: Array("started".utf8))
        == ClosedPlan(
          id: started.id, status: .started, gatherID: gather, signUpCode: "started"))
    #expect(state.plan(withCode: Array("started".utf8)) == nil)
  }
}
