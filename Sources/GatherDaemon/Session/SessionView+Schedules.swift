import FoundationEssentials
import GatherModel

/// The weekly schedules as readers see them.
extension SessionView {
  /// Every schedule, by id, with its next week.
  var schedules: [ScheduleSnapshot] {
    let now = settings.wallClock()
    return state.orderedSchedules.map { settings.snapshot(of: $0, now: now, roster: state.roster) }
  }
}

extension SessionSettings {
  /// `schedule` with its next week as of `now`, the server's zone's name when it follows the server's zone, and
  /// `roster`, which names who paid the pitch.
  func snapshot(of schedule: PlanSchedule, now: Date, roster: [Player.ID: Player]) -> ScheduleSnapshot {
    ScheduleSnapshot(
      schedule: schedule, next: schedule.nextStart(now: now, zone: zone),
      zoneName: schedule.details.utcOffset == nil ? LocalTimeZone.name() : nil, roster: roster, zone: zone)
  }
}
