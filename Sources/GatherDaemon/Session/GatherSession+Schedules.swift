import FoundationEssentials
import GatherModel

/// Weekly schedules: the games that plan themselves. Each change follows the session's pattern (the model checks,
/// the store commits, the copy is kept) and sets the plans' scheduler again (GatherSession+Agenda.swift).
extension GatherSession {
  /// Makes a weekly schedule; its first plan is the first week whose opening is still to come. Another
  /// schedule's day and time is refused unless `force`.
  func createSchedule(_ details: ScheduleDetails, force: Bool = false) throws -> ScheduleSnapshot {
    if !force { try state.requireNoSchedule(on: details.weekday, at: details.time) }
    let schedule = try commit { try store.createSchedule(details, at: wallClock()) }
    state.keep(schedule)
    logger.info("Made weekly schedule \(schedule.id).")
    runAgenda()
    return snapshot(of: schedule, now: wallClock())
  }

  /// Changes a schedule; the plans it has opened keep their details, and the weeks it makes from now on follow
  /// the change. A new day or time another schedule has is refused unless `force`.
  func updateSchedule(_ id: PlanSchedule.ID, _ changes: ScheduleChanges, force: Bool = false) throws
    -> ScheduleSnapshot
  {
    let now = wallClock()
    let schedule = try state.schedule(id).changed(by: changes, now: now)
    if !force, changes.weekday != nil || changes.time != nil {
      try state.requireNoSchedule(on: schedule.details.weekday, at: schedule.details.time, except: id)
    }
    try commit { try store.updateSchedule(schedule) }
    state.keep(schedule)
    logger.info("Changed weekly schedule \(id).")
    runAgenda()
    return snapshot(of: schedule, now: wallClock())
  }

  /// Deletes a schedule; the plans it has opened stay as they are.
  func deleteSchedule(_ id: PlanSchedule.ID) throws {
    _ = try state.schedule(id)
    try commit { try store.deleteSchedule(id) }
    state.removeSchedule(id)
    logger.info("Deleted weekly schedule \(id).")
    rearmAgenda()
  }

  /// Every schedule, by id, with its next week, from the committed view.
  func schedules() -> [ScheduleSnapshot] {
    let now = wallClock()
    return view.state.orderedSchedules.map { snapshot(of: $0, now: now) }
  }

  private func snapshot(of schedule: PlanSchedule, now: Date) -> ScheduleSnapshot {
    ScheduleSnapshot(
      schedule: schedule, next: schedule.nextStart(now: now, zone: zone),
      zoneName: schedule.details.utcOffset == nil ? LocalTimeZone.name() : nil, zone: zone)
  }
}
