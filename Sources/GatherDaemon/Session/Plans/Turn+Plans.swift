import FoundationEssentials
import GatherModel

/// Plans: coming gathers, and who is coming. Each change follows the session's pattern: the model checks a
/// copy, the store commits it, the copy is kept, and `plan` events say what happened.
extension Turn {
  /// Makes an open plan, with a new sign-up code; the start must be in the future by the wall clock, and not an
  /// open plan's start unless `force`.
  mutating func createPlan(
    startsAt: Date, utcOffset: Int, capacity: Int, place: String?, note: String?, force: Bool = false,
    attendance: AttendanceChange = AttendanceChange()
  ) throws -> PlanSnapshot {
    let details = try PlanDetails(
      startsAt: startsAt, utcOffset: utcOffset, capacity: capacity, place: place, note: note, now: wallClock())
    var terms = PlanTerms()
    terms.offerPeriod = attendance.offerPeriod ?? nil
    terms.cutOff = attendance.cutOff ?? nil
    return try createPlan(details, terms: terms, fee: nil, force: force)
  }

  /// Saves and publishes a new open plan, refusing another open plan's very start unless `force`.
  private mutating func createPlan(
    _ details: PlanDetails, terms: PlanTerms, fee: Fee?, force: Bool
  ) throws -> PlanSnapshot {
    if !force { try state.requireNoPlanStarting(at: details.startsAt) }
    try requirePayer(of: fee)
    let plan = try commit {
      try store.createPlan(details, terms: terms, signUpCode: SignUpCode.make(), createdAt: wallClock(), fee: fee)
    }
    state.keep(plan)
    rearmAgenda()
    logger.info("Created plan \(plan.id) for \(plan.details.capacity) players.", metadata: ["plan_id": "\(plan.id)"])
    return publish(.created, plan)
  }

  /// Changes an open plan's start, capacity, place or note; a new capacity moves players up or back in the order
  /// they joined, and each who moves up gets a `promoted` event. A new start may not be another open plan's
  /// unless `force`.
  mutating func updatePlan(
    _ id: Plan.ID, _ changes: PlanChanges, force: Bool = false, attendance: AttendanceChange = AttendanceChange()
  ) throws -> PlanSnapshot {
    var plan = try openPlan(id)
    if !force, let start = changes.start { try state.requireNoPlanStarting(at: start.startsAt, except: id) }
    try plan.setAttendanceTerms(offerPeriod: attendance.offerPeriod, cutOff: attendance.cutOff)
    let moves = try plan.update(with: changes, now: wallClock())
    try commit { try store.updatePlan(plan) }
    state.keep(plan)
    rearmAgenda()
    let updated = publish(.updated, plan)
    for player in moves.promoted { publish(.promoted, plan, player: player) }
    return updated
  }

  /// Cancels an open plan; its sign-up link stops working at once.
  mutating func cancelPlan(_ id: Plan.ID) throws -> PlanSnapshot {
    var plan = try openPlan(id)
    try plan.cancel()
    try commit { try store.cancelPlan(id, at: wallClock()) }
    state.keep(plan)
    rearmAgenda()
    logger.info("Cancelled plan \(id).", metadata: ["plan_id": "\(id)"])
    return publish(.cancelled, plan)
  }

  /// A roster player says "I'm in". Joining again changes nothing, publishes nothing, and says so.
  mutating func joinPlan(_ id: Plan.ID, player playerID: Player.ID) throws -> PlanAnswer {
    var plan = try openPlan(id)
    let player = try state.player(playerID)
    let now = wallClock()
    try requireMayJoin(player, plan, at: now)
    let change = try plan.join(player, at: now)
    if change.changed {
      let correction = try environment.commit { try store.saveJoin(player, plan: plan, at: now) }
      state.keep(plan)
      if let correction {
        logger.info("Player \(player.id) is back in plan \(id): their fine is withdrawn (\(correction.amount.text)).")
      }
      publish(.joined, plan, player: player.id, answer: change.answer)
    }
    return PlanAnswer(change: change, plan: snapshot(of: plan))
  }

