/// The plans of the Football Gather: the open ones, and the rules that span plans and the roster.
extension FootballGather {
  /// The open plans, soonest first (ties by id).
  public var openPlans: [Plan] {
    plans.values.sorted { ($0.details.startsAt, $0.id) < ($1.details.startsAt, $1.id) }
  }

  /// The open plan with this id; nil when none is open with it (unknown, cancelled or started).
  public func openPlan(_ id: Plan.ID) -> Plan? { plans[id] }

  /// Keeps a plan the store has just saved: an open one is held (replacing the one with its id), a cancelled or
  /// started one is let go, and only what its sign-up code tells is kept.
  public mutating func keep(_ plan: Plan) {
    plans[plan.id] = plan.status == .open ? plan : nil
    closedPlans[plan.id] = ClosedPlan(plan)
  }

  /// The open plan whose sign-up code is `code`, compared in constant time against every open plan's: the time
  /// taken does not depend on which plan matches or where a wrong code differs.
  public func plan(withCode code: some Collection<UInt8>) -> Plan? {
    var found: Plan?
    for plan in plans.values {
      if let planCode = plan.signUpCode, ConstantTime.equal(Array(planCode.utf8), code) { found = plan }
    }
    return found
  }

  /// The closed plan whose sign-up code is `code`, compared in constant time against every closed plan's, as
  /// ``plan(withCode:)`` compares the open ones'.
  public func closedPlan(withCode code: some Collection<UInt8>) -> ClosedPlan? {
    var found: ClosedPlan?
    for plan in closedPlans.values where ConstantTime.equal(Array(plan.signUpCode.utf8), code) { found = plan }
    return found
  }

  /// The details of a new player added by name as a guest: the name is typed text (`TypedText.guestName`), and
  /// must not look like a roster player's (`TypedText.lookAlike`: ignoring case and invisible characters), so
  /// that nobody is added twice from the sign-up link, nor as someone else under a look-alike name.
  /// `field` names the param in a refusal.
  public func guestDetails(_ name: String, field: String = "guest") throws(GatherError) -> PlayerDetails {
    let checked = try TypedText.guestName.required(name, field: field)
    let likeness = TypedText.likeness(checked)
    let namesakes = roster.values.filter { TypedText.likeness($0.name) == likeness }
    if let same = namesakes.min(by: { $0.id < $1.id }) {
      let player = "\"\(same.name)\" (player \(same.id))"
      throw .validation(
        field,
        checked == same.name
          ? "\(player) is already on the roster: pick the name from the list."
          : "\"\(checked)\" looks like \(player), who is already on the roster: pick the name from the list.")
    }
    do {
      return try PlayerDetails(name: checked)
    } catch {
      throw .validation(field, error.message)
    }
  }

  /// The details of the players new to the roster who walked in on the night, each a guest's name
  /// (``guestDetails(_:field:)``), none given twice.
  public func walkInDetails(_ names: [String]) throws(GatherError) -> [PlayerDetails] {
    var seen = Set<String>()
    return try names.map { name throws(GatherError) in
      let details = try guestDetails(name, field: "walkIns")
      guard seen.insert(TypedText.likeness(details.name)).inserted else {
        throw .validation("walkIns", "\"\(details.name)\" is given more than once.")
      }
      return details
    }
  }

  /// The open plans that would change if this player left the roster (an answer, or a place in the check-in as a
  /// walk-in): each without them, with who moved up.
  public func plansWithout(_ player: Player.ID) -> [(plan: Plan, promoted: [Player.ID])] {
    openPlans.compactMap { plan in
      let checkedIn = plan.checkIn?.entries.contains { $0.player == player } ?? false
      guard plan.answer(of: player) != nil || checkedIn else { return nil }
      var changed = plan
      let promoted = changed.remove(player)
      return (changed, promoted)
    }
  }
}
