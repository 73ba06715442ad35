import FoundationEssentials
import GatherModel
import NIOCore

/// The plans' one scheduler: an alarm set for the next moment a plan or a schedule has something due (a week's
/// plan to open, an open plan to expire, a reminder to send: `FootballGather.nextAgendaMoment`), on the injected
/// clock. When it rings, the session takes a turn on its own loop, does what is due by the wall clock, and sets the
/// alarm again. Nothing polls: with no open plan and no schedule there is no alarm at all, and otherwise nothing
/// wakes before the next due moment. The times are wall-clock times; the alarm waits for them on the injected
/// clock (the session's event loop in the daemon, a test clock in tests), and a ring that comes early by the wall
/// clock (its time was set back) finds nothing due and sets the alarm again.
extension Turn {
  /// How long the scheduler waits before trying again what it could not save (a full disk).
  static var agendaRetry: Duration { .seconds(60) }

  /// Does everything that is due now, in order (each a turn's commit and a `plan` event), until nothing is, then
  /// sets the alarm for the next due moment. At start it catches up: a week that should have opened while no
  /// gatherd ran opens now (if it has yet to start), a plan that expired meanwhile expires, and of the reminders
  /// missed only the latest goes out. Call it in a turn.
  mutating func runAgenda() {
    var failed = false
    // Each round does at least one thing or stops: a schedule's weeks are at most 5 apart in 28 days.
    for _ in 0..<64 {
      let now = wallClock()
      let due = state.dueAgenda(now: now, times: settings.planTimes, zone: settings.zone)
      if due.isEmpty { break }
      var done = 0
      for item in due where perform(item, now: now) { done += 1 }
      if done < due.count {
        failed = true
        break
      }
    }
    rearmAgenda(retrying: failed)
  }

  /// Sets the scheduler's alarm for the next due moment, replacing any earlier one; none when nothing will ever be
  /// due. With `retrying`, at most ``agendaRetry`` from now. Call it in a turn (every change of a plan's start,
  /// status or schedule does).
  mutating func rearmAgenda(retrying: Bool = false) {
    plans.agenda.cancel()
    guard !alarmsStopped else { return }
    let now = wallClock()
    var next = state.nextAgendaMoment(now: now, times: settings.planTimes, zone: settings.zone)
    if retrying { next = min(next ?? .distantFuture, now.addingTimeInterval(Self.agendaRetry.inSeconds)) }
    guard let next else { return }
    let (alarms, owner) = (environment.alarms, environment.owner)
    plans.agenda.set(atWall: next, wallNow: now, on: alarms.sessionLoop, clock: alarms) { generation in
      owner.current?.agendaRang(generation)
    }
  }

  /// Does one thing that is due; false when it could not be saved (it stays due, and is tried again).
  private mutating func perform(_ item: PlanDue, now: Date) -> Bool {
    do {
      switch item {
      case .expire(let id): try expirePlan(id, now: now)
      case .open(let id, let start, let utcOffset): try openWeek(of: id, start: (start, utcOffset), now: now)
      case .remind(let id, let before, let at): try remind(id, before: before, at: at)
      case .sendOffer(let id, let player): try sendOffer(id, to: player, now: now)
      case .lapseOffer(let id, let player): try lapseOffer(id, of: player, now: now)
      }
      return true
    } catch {
      logger.error("The plans' scheduler could not do what was due (\(item)): \(error)")
      return false
    }
  }

  /// Closes an open plan whose start passed by more than the expiry: `plan` event `expired`.
  private mutating func expirePlan(_ id: Plan.ID, now: Date) throws {
    var plan = try openPlan(id)
    try plan.expire()
    try commit { try store.expirePlan(id, at: now) }
    state.keep(plan)
    logger.info("Plan \(id) expired: its start passed.", metadata: ["plan_id": "\(id)"])
    publish(.expired, plan)
  }

  /// Opens a schedule's plan for the week starting at `start`: `plan` event `created`. An open plan made by hand
  /// for that very start is that week's game: the schedule moves on to the next week without a second plan.
  mutating func openWeek(of id: PlanSchedule.ID, start: (date: Date, utcOffset: Int), now: Date) throws {
    let schedule = try state.schedule(id)
    let (details, terms) = try schedule.plan(for: start, now: now, zone: settings.zone)
    let moved = schedule.moved(to: start.date)
    if let twin = state.openPlans.first(where: { $0.details.startsAt == start.date }) {
      try environment.commit { try store.updateSchedule(moved) }
      state.keep(moved)
      logger.info(
        "Schedule \(id) opened no plan: plan \(twin.id) was made for the same start.",
        metadata: ["plan_id": "\(twin.id)"])
      return
    }
    let plan = try commit {
      try store.openScheduledPlan(
        details, terms: terms, signUpCode: SignUpCode.make(), createdAt: now, schedule: moved)
    }
    state.keep(plan)
    state.keep(moved)
    logger.info("Schedule \(id) opened plan \(plan.id).", metadata: ["plan_id": "\(plan.id)"])
    publish(.created, plan)
  }

  /// Sends an open plan's reminder: `plan` event `reminder`, with the places left and who is going.
  private mutating func remind(_ id: Plan.ID, before: Duration, at moment: Date) throws {
    var plan = try openPlan(id)
    plan.reminded(at: moment)
    try commit { try store.saveReminder(id, until: moment) }
    state.keep(plan)
    hub.publish(.plan(PlanEvent(.reminder, snapshot(of: plan), before: before)))
  }
}

extension GatherSession {
  /// On the session's loop: the scheduler's turn, unless a later change has set the alarm again.
  func agendaRang(_ generation: Int) {
    turns.withLock { turn in
      guard turn.plans.agenda.isCurrent(generation), !turn.alarmsStopped else { return }
      turn.plans.agenda.rang()
      turn.runAgenda()
      turn.endTurn()
    }
  }
}
