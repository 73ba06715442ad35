import GatherAPI
import GatherModel
import GatherRPC

/// What plan.*, plans.list and vote.* answer.
extension Encoded where Value == API.Plan {
  /// The plan, its players named by the roster.
  init(_ plan: PlanSnapshot) { self.init(plan.json) }
}

extension Encoded where Value == API.PlanList {
  /// `{plans}`, soonest first.
  init(_ plans: [PlanSnapshot]) { self.init(plans.json) }
}

extension Encoded where Value == API.PlanAnswer {
  /// `{plan, player, answer, changed, promoted, offered}`.
  init(_ answer: PlanAnswer) { self.init(answer.json) }
}

extension Encoded where Value == API.Schedule {
  /// A weekly schedule, with its next week.
  init(_ schedule: ScheduleSnapshot) { self.init(schedule.json) }
}

extension Encoded where Value == API.ScheduleList {
  /// `{schedules}`, by id.
  init(_ schedules: [ScheduleSnapshot]) { self.init(schedules.json) }
}

extension Encoded where Value == API.Unscheduled {
  /// `{unscheduled}`: the schedule deleted.
  init(unscheduled id: PlanSchedule.ID) { self.init(.object(["unscheduled": .int(id)])) }
}

extension Encoded where Value == API.VoteStatus {
  /// What anyone may know of a vote.
  init(_ status: VoteStatus) { self.init(status.json) }
}
