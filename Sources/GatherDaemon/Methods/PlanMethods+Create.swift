import FoundationEssentials
import GatherAPI
import GatherModel
import GatherRPC

/// plan.create: by hand, or as a weekly schedule's game.
extension PlanMethods {
  /// plan.create: makes a plan: a coming gather with a date, a capacity and a list people join and leave.
  static let planCreate = MethodDefinition.turn(
    .planCreate, CreateParams.self, access: .controller(),
    doc: MethodDoc(
      summary: """
        Makes a plan: a coming gather with a date, a capacity and a list people join and leave.
        """,
      description: """
        Several plans may be open at once, but not two at the very same start: a start another open plan has (to \
        the second, however written) is refused with -32002 same_time, naming that plan, unless force is true. A \
        start in the past, or a capacity out of 2..40, is -32602 naming the field. Publishes a plan event \
        (created). Each plan gets its own sign-up code (plan.link).

        With schedule, the plan is that weekly schedule's game made by hand (this week's, say): it takes the \
        schedule's capacity, place, note and cost unless the params say otherwise, and its terms (regulars first, \
        reminders); made for the very start of a week the schedule has yet to open, it is that week's game and the \
        schedule opens no second one. Without schedule, capacity is required.
        """,
      result: ResultDoc("plan", schema: .ref("Plan")),
      errors: [.forbidden, .sameTime, .scheduleNotFound, .invalidParams, .storageUnavailable],
      extensions: ["x-requires-one-of": .array([.string("capacity"), .string("schedule")])]
    )
  ) { params, turn, call in
    let start = params.start
    return switch params.source {
    case .byHand(let capacity, let place, let note):
      try Encoded(
        turn.createPlan(
          startsAt: start.date, utcOffset: start.utcOffset, capacity: capacity, place: place, note: note,
          force: params.force, attendance: params.attendance))
    case .schedule(let id, let capacity, let place, let note):
      try Encoded(
        turn.createPlan(
          startsAt: start.date, utcOffset: start.utcOffset, from: id, capacity: capacity, place: place, note: note,
          force: params.force, attendance: params.attendance))
    }
  }

  /// plan.create's params.
  struct CreateParams: MethodParams {
    static let fields =
      [
        ParamDoc(
          "startsAt",
          """
          When, as ISO 8601 with a time zone: 2026-12-03T19:00+01:00, 2026-12-03T18:00:00Z, seconds optional. A \
          real date and time (no 31 April, no leap second) from 2000 to 2999, as written and in UTC; it must be in \
          the future. An impossible one is -32602 naming startsAt, saying what is wrong.
          """, required: true, schema: .string()),
        ParamDoc(
          "capacity",
          "How many may go, 2 to 40; past it, players wait. Required unless schedule is given (then the schedule's).",
          required: false, schema: .integer(minimum: 2, maximum: 40)),
        ParamDoc(
          "place",
          """
          Where: typed text, NFC, trimmed, no control or formatting character (Unicode Cc, Cf, Zl, Zp: line \
          breaks, escape codes, zero-width spaces, direction overrides), at most 100 characters and 400 UTF-8 \
          bytes. With schedule, left out is the schedule's place and null is none.
          """, required: false, schema: .nullable(.string(maxLength: 400))),
        ParamDoc(
          "note",
          """
          Anything else, on one line: typed text, NFC, trimmed, no control or formatting character (Unicode Cc, \
          Cf, Zl, Zp: line breaks, escape codes, zero-width spaces, direction overrides), at most 500 characters \
          and 2,000 UTF-8 bytes. With schedule, left out is the schedule's note and null is none.
          """, required: false, schema: .nullable(.string(maxLength: 2000))),
        ParamDoc(
          "schedule",
          """
          The weekly schedule whose game this is (plan.schedules lists them): what the other params leave out is \
          the schedule's, and it takes the schedule's cost and terms.
          """, required: false, schema: .ref("Id")),
        ParamDoc(
          "force",
          """
          Make it even when another open plan starts at the same time (otherwise -32002 same_time).
          """, required: false, schema: .boolean()),
      ] + AttendanceFields.docs
    /// Where the plan's details come from.
    enum Source {
      /// All given here; nil is none.
      case byHand(capacity: Int, place: String?, note: String?)
      /// A weekly schedule's, but for what is given here (`.some(nil)` clears).
      case schedule(PlanSchedule.ID, capacity: Int?, place: String??, note: String??)
    }
    let start: (date: Date, utcOffset: Int)
    let source: Source
    /// Make it even when another open plan starts at the same time.
    let force: Bool
    /// Its offer period and cut-off, if given.
    let attendance: AttendanceChange

    init(_ params: inout Params) throws {
      guard let text = try params.optionalString("startsAt") else {
        throw RPCError.invalidParams(
          field: "startsAt", "Parameter \"startsAt\" is required: when, with a time zone, e.g. 2026-12-03T19:00+01:00.")
      }
      let schedule = try params.optionalInt("schedule")
      let capacity = try params.optionalInt("capacity").map(clampedInt)
      let place = try params.clearable("place") { (params: inout Params) throws(RPCError) in
        try params.optionalString("place")
      }
      let note = try params.clearable("note") { (params: inout Params) throws(RPCError) in
        try params.optionalString("note")
      }
      attendance = try AttendanceFields.read(&params)
      force = try params.optionalBool("force") ?? false
      try params.finish()
      if let schedule {
        source = .schedule(schedule, capacity: capacity, place: place, note: note)
      } else {
        guard let capacity else {
          throw RPCError.invalidParams(
            field: "capacity", "Parameter \"capacity\" is required: how many may go, 2 to 40, unless schedule is given."
          )
        }
        source = .byHand(capacity: capacity, place: place ?? nil, note: note ?? nil)
      }
      start = try ParamReaders.startsAt(text)
    }
  }
}
