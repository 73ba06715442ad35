import GatherModel

/// From plan to kick-off: a gather of a plan's players, split into fair teams by `gather.suggest`'s rules:
/// those checked in as there, else the going ones (the waiting players do not play); with an odd number, the last
/// of them starts on the bench (``Plan/kickOffLineup``). A plan more than 12 hours
/// from its start becomes a gather only when forced.
extension Turn {
  /// Starts a gather from an open plan with at least two players to kick off (``Plan/kickOffPlayers``: checked in,
  /// else going), split by rating (seed 0), with a clock and the sides' names as `startGather` takes them. The
  /// plan becomes started and the gather keeps it. Unless `force`, the plan must be due (``Plan/requireDue(at:)``).
  mutating func startGather(
    plan id: Plan.ID, seconds: Int?, periods: Int?, breakSeconds: Int?,
    names: (teamA: String?, teamB: String?)? = nil, force: Bool = false
  ) throws -> GatherSnapshot {
    var plan = try openPlan(id)
    try plan.checkStartable()
    if state.active != nil { throw GatherError.gatherAlreadyActive }
    if !force { try plan.requireDue(at: wallClock()) }
    let lineup = plan.kickOffLineup
    let candidates = try lineup.playing.map { id throws(GatherError) in
      Candidate(try state.player(id), rating: state.rating(of: id))
    }
    let split = try TeamBalancer.suggest(candidates).split
    let gather = try startGather(
      teamA: split.teamA.players, teamB: split.teamB.players, bench: lineup.bench, seconds: seconds,
      periods: periods, breakSeconds: breakSeconds, names: names, plan: id)
    try plan.start(gatherID: gather.gather.id)
    state.keep(plan)
    rearmAgenda()
    logger.info("Plan \(id) started as gather \(gather.gather.id).", metadata: ["plan_id": "\(id)"])
    hub.publish(.plan(PlanEvent(.started, snapshot(of: plan))))
    return gather
  }
}
