import FoundationEssentials
import GatherModel
import GatherRPC

/// plan.* and plans.list: coming gathers and who is coming.
enum PlanController {
  static func methods<C>(_ session: GatherSession<C>, web: WebAccess?) -> [RPCMethod<Caller>] {
    [
      .mutate("plan.create") { params, _ in
        guard let text = try params.optionalString("startsAt") else {
          throw RPCError.invalidParams(
            field: "startsAt",
            "Parameter \"startsAt\" is required: when, with a time zone, e.g. 2026-12-03T19:00+01:00.")
        }
        let capacity = try params.int("capacity")
        let place = try params.optionalString("place")
        let note = try params.optionalString("note")
        let force = try params.optionalBool("force") ?? false
        try params.finish()
        let start = try startsAt(text)
        return try session.createPlan(
          startsAt: start.date, utcOffset: start.utcOffset, capacity: clampedInt(capacity), place: place, note: note,
          force: force
        ).json
      },
      .mutate("plan.update") { params, _ in
        let plan = try params.int("plan")
        let start = try params.optionalString("startsAt").map(startsAt)
        let capacity = try params.optionalInt("capacity")
        let place = try params.clearable("place") { (params: inout Params) throws(RPCError) in
          try params.optionalString("place")
        }
        let note = try params.clearable("note") { (params: inout Params) throws(RPCError) in
          try params.optionalString("note")
        }
        let force = try params.optionalBool("force") ?? false
        try params.finish()
        let changes = PlanChanges(
          start: start.map { ($0.date, $0.utcOffset) }, capacity: capacity.map(clampedInt), place: place, note: note)
        guard !changes.isEmpty else {
          throw RPCError.invalidParams(
            field: "capacity", "Give at least one of startsAt, capacity, place or note to change.")
        }
        return try session.updatePlan(plan, changes, force: force).json
      },
      .mutate("plan.cancel") { params, _ in
        let plan = try params.int("plan")
        try params.finish()
        return try session.cancelPlan(plan).json
      },
      .query("plan.get") { params, _ in
        let plan = try params.int("plan")
        try params.finish()
        return try session.plan(plan).json
      },
      .read("plans.list") { params, _ in
        try params.finish()
        return session.view.openPlans.json
      },
      .mutate("plan.join") { params, caller in
        let plan = try params.int("plan")
        let player = try params.optionalInt("player")
        let guest = try params.optionalString("guest")
        // Who brings the guest: their share of the plan's cost may be charged to them.
        let host = try params.optionalInt("broughtBy")
        try params.finish()
        try authorize(caller, plan: plan, session)
        if host != nil, guest == nil {
          throw RPCError.invalidParams(field: "broughtBy", "broughtBy says who brings a guest: give it with guest.")
        }
        switch (player, guest) {
        case (let player?, nil): return try session.joinPlan(plan, player: player).json
        case (nil, let guest?): return try session.joinPlanAsGuest(plan, name: guest, broughtBy: host).json
        case (nil, nil):
          throw RPCError.invalidParams(
            field: "player", "Give the player who joins (their id), or a guest's name to add them.")
        case (.some, .some):
          throw RPCError.invalidParams(field: "guest", "Give a player or a guest's name, not both.")
        }
      },
      .mutate("plan.leave") { params, caller in
        let plan = try params.int("plan")
        let player = try params.int("player")
        try params.finish()
        try authorize(caller, plan: plan, session)
        return try session.leavePlan(plan, player: player).json
      },
      .mutate("plan.checkIn") { params, _ in
        let plan = try params.int("plan")
        guard let present = try params.optionalIntArray("present") else {
          throw RPCError.invalidParams(
            field: "present", "Parameter \"present\" is required: the ids of the players who are here.")
        }
        let walkIns = try params.optionalStringArray("walkIns") ?? []
        try params.finish()
        return try session.checkIn(plan, present: present, walkIns: walkIns).json
      },
      // A query: for a plan that is not open, the store says whether it was cancelled or started.
      .query("plan.link") { params, caller in
        let plan = try params.int("plan")
        let qr = try params.optionalBool("qr") ?? false
        try params.finish()
        guard caller.mayMutate else {
          throw RPCError.forbidden("plan.link is for controllers, and \(caller.whyReadOnly)")
        }
        return try signUpLink(session.view.state, plan: plan, web: web, qr: qr, session)
      },
    ]
  }

  /// `startsAt` as sent: ISO 8601 with a time zone, a real date and time from 2000 to 2999.
  static func startsAt(_ text: String) throws(RPCError) -> (date: Date, utcOffset: Int) {
    do throws(ISO8601.Problem) {
      return try ISO8601.zonedDate(text)
    } catch {
      throw error.invalidParams(
        "startsAt", expecting: "a date and time with a time zone, such as 2026-12-03T19:00+01:00 or 2026-12-03T18:00Z")
    }
  }

  /// A controller may answer for any plan; a peer holding a sign-up code only for its plan, while it is valid.
  static func authorize<C>(_ caller: Caller, plan: Plan.ID, _ session: GatherSession<C>) throws(RPCError) {
    guard !caller.mayMutate else { return }
    guard let grant = caller.grant else {
      throw .forbidden("Answering for a plan needs a controller or the plan's sign-up link, and \(caller.whyReadOnly)")
    }
    // Runs in the session's turn: its state is the present.
    try grant.check(plan: plan, in: session.state)
  }

  /// The plan's sign-up link, on the page's address (with `qr`, each link's QR code as SVG); the plan must be open
  /// and the page served.
  static func signUpLink<C>(
    _ state: FootballGather, plan id: Plan.ID, web: WebAccess?, qr: Bool, _ session: GatherSession<C>
  ) throws -> JSONValue {
    guard let plan = state.openPlan(id) else { throw try session.closedPlanError(id) }
    guard let web, let code = plan.signUpCode else {
      throw RPCError.wrongState(reason: "web_disabled", "gatherd serves no web page: start it with --http ADDRESS.")
    }
    switch web.signUpLinks(code: code) {
    case .success(let links):
      var result: JSONObject = [
        "url": .string(links.urls[0]), "plan": .int(id), "links": .array(links.urls.map { .string($0) }),
      ]
      if let note = links.note { result["note"] = .string(note) }
      if qr { result["qr"] = .array(links.urls.map(qrSVG)) }
      return .object(result)
    case .failure(let error): throw RPCError.wrongState(reason: "web_disabled", error.description)
    }
  }
}
