import FoundationEssentials
import GatherModel

/// Offered places: within a plan's offer period a freed place goes out to the first waiting player (at once, or
/// when quiet hours end), who takes it or turns it down; one not taken in time, or by the start, passes to the
/// next. The scheduler's alarm sends and lapses them (Plans/Turn+Agenda.swift), so they run across restarts: each
/// offer is saved with its plan's answers.
extension Turn {
  /// `player` takes the place offered to them in plan `id`: `plan` event `accepted`. Taking it again changes
  /// nothing.
  mutating func acceptOffer(_ id: Plan.ID, player playerID: Player.ID) throws -> PlanAnswer {
    var plan = try openPlan(id)
    let player = try state.player(playerID)
    let change = try plan.acceptOffer(player, at: wallClock())
    if change.changed {
      try commit { try store.saveOffers(of: plan, at: wallClock()) }
      state.keep(plan)
      rearmAgenda()
      logger.info("Player \(player.id) took the place offered in plan \(id).", metadata: ["plan_id": "\(id)"])
      publish(.accepted, plan, player: player.id, answer: .going)
    }
    return PlanAnswer(change: change, plan: snapshot(of: plan))
  }

  /// `player` turns down the place offered to them in plan `id`: `plan` event `declined`; the place goes to the
  /// next waiting player.
  mutating func declineOffer(_ id: Plan.ID, player playerID: Player.ID) throws -> PlanAnswer {
    var plan = try openPlan(id)
    let player = try state.player(playerID)
    let now = wallClock()
    let change = try plan.declineOffer(player, at: now)
    try commit { try store.saveOffers(of: plan, left: player, at: now) }
    state.keep(plan)
    logger.info("Player \(player.id) turned down the place offered in plan \(id).", metadata: ["plan_id": "\(id)"])
    publish(.declined, plan, player: player.id, answer: .notGoing)
    for promoted in change.promoted { publish(.promoted, plan, player: promoted) }
    // The next offer goes out now, unless quiet hours hold it.
    runAgenda()
    return PlanAnswer(change: change, plan: snapshot(of: state.openPlan(id) ?? plan))
  }

  /// Sends the place offered to `player` in plan `id` (the scheduler's: quiet hours are over): `plan` event
  /// `offered`, with the offer's expiry in the plan.
  mutating func sendOffer(_ id: Plan.ID, to player: Player.ID, now: Date) throws {
    var plan = try openPlan(id)
    plan.sendOffer(to: player, at: now, quiet: settings.planTimes.quietHours, zone: settings.zone)
    try commit { try store.saveOffers(of: plan, at: now) }
    state.keep(plan)
    let until = plan.offer(to: player)?.expiresAt.map { "\($0)" } ?? "kick-off"
    logger.info("Offered player \(player) a place in plan \(id) until \(until).", metadata: ["plan_id": "\(id)"])
    publish(.offered, plan, player: player)
  }

  /// Lets the place offered to `player` in plan `id` go (the scheduler's: not taken in time): `plan` event
  /// `lapsed`; the place goes to the next waiting player (given, past the start).
  mutating func lapseOffer(_ id: Plan.ID, of playerID: Player.ID, now: Date) throws {
    var plan = try openPlan(id)
    let player = try state.player(playerID)
    let change = try plan.declineOffer(player, at: now)
    try commit { try store.saveOffers(of: plan, left: player, at: now) }
    state.keep(plan)
    logger.info("The place offered to player \(player.id) in plan \(id) lapsed.", metadata: ["plan_id": "\(id)"])
    publish(.lapsed, plan, player: player.id, answer: .notGoing)
    // The scheduler's round goes on: the next offer, if any, is due at once.
    for promoted in change.promoted { publish(.promoted, plan, player: promoted) }
  }
}
