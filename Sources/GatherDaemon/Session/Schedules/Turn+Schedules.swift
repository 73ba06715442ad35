import FoundationEssentials
import GatherModel

/// Weekly schedules: the games that plan themselves. Each change follows the session's pattern (the model checks,
/// the store commits, the copy is kept) and sets the plans' scheduler again (GatherSession+Agenda.swift).
extension Turn {
  /// Makes a weekly schedule; its first plan is the first week whose opening is still to come, or with
  /// `thisWeek`, this week's game when it is still to start (``PlanSchedule/thisWeek(now:zone:)``), opened at once.
  /// Another schedule's day and time is refused unless `force`.
  mutating func createSchedule(_ details: ScheduleDetails, force: Bool = false, thisWeek: Bool = false) throws
    -> ScheduleSnapshot
  {
    if !force { try state.requireNoSchedule(on: details.weekday, at: details.time) }
    try requirePayer(of: details.fee)
    let now = wallClock()
    let schedule = try commit { try store.createSchedule(details, at: now) }
    state.keep(schedule)
    logger.info("Made weekly schedule \(schedule.id).")
    if thisWeek, let start = schedule.thisWeek(now: now, zone: settings.zone) {
      try openWeek(of: schedule.id, start: start, now: now)
    }
    runAgenda()
    return settings.snapshot(of: try state.schedule(schedule.id), now: wallClock(), roster: state.roster)
  }

  /// Changes a schedule; the plans it has opened keep their details, and the weeks it makes from now on follow
  /// the change. A new day or time another schedule has is refused unless `force`.
  mutating func updateSchedule(_ id: PlanSchedule.ID, _ changes: ScheduleChanges, force: Bool = false) throws
    -> ScheduleSnapshot
  {
    let now = wallClock()
    let schedule = try state.schedule(id).changed(by: changes, now: now)
    try requirePayer(of: schedule.details.fee)
    if !force, changes.weekday != nil || changes.time != nil {
      try state.requireNoSchedule(on: schedule.details.weekday, at: schedule.details.time, except: id)
    }
    try commit { try store.updateSchedule(schedule) }
    state.keep(schedule)
    logger.info("Changed weekly schedule \(id).")
    runAgenda()
    return settings.snapshot(of: schedule, now: wallClock(), roster: state.roster)
  }

  /// Deletes a schedule; the plans it has opened stay as they are.
  mutating func deleteSchedule(_ id: PlanSchedule.ID) throws {
    _ = try state.schedule(id)
    try commit { try store.deleteSchedule(id) }
    state.removeSchedule(id)
    logger.info("Deleted weekly schedule \(id).")
    rearmAgenda()
  }

}
