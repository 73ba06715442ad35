import GatherAPI
import GatherModel
import GatherRPC

/// plan.schedule, plan.reschedule, plan.schedules and plan.unschedule: the weekly games that plan themselves.
enum ScheduleMethods {
  /// Every method of the family, in the OpenRPC document's order.
  static let all: [any MethodDefining] = [planSchedule, planReschedule, planSchedules, planUnschedule]

  /// plan.schedule: sets up a weekly game: each week's plan opens by itself, opensBefore its start.
  static let planSchedule = MethodDefinition.turn(
    .planSchedule, ScheduleParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Sets up a weekly game: each week's plan opens by itself, opensBefore its start.",
      description: """
        gatherd opens each week's plan at its opening (start − opensBefore) with the schedule's capacity, place, \
        note, regulars and reminders: a plan event created. The first week is the first whose opening is still \
        to come, or with firstWeek: "this", this week's game when it is still to start, opened at once (for a \
        schedule set up on the day of the game). One plan a week \
        (Monday to Sunday); a week that should have opened while gatherd was not running opens when it starts, \
        if it has yet to start. Skipping a week is cancelling that week's plan (plan.cancel); plan.reschedule \
        changes the weeks to come, plan.unschedule ends it. Two schedules on the same day at the same time \
        (whatever their utcOffset) would open two plans every week: a second is refused with -32002 same_time, \
        naming the first, unless force is true.
        """,
      result: ResultDoc("schedule", schema: .ref("Schedule")),
      errors: [.forbidden, .sameTime, .invalidParams, .storageUnavailable]
    )
  ) { params, turn, call in
    try Encoded(turn.createSchedule(params.details, force: params.force, thisWeek: params.thisWeek))
  }

  /// plan.schedule's params.
  struct ScheduleParams: MethodParams {
    static let fields =
      [
        ParamDoc(
          "weekday", "The day of the game: monday to sunday, or mon to sun, in any case.", required: true,
          schema: .ref("WeekdayInput")),
        ParamDoc(
          "time",
          """
          The time of the game on the wall clock, hours and minutes: 19:00 (one or two digits of hours, 00 to 23; \
          minutes 00 to 59). Anything else, an impossible time included (25:00, 19:60), is -32602 naming time.
          """, required: true, schema: .string(pattern: "^[0-9]{1,2}:[0-9]{2}$")),
        ParamDoc(
          "utcOffset",
          """
          A fixed offset the time is read in: +01:00, -05:30, Z (-14:00 to +14:00). Absent or null: the server's \
          own zone (daemon.time's zone), with its clock changes: 19:00 stays 19:00 in summer and in winter.
          """, required: false, schema: .nullable(.string())),
        ParamDoc(
          "capacity", "How many each week's plan takes: 2 to 40.", required: true,
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
          """, required: true, schema: .integer(minimum: 60, maximum: 2_419_200)),
        ParamDoc(
          "regularsFirst",
          """
          How long, in seconds, regulars have each plan to themselves after it opens (60 to 2332800), before \
          everyone may join; it must end before the start (-32602 naming regularsFirst otherwise). Absent or null: \
          everyone from the opening.
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
          Make it even when another schedule has its games on the same day at the same time (otherwise -32002 \
          same_time).
          """, required: false, schema: .boolean()),
        ParamDoc(
          "firstWeek",
          """
          next (the default): the first week whose opening is still to come. this: this week's game, when it is \
          still to start and its opening has passed, opens at once.
          """, required: false, schema: .choice(["this", "next"])),
      ] + CostFields.docs(required: false) + AttendanceFields.docs
    let details: ScheduleDetails
    /// Make it even on another schedule's day and time.
    let force: Bool
    /// Open this week's game at once, when it is still to start.
    let thisWeek: Bool

    init(_ params: inout Params) throws {
      // The required fields first, so that a missing one is named before any other is read.
      for field in ScheduleFields.required where !params.contains(field.0) { throw ScheduleFields.missing(field) }
      let changes = try ScheduleFields.changes(&params)
      force = try params.optionalBool("force") ?? false
      thisWeek =
        try params.optionalChoice("firstWeek", ["this", "next"]) { $0 == "this" ? true : $0 == "next" ? false : nil }
        ?? false
      try params.finish()
      details = try ScheduleFields.newSchedule(changes)
    }
  }

  /// plan.schedules: the weekly games, by id, each with the week it opens next.
  static let planSchedules = MethodDefinition.view(
    .planSchedules, NoParams.self,
    doc: MethodDoc(
      summary: "The weekly games, by id, each with the week it opens next.",
      result: ResultDoc("schedules", schema: APISchemas.scheduleList),
      errors: []
    )
  ) { params, view, call in
    Encoded(view.schedules)
  }

  /// plan.unschedule: ends a weekly game; the plans it opened stay as they are.
  static let planUnschedule = MethodDefinition.turn(
    .planUnschedule, UnscheduleParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Ends a weekly game; the plans it opened stay as they are.",
      description: """
        Their schedule becomes null.
        """,
      result: ResultDoc("unscheduled", schema: APISchemas.unscheduled),
      errors: [.scheduleNotFound, .forbidden, .invalidParams, .storageUnavailable]
    )
  ) { params, turn, call in
    try turn.deleteSchedule(params.schedule)
    return Encoded(unscheduled: params.schedule)
  }

  /// plan.unschedule's params.
  struct UnscheduleParams: MethodParams {
    static let fields = [
      ParamDoc("schedule", "The schedule's id.", required: true, schema: .ref("Id"))
    ]
    let schedule: PlanSchedule.ID

    init(_ params: inout Params) throws { schedule = try params.int("schedule") }
  }

}
