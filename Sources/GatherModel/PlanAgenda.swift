import struct FoundationEssentials.Date

/// Something a plan or a schedule has due at a moment: a week's plan to open, an open plan to close because its
/// start passed long ago, a reminder to send, an offered place to send or to pass on.
public enum PlanDue: Sendable, Hashable {
  /// The schedule's plan for the week starting then (with the offset in force then) opens.
  case open(PlanSchedule.ID, start: Date, utcOffset: Int)
  /// The open plan expires.
  case expire(Plan.ID)
  /// The open plan's reminder of `before` the start, due at `at`, goes out.
  case remind(Plan.ID, before: Duration, at: Date)
  /// The place offered to `player` goes out to them (quiet hours are over).
  case sendOffer(Plan.ID, player: Player.ID)
  /// The place offered to `player` was not taken in time: it passes on.
  case lapseOffer(Plan.ID, player: Player.ID)
}

/// What the plans and the schedules have due, as of a moment given as an argument: the session's one scheduler
/// asks what is due when its alarm rings, does it, and sets the alarm for ``nextAgendaMoment(now:times:zone:)``.
extension FootballGather {
  /// What is due at `now`, in the order to do it: expiries first (so that the next gather is always the next
  /// one), then the openings, then the reminders. Each schedule has at most its next week here: once it is open,
  /// ask again.
  public func dueAgenda(now: Date, times: PlanTimes, zone: ZoneRule) -> [PlanDue] {
    var due: [PlanDue] = []
    let open = openPlans
    for plan in open where plan.expiresAt(after: times.expiry) <= now { due.append(.expire(plan.id)) }
    for schedule in orderedSchedules {
      let start = schedule.nextStart(now: now, zone: zone)
      if schedule.opening(of: start.date, zone: zone) <= now {
        due.append(.open(schedule.id, start: start.date, utcOffset: start.utcOffset))
      }
    }
    for plan in open where plan.expiresAt(after: times.expiry) > now {
      if let reminder = plan.dueReminder(times.reminders, now: now, zone: self.zone(of: plan, server: zone)) {
        due.append(.remind(plan.id, before: reminder.before, at: reminder.at))
      }
      due += plan.dueOffers(now: now, quiet: times.quietHours, zone: zone)
    }
    return due
  }

  /// The first moment something falls due after what is due at `now` is done: a schedule's next opening, an open
  /// plan's expiry or its next reminder; nil when nothing ever will (no open plan and no schedule).
  public func nextAgendaMoment(now: Date, times: PlanTimes, zone: ZoneRule) -> Date? {
    var moments: [Date] = []
    for plan in openPlans {
      moments.append(plan.expiresAt(after: times.expiry))
      if let reminder = plan.nextReminder(times.reminders, zone: self.zone(of: plan, server: zone)) {
        moments.append(reminder.at)
      }
      if let offer = plan.nextOfferMoment(now: now, quiet: times.quietHours, zone: zone) { moments.append(offer) }
    }
    for schedule in orderedSchedules {
      moments.append(schedule.opening(of: schedule.nextStart(now: now, zone: zone).date, zone: zone))
    }
    return moments.min()
  }

  /// The zone a plan's wall clock reads in, for its reminders: its schedule's fixed offset, else the server's zone
  /// where that reads the plan's start at the plan's offset, else the plan's offset alone.
  public func zone(of plan: Plan, server: ZoneRule) -> ZoneRule {
    let offset = plan.details.utcOffset
    if let id = plan.terms.schedule, let fixed = schedules[id]?.details.utcOffset { return .fixed(fixed) }
    let start = Int64(plan.details.startsAt.timeIntervalSince1970.rounded(.down))
    return server.offset(start) == offset ? server : .fixed(offset)
  }
}
