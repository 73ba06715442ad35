import FoundationEssentials
import GatherModel

/// The weekly schedules as readers see them.
extension SessionView {
  /// Every schedule, by id, with its next week.
  var schedules: [ScheduleSnapshot] {
    let now = settings.wallClock()
    return state.orderedSchedules.map { settings.snapshot(of: $0, now: now) }
  }
}

extension SessionSettings {
  /// `schedule` with its next week as of `now`, and the server's zone's name when it follows the server's zone.
  func snapshot(of schedule: PlanSchedule, now: Date) -> ScheduleSnapshot {
    ScheduleSnapshot(
      schedule: schedule, next: schedule.nextStart(now: now, zone: zone),
      zoneName: schedule.details.utcOffset == nil ? LocalTimeZone.name() : nil)
  }
}