  /// A roster player says they cannot make it; if they were going, the first waiting player moves up, or within
  /// the plan's offer period is offered the place (Offers/Turn+Offers.swift). Leaving a going place after the
  /// cut-off is a late drop-out: a strike, fined if gatherd's settings say, in the same transaction.
  mutating func leavePlan(_ id: Plan.ID, player playerID: Player.ID) throws -> PlanAnswer {
    var plan = try openPlan(id)
    let player = try state.player(playerID)
    let now = wallClock()
    let strike = lateDropOut(of: player, from: plan, at: now)
    let change = try plan.leave(player, at: now)
    var fined: FeeEntry?
    if change.changed {
      let fine = strike.flatMap { settings.attendance.fines.fine(for: $0.kind) }
      let entry = try environment.commit {
        try store.saveLeave(player, plan: plan, at: now, strike: strike, fine: fine)
      }
      state.keep(plan)
      if let strike { log(strike, fine: entry) }
      fined = entry
      publish(.left, plan, player: player.id, answer: .notGoing)
      for promoted in change.promoted { publish(.promoted, plan, player: promoted) }
      // The offers go out now, unless quiet hours hold them.
      if !change.offered.isEmpty { runAgenda() }
    }
    return PlanAnswer(
      change: change, plan: snapshot(of: state.openPlan(id) ?? plan), lateDropOut: change.changed && strike != nil,
      fine: fined?.amount)
  }

  /// Adds a new roster player by name, as a guest brought by roster player `host` when given, who joins the plan:
  /// one transaction, a `players` event and a `plan` event. A name typed on a sign-up link is not `confirmed` until
  /// the organiser says so.
  mutating func joinPlanAsGuest(
    _ id: Plan.ID, name: String, broughtBy host: Player.ID? = nil, confirmed: Bool = true
  ) throws -> PlanAnswer {
    var plan = try openPlan(id)
    try plan.requireRoomForGuest()
    if let host { _ = try state.player(host) }
    var details = try state.guestDetails(name)
    details.confirmed = confirmed
    let now = wallClock()
    // A guest is new to the roster: never a regular.
    try plan.requireMayJoin(0, regular: false, at: now)
    let player = try commit { try store.addGuest(details, joining: id, at: now, broughtBy: host) }
    state.save(player)
    let change = try plan.join(guest: player, at: now, broughtBy: host)
    state.keep(plan)
    logger.info("Added guest player \(player.id) to plan \(id).", metadata: ["plan_id": "\(id)"])
    hub.publish(.roster(.created(player)))
    publish(.joined, plan, player: player.id, answer: change.answer)
    return PlanAnswer(change: change, plan: snapshot(of: plan))
  }

  /// The open plan with this id, or the plan's own error: not found, cancelled, started or expired.
  mutating func openPlan(_ id: Plan.ID) throws -> Plan {
    if let plan = state.openPlan(id) { return plan }
    throw try store.planError(id)
  }

  /// Publishes a `plan` event: the plan as it now is, and the player it is about, if any.
  @discardableResult
  mutating func publish(
    _ kind: PlanEvent.Kind, _ plan: Plan, player: Player.ID? = nil, answer: PlanChange.Answer? = nil
  ) -> PlanSnapshot {
    let snapshot = snapshot(of: plan)
    hub.publish(.plan(PlanEvent(kind, snapshot, player: player, answer: answer)))
    return snapshot
  }
}

extension Turn {
  /// Opens a cancelled plan again, until its start, with its lists and its sign-up code as they were (a `plan`
  /// event `restored`); another open plan at its start is refused unless `force`.
  mutating func restorePlan(_ id: Plan.ID, force: Bool = false) throws -> PlanSnapshot {
    guard var plan = try store.plan(id) else { throw GatherError.planNotFound(id) }
    try plan.restore(now: wallClock())
    if !force { try state.requireNoPlanStarting(at: plan.details.startsAt) }
    let restored = try commit { try store.restorePlan(id) }
    state.keep(restored)
    rearmAgenda()
    logger.info("Restored plan \(id): it is open again.", metadata: ["plan_id": "\(id)"])
    return publish(.restored, restored)
  }
}

extension Turn {
  /// Makes an open plan for a game of weekly schedule `id` by hand (this week's, made early, say), on the
  /// schedule's terms (regulars first, reminders) and at its cost; what the params leave out (capacity, place,
  /// note) is the schedule's, and `.some(nil)` clears it. A plan made for the very start of a week the schedule has
  /// yet to open is that week's game: the schedule opens no second one.
  mutating func createPlan(
    startsAt: Date, utcOffset: Int, from id: PlanSchedule.ID, capacity: Int?, place: String??, note: String??,
    force: Bool = false, attendance: AttendanceChange = AttendanceChange()
  ) throws -> PlanSnapshot {
    let schedule = try state.schedule(id)
    let game = schedule.details
    let details = try PlanDetails(
      startsAt: startsAt, utcOffset: utcOffset, capacity: capacity ?? game.capacity, place: place ?? game.place,
      note: note ?? game.note, now: wallClock())
    var (_, terms) = try schedule.plan(for: (startsAt, utcOffset), now: wallClock(), zone: settings.zone)
    if let period = attendance.offerPeriod { terms.offerPeriod = period }
    if let cutOff = attendance.cutOff { terms.cutOff = cutOff }
    return try createPlan(details, terms: terms, fee: game.fee, force: force)
  }
}
