import GatherAPI
import GatherModel
import GatherRPC

extension ScheduleMethods {
  /// plan.reschedule: changes a weekly game from the next week on.
  static let planReschedule = MethodDefinition.turn(
    .planReschedule, RescheduleParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Changes a weekly game from the next week on.",
      description: """
        The fields given change, the others stay (null clears utcOffset: the server's zone; place; note; \
        regularsFirst: no head start; reminders: gatherd's own). regularsFirst, regularsPlayed and \
        regularsOfLast are given together: any of them replaces the rule. The plans already open keep their own \
        details, and their week gets no second plan; the weeks to come follow the change (their opening must \
        come after it). A new weekday or time that another schedule has is refused with -32002 same_time, naming \
        it, unless force is true.
        """,
      result: ResultDoc("schedule", schema: .ref("Schedule")),
      errors: [.scheduleNotFound, .forbidden, .sameTime, .invalidParams, .storageUnavailable],
      extensions: [
        "x-requires-one-of": .array([
          .string("weekday"),
          .string("time"),
          .string("utcOffset"),
          .string("capacity"),
          .string("place"),
          .string("note"),
          .string("opensBefore"), .string("offerPeriod"), .string("cutOff"),
          .string("regularsFirst"),
          .string("reminders"),
        ])
      ]
    )
  ) { params, turn, call in
    try Encoded(turn.updateSchedule(params.schedule, params.changes, force: params.force))
  }

  /// plan.reschedule's params.
  struct RescheduleParams: MethodParams {
    static let fields =
      [
        ParamDoc("schedule", "The schedule's id.", required: true, schema: .ref("Id")),
        ParamDoc(
          "weekday", "The day of the game: monday to sunday, or mon to sun, in any case.", required: false,
          schema: .ref("WeekdayInput")),
        ParamDoc(
          "time",
          """
          The time of the game on the wall clock, hours and minutes: 19:00 (one or two digits of hours, 00 to 23; \
          minutes 00 to 59). Anything else, an impossible time included (25:00, 19:60), is -32602 naming time.
          """, required: false, schema: .string(pattern: "^[0-9]{1,2}:[0-9]{2}$")),
        ParamDoc(
          "utcOffset", "A fixed offset (+01:00, -05:30, Z), or null for the server's zone.", required: false,
          schema: .nullable(.string())),
        ParamDoc(
          "capacity", "How many each week's plan takes: 2 to 40.", required: false,
          schema: .integer(minimum: 2, maximum: 40)),
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
          "opensBefore",
          """
          How long before the start each week's plan opens, in seconds: 60 (a minute) to 2419200 (28 days); 6 days \
          is 518400.
          """, required: false, schema: .integer(minimum: 60, maximum: 2_419_200)),
        ParamDoc(
          "regularsFirst",
          """
          How long regulars have each plan first, in seconds (60 to 2332800, ending before the start), or null for \
          none.
          """, required: false, schema: .nullable(.integer(minimum: 60, maximum: 2_332_800))),
        ParamDoc(
          "regularsPlayed",
          """
          With regularsFirst and regularsOfLast: besides the players marked regular (players.update), those who \
          played at least this many of the group's last regularsOfLast gathers count as regulars (1 to \
          regularsOfLast).
          """, required: false, schema: .integer(minimum: 1, maximum: 20)),
        ParamDoc(
          "regularsOfLast",
          """
          With regularsPlayed: how many of the group's last ended gathers it counts (1 to 20).
          """, required: false, schema: .integer(minimum: 1, maximum: 20)),
        ParamDoc(
          "reminders",
          """
          When each week's plan's reminders go out, in seconds before the start: at most 5, each 60 to 2419200, \
          none twice; [] for none. Absent or null: gatherd's own (--plan-reminders, 48 and 3 hours by default).
          """, required: false, schema: .nullable(.array(of: .integer(minimum: 60, maximum: 2_419_200), maxItems: 5))),
        ParamDoc(
          "force",
          """
          Move it even when another schedule has its games on that day at that time (otherwise -32002 same_time).
          """, required: false, schema: .boolean()),
      ] + CostFields.docs(required: false) + AttendanceFields.docs
    let schedule: PlanSchedule.ID
    let changes: ScheduleChanges
    /// Move it even to another schedule's day and time.
    let force: Bool

    init(_ params: inout Params) throws {
      schedule = try params.int("schedule")
      changes = try ScheduleFields.changes(&params)
      force = try params.optionalBool("force") ?? false
      try params.finish()
      guard !changes.isEmpty else {
        throw RPCError.invalidParams(field: "weekday", "Give at least one field of the schedule to change.")
      }
    }
  }
}
