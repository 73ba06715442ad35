import FoundationEssentials
import GatherModel

/// The plans as queries read them: any plan, open or closed, and the plans the calendar feed shows.
extension Reader {
  /// How far back the feed shows plans that are no longer open.
  static var calendarHistory: Duration { .seconds(28 * 86400) }

  /// Any plan: from the committed view while it is open, else from the store.
  func plan(_ id: Plan.ID) throws -> PlanSnapshot {
    if let plan = state.openPlan(id) { return PlanSnapshot(plan, in: state) }
    guard let plan = try store.plan(id) else { throw GatherError.planNotFound(id) }
    return PlanSnapshot(plan, in: state)
  }

  /// Who a gather started from open plan `id` puts on the pitch and who on the bench (``Plan/kickOffLineup``).
  func kickOffLineup(of id: Plan.ID) throws -> (playing: [Player.ID], bench: [Player.ID]) {
    guard let plan = state.openPlan(id) else { throw try closedPlanError(id) }
    return plan.kickOffLineup
  }

  /// The error for a plan that is not open in the committed view: not found, cancelled, started or expired.
  func closedPlanError(_ id: Plan.ID) throws -> GatherError { try store.planError(id) }

  /// The plans the feed shows, soonest first: every open plan, and those closed (cancelled, started, expired) that
  /// start from four weeks ago on.
  func calendarPlans() throws -> [PlanSnapshot] {
    let since = settings.wallClock().addingTimeInterval(-Self.calendarHistory.inSeconds)
    let roster = state.roster
    return try store.calendarPlans(since: since).map { PlanSnapshot(plan: $0, roster: roster) }
  }
}
