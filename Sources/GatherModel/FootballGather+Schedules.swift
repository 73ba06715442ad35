import struct FoundationEssentials.Date

/// The weekly schedules, the regulars and the calendar feed's code: the rules that span plans, schedules and the
/// roster's history.
extension FootballGather {
  /// The schedules, by id.
  public var orderedSchedules: [PlanSchedule] { schedules.values.sorted { $0.id < $1.id } }

  /// The schedule with this id.
  public func schedule(_ id: PlanSchedule.ID) throws(GatherError) -> PlanSchedule {
    guard let schedule = schedules[id] else { throw .scheduleNotFound(id) }
    return schedule
  }

  /// Keeps a schedule the store has just saved (made, changed, or moved on to its next week).
  public mutating func keep(_ schedule: PlanSchedule) { schedules[schedule.id] = schedule }

  /// Refuses a day and time that a schedule other than `except` has too, whatever their offsets (on one server
  /// they are most often the same game): the refusal names that schedule, its day and time and its place.
  /// `except` is the schedule being changed (nil for a new one).
  public func requireNoSchedule(
    on weekday: Weekday, at time: TimeOfDay, except: PlanSchedule.ID? = nil
  ) throws(GatherError) {
    let other = orderedSchedules.first { schedule in
      schedule.id != except && schedule.details.weekday == weekday && schedule.details.time == time
    }
    guard let other else { return }
    let day = other.details.weekday.name
    let when = day.prefix(1).uppercased() + day.dropFirst() + "s at \(other.details.time)"
    throw .sameScheduleTime(other.id, when: when, place: other.details.place, moving: except != nil)
  }

  /// Forgets a schedule the store has just deleted; the plans it made stay as they are.
  public mutating func removeSchedule(_ id: PlanSchedule.ID) { schedules[id] = nil }

  /// Records who played a gather that has just ended, as the newest of the recent lineups.
  public mutating func recordLineup(_ players: [Player.ID]) {
    recentLineups.insert(Set(players), at: 0)
    if recentLineups.count > RegularsRule.ofLastRange.upperBound { recentLineups.removeLast() }
  }

  /// Keeps the calendar feed's code the store has just saved.
  public mutating func keepCalendarCode(_ code: String) { calendarCode = code }

  /// Whether `code` is the calendar feed's, compared in constant time: the time taken does not depend on where a
  /// wrong code differs. False while the feed has no code.
  public func isCalendarCode(_ code: some Collection<UInt8>) -> Bool {
    guard let calendarCode else { return false }
    return ConstantTime.equal(Array(calendarCode.utf8), code)
  }

  /// Whether a player counts as a regular for `plan`'s rule (false without one).
  public func isRegular(_ player: Player, for plan: Plan) -> Bool {
    plan.terms.regulars?.isRegular(player, recent: recentLineups) ?? false
  }
}
