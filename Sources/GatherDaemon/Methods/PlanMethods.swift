import FoundationEssentials
import GatherAPI
import GatherModel
import GatherRPC

/// plan.create, plan.update, plan.cancel, plan.get and plans.list: the games coming up.
enum PlanMethods {
  /// Every method of the family, in the OpenRPC document's order.
  static let all: [any MethodDefining] = [planCreate, planUpdate, planCancel, planGet, plansList]

  /// plan.update: changes an open plan's start, capacity, place, note, offer period or cut-off.
  static let planUpdate = MethodDefinition.turn(
    .planUpdate, UpdateParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Changes an open plan's start, capacity, place, note, offer period or cut-off.",
      description: """
        At least one of them. A new capacity moves players between going and waiting in the order they joined (a \
        promoted event for each who moves up). null clears place or note. A new start another open plan has is \
        refused with -32002 same_time, naming that plan, unless force is true. Publishes a plan event (updated).
        """,
      result: ResultDoc("plan", schema: .ref("Plan")),
      errors: [
        .forbidden, .planNotFound, .planCancelled, .planStarted, .planExpired, .sameTime, .invalidParams,
        .storageUnavailable,
      ],
      extensions: [
        "x-requires-one-of": .array(
          ["startsAt", "capacity", "place", "note", "offerPeriod", "cutOff"].map { .string($0) })
      ]
    )
  ) { params, turn, call in
    try Encoded(turn.updatePlan(params.plan, params.changes, force: params.force, attendance: params.attendance))
  }

  /// plan.update's params.
  struct UpdateParams: MethodParams {
    static let fields =
      [
        ParamDoc("plan", "The plan's id.", required: true, schema: .ref("Id")),
        ParamDoc(
          "startsAt",
          """
          When, as ISO 8601 with a time zone: 2026-12-03T19:00+01:00, 2026-12-03T18:00:00Z, seconds optional. A \
          real date and time (no 31 April, no leap second) from 2000 to 2999, as written and in UTC; it must be in \
          the future. An impossible one is -32602 naming startsAt, saying what is wrong.
          """, required: false, schema: .string()),
        ParamDoc("capacity", "2 to 40.", required: false, schema: .integer(minimum: 2, maximum: 40)),
        ParamDoc(
          "place",
          """
          Where, as plan.create takes it (at most 100 characters and 400 UTF-8 bytes); null clears it.
          """, required: false, schema: .nullable(.string(maxLength: 400))),
        ParamDoc(
          "note",
          """
          A note, as plan.create takes it (at most 500 characters and 2,000 UTF-8 bytes); null clears it.
          """, required: false, schema: .nullable(.string(maxLength: 2000))),
        ParamDoc(
          "force",
          """
          Move it even when another open plan starts at that time (otherwise -32002 same_time).
          """, required: false, schema: .boolean()),
      ] + AttendanceFields.docs
    let plan: Plan.ID
    let changes: PlanChanges
    /// A new offer period or cut-off.
    let attendance: AttendanceChange
    /// Move it even to another open plan's start.
    let force: Bool

    init(_ params: inout Params) throws {
      plan = try params.int("plan")
      let start = try params.optionalString("startsAt").map(ParamReaders.startsAt)
      let capacity = try params.optionalInt("capacity")
      let place = try params.clearable("place") { (params: inout Params) throws(RPCError) in
        try params.optionalString("place")
      }
      let note = try params.clearable("note") { (params: inout Params) throws(RPCError) in
        try params.optionalString("note")
      }
      attendance = try AttendanceFields.read(&params)
      force = try params.optionalBool("force") ?? false
      try params.finish()
      changes = PlanChanges(
        start: start.map { ($0.date, $0.utcOffset) }, capacity: capacity.map(clampedInt), place: place, note: note)
      guard !changes.isEmpty || !attendance.isEmpty else {
        throw RPCError.invalidParams(
          field: "capacity", "Give at least one of startsAt, capacity, place, note, offerPeriod or cutOff to change.")
      }
    }
  }

  /// plan.cancel: calls an open plan off.
  static let planCancel = MethodDefinition.turn(
    .planCancel, CancelParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Calls an open plan off.",
      description: """
        It takes no more answers or changes, and its sign-up link stops working at once. Publishes a plan event \
        (cancelled).
        """,
      result: ResultDoc("plan", schema: .ref("Plan")),
      errors: [
        .forbidden, .planNotFound, .planCancelled, .planStarted, .planExpired, .invalidParams, .storageUnavailable,
      ]
    )
  ) { params, turn, call in
    try Encoded(turn.cancelPlan(params.plan))
  }

  /// plan.cancel's params.
  struct CancelParams: MethodParams {
    static let fields = [
      ParamDoc("plan", "The plan's id.", required: true, schema: .ref("Id"))
    ]
    let plan: Plan.ID

    init(_ params: inout Params) throws { plan = try params.int("plan") }
  }

  /// plan.get: a plan, open or not, with its lists.
  static let planGet = MethodDefinition.query(
    .planGet, GetParams.self,
    doc: MethodDoc(
      summary: "A plan, open or not, with its lists.",
      description: "going, waiting and notGoing, each with names and the time they answered.",
      result: ResultDoc("plan", schema: .ref("Plan")),
      errors: [.planNotFound, .invalidParams]
    )
  ) { params, reader, call in
    try Encoded(reader.plan(params.plan))
  }

  /// plan.get's params.
  struct GetParams: MethodParams {
    static let fields = [
      ParamDoc("plan", "The plan's id.", required: true, schema: .ref("Id"))
    ]
    let plan: Plan.ID

    init(_ params: inout Params) throws { plan = try params.int("plan") }
  }

  /// plans.list: the open plans, soonest first, with their lists.
  static let plansList = MethodDefinition.view(
    .plansList, NoParams.self,
    doc: MethodDoc(
      summary: "The open plans, soonest first, with their lists.",
      description: "Cancelled and started plans are left out (plan.get still reads them).",
      result: ResultDoc("plans", schema: APISchemas.planList),
      errors: [.invalidParams]
    )
  ) { params, view, call in
    Encoded(view.openPlans)
  }

}
