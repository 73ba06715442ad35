import Clocks
import Foundation
import GatherModel
import GatherRPC
import GatherStore
import Testing

@testable import GatherDaemon

/// Plans through the session: the `plan` events a subscriber sees for each answer and change, in
/// order, the wall clock deciding what is in the future, and a gather started from a plan.
@Suite(.timeLimit(.minutes(1))) struct PlansPartTests {
  let fixture: SessionFixture
  var session: SessionFixture.Session { fixture.session }
  /// The fixture's wall clock is 1_800_000_000 (2027-01-15T08:00:00Z): a week later, at 19:00 in UTC+1.
  static let nextWeek = "2027-01-22T19:00+01:00"

  init() async throws {
    fixture = try await SessionFixture()
    for name in ["Carla", "Dani"] { _ = try await fixture.perform { try $0.createPlayer(PlayerDetails(name: name)) } }
  }

  /// A plan next week; several may start then (forced).
  func createPlan(capacity: Int) async throws -> Plan.ID {
    let start = try ISO8601.zonedDate(Self.nextWeek)
    let plan = try await session.perform {
      try $0.createPlan(
        startsAt: start.date, utcOffset: start.utcOffset, capacity: capacity, place: nil, note: nil, force: true)
    }
    return plan.plan.id
  }

  /// The next events as "change:player" (or just "change").
  func nextChanges() async throws -> [String] {
    try await fixture.nextEvents().map { event in
      #expect(event.method == "plan")
      let change = event.params["change"]?.stringValue ?? "?"
      return event.params["player"]?["name"]?.stringValue.map { "\(change):\($0)" } ?? change
    }
  }

  @Test func eachAnswerIsAnEventAndALeaveMovesTheFirstWaitingUp() async throws {
    let plan = try await createPlan(capacity: 2)
    try await fixture.subscribe([.plan])
    for player: Int64 in [1, 2, 3] {
      _ = try await session.perform { try $0.joinPlan(plan, player: player) }
      let joined = try await nextChanges()
      #expect(joined == ["joined:\(["Ana", "Bruno", "Carla"][Int(player) - 1])"])
    }
    let again = try await session.perform { try $0.joinPlan(plan, player: 1) }
    #expect(!again.change.changed)
    let left = try await session.perform { try $0.leavePlan(plan, player: 1) }
    #expect(left.change.promoted.first.map { left.plan.roster[$0]?.name } == "Carla")
    #expect(try await nextChanges() == ["left:Ana", "promoted:Carla"], "joining again published nothing")
    let view = session.view.state.openPlan(plan)
    #expect(view?.going.map(\.player) == [2, 3])
  }

  @Test func aCapacityChangeSaysWhoMovedUp() async throws {
    let plan = try await createPlan(capacity: 2)
    for player: Int64 in 1...4 { _ = try await session.perform { try $0.joinPlan(plan, player: player) } }
    try await fixture.subscribe([.plan])
    _ = try await session.perform { try $0.updatePlan(plan, PlanChanges(capacity: 3)) }
    #expect(try await nextChanges() == ["updated", "promoted:Carla"])
    _ = try await session.perform { try $0.updatePlan(plan, PlanChanges(capacity: 2)) }
    #expect(try await nextChanges() == ["updated"])
    #expect(session.view.state.openPlan(plan)?.waiting.map(\.player) == [3, 4])
  }

  @Test func aStartInThePastByTheWallClockIsRefused() async throws {
    let yesterday = try ISO8601.zonedDate("2027-01-14T19:00Z")
    await #expect(throws: GatherError.validation("startsAt", "")) {
      try await session.perform {
        try $0.createPlan(startsAt: yesterday.date, utcOffset: 0, capacity: 10, place: nil, note: nil)
      }
    }
    #expect(session.view.state.openPlans.isEmpty)
  }

  @Test func aGatherFromAPlanTakesTheGoingPlayersOnlyAndCancellingItGivesThePlanBack() async throws {
    let plan = try await createPlan(capacity: 2)
    for player: Int64 in [3, 1, 2] { _ = try await session.perform { try $0.joinPlan(plan, player: player) } }
    try await fixture.subscribe([.plan, .gather])
    let gather = try await session.perform {
      try $0.startGather(plan: plan, seconds: 300, periods: nil, breakSeconds: nil, force: true)
    }
    let lineup = gather.gather.lineup
    #expect(Set(lineup.players) == [3, 1], "Bruno waited: he does not play")
    #expect(lineup.players(in: .teamA).count == 1 && lineup.players(in: .teamB).count == 1)
    #expect(gather.gather.planID == plan)
    let events = try await fixture.nextEvents().map { "\($0.method):\($0.params["change"]?.stringValue ?? "")" }
    #expect(events == ["gather:started", "plan:started"])
    #expect(session.view.state.openPlan(plan) == nil)
    await #expect(throws: GatherError.planStarted) { try await session.perform { try $0.joinPlan(plan, player: 4) } }

    _ = try await session.perform { try $0.cancelGather() }
    let back = try await fixture.nextEvents().map { "\($0.method):\($0.params["change"]?.stringValue ?? "")" }
    #expect(back == ["gather:cancelled", "plan:updated"])
    #expect(session.view.state.openPlan(plan)?.status == .open)
  }

  @Test func aSignUpGrantAnswersForItsOwnValidPlanOnly() async throws {
    let plan = try await createPlan(capacity: 4)
    let other = try await createPlan(capacity: 4)
    let state = session.view.state
    let code = try #require(state.openPlan(plan)?.signUpCode)
    let grant = CodeGrant(scope: .plan(plan), code: Array(code.utf8))
    try grant.check(plan: plan, in: state)
    #expect(throws: RPCError.self) { try grant.check(plan: other, in: state) }
    _ = try await session.perform { try $0.cancelPlan(plan) }
    #expect(throws: RPCError.self) { try grant.check(plan: plan, in: session.view.state) }
  }
}
