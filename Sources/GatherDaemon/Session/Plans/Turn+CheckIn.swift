import GatherModel

/// On the night: who turned up for a plan, as the referee ticks them.
extension Turn {
  /// Records who turned up for an open plan: `present` roster players (going, brought in from the waiting list,
  /// or walk-ins), and `walkIns`, players new to the roster by name (each a guest's name, none twice), who are
  /// added in the same transaction. A `players` event for each new player, then a `plan` event, `checkedIn`.
  mutating func checkIn(_ id: Plan.ID, present ids: [Player.ID], walkIns names: [String]) throws -> PlanSnapshot {
    let plan = try openPlan(id)
    let present = try ids.map { id throws(GatherError) in try state.player(id) }
    let newcomers = try state.walkInDetails(names)
    let now = wallClock()
    let saved = try commit {
      try store.saveCheckIn(plan: id, newcomers: newcomers, at: now, fines: settings.attendance.fines) { players in
        var checked = plan
        try checked.checkIn(present: present, newcomers: players, at: now)
        return checked
      }
    }
    for player in saved.players { state.save(player) }
    state.keep(saved.plan)
    let checkIn = saved.plan.checkIn
    logger.info(
      "Checked in \(checkIn?.present.count ?? 0) players for plan \(id), \(checkIn?.noShows.count ?? 0) not there.",
      metadata: ["plan_id": "\(id)"])
    for player in saved.players { hub.publish(.roster(.created(player))) }
    return publish(.checkedIn, saved.plan)
  }
}
