import GatherAPI
import GatherRPC

/// timer.*: the match clock of the active gather, its periods, the break between them and added time.
enum TimerMethods {
  /// Every method of the family, in the OpenRPC document's order.
  static let all: [any MethodDefining] = [
    timerSet, timerFormat, timerAddTime, timerStart, timerPause, timerResume, timerToggle, timerReset, timerEndPeriod,
    timerStatus,
  ]

  /// timer.set: sets the clock's duration and stops it there.
  static let timerSet = MethodDefinition.turn(
    .timerSet, SetParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Sets the clock's duration and stops it there.",
      description: """
        Give minutes, seconds or both (x-requires-one-of); neither is -32602. With minutes, seconds must be \
        0..59; alone, seconds may be 1..5999. Refused with invalid_transition while running.
        """,
      result: ResultDoc("timer", schema: .ref("Timer")),
      errors: [.forbidden, .noActiveGather, .invalidTransition, .invalidParams, .storageUnavailable],
      extensions: ["x-requires-one-of": .array([.string("minutes"), .string("seconds")])]
    )
  ) { params, turn, call in
    try Encoded(turn.timer(.set(seconds: params.seconds)))
  }

  /// timer.set's params.
  struct SetParams: MethodParams {
    static let fields = [
      ParamDoc(
        "minutes", "Minutes; this and/or seconds; total 1..5999 s.", required: false,
        schema: .integer(minimum: 0, maximum: 99)),
      ParamDoc(
        "seconds",
        """
        Seconds, alone or added to minutes (then 0..59); this and/or minutes; total 1..5999 s.
        """, required: false, schema: .integer(minimum: 0, maximum: 5999)),
    ]
    /// The clock's new length.
    let seconds: Int

    init(_ params: inout Params) throws { seconds = try ParamReaders.duration(&params, required: true) ?? 0 }
  }

  /// timer.format: sets the match format before kick-off: periods, period length and break.
  static let timerFormat = MethodDefinition.turn(
    .timerFormat, FormatParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Sets the match format before kick-off: periods, period length and break.",
      description: """
        Only while the clock is stopped before the first period (otherwise invalid_transition; reset the clock \
        first). Fields left out keep their value; at least one is needed. The clock is stopped at the start of \
        the first period.
        """,
      result: ResultDoc("timer", schema: .ref("Timer")),
      errors: [.forbidden, .noActiveGather, .invalidTransition, .invalidParams, .storageUnavailable],
      extensions: ["x-requires-one-of": .array([.string("periods"), .string("periodLength"), .string("breakLength")])]
    )
  ) { params, turn, call in
    try Encoded(
      turn.timer(
        .format(
          periods: params.format.periods, seconds: params.format.seconds, breakSeconds: params.format.breakSeconds)
      ))
  }

  /// timer.format's params.
  struct FormatParams: MethodParams {
    static let fields = [
      ParamDoc("periods", "Periods, 1 to 4 (default 1).", required: false, schema: .integer(minimum: 1, maximum: 4)),
      ParamDoc(
        "periodLength",
        """
        Length of one period in seconds, 1..5999; the same as minutes/seconds (give only one of them).
        """, required: false, schema: .integer(minimum: 1, maximum: 5999)),
      ParamDoc(
        "breakLength", "Break between periods in seconds, 0..1800 (default 0: none).", required: false,
        schema: .integer(minimum: 0, maximum: 1800)),
    ]
    /// The periods, their length and the break between them; at least one.
    let format: ParamReaders.Format

    init(_ params: inout Params) throws {
      format = try ParamReaders.format(&params)
      try params.finish()
      guard !format.isEmpty else {
        throw RPCError.invalidParams(field: "periods", "Give at least one of periods, periodLength and breakLength.")
      }
    }
  }

  /// timer.addTime: adds time to the current period.
  static let timerAddTime = MethodDefinition.turn(
    .timerAddTime, AddTimeParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Adds time to the current period.",
      description: """
        While the period runs or is paused, or once it has reached 0 and the next period has not started (during \
        the break, stopped before the next period, or finished after the last): then the period resumes, \
        running, into its added time. endsAt moves. Before kick-off: invalid_transition.
        """,
      result: ResultDoc("timer", schema: .ref("Timer")),
      errors: [.forbidden, .noActiveGather, .invalidTransition, .invalidParams, .storageUnavailable]
    )
  ) { params, turn, call in
    try Encoded(turn.timer(.addTime(seconds: params.seconds)))
  }

  /// timer.addTime's params.
  struct AddTimeParams: MethodParams {
    static let fields = [
      ParamDoc("seconds", "Seconds to add, 1..900.", required: true, schema: .integer(minimum: 1, maximum: 900))
    ]
    /// Seconds added to the period, or taken back when negative.
    let seconds: Int

    init(_ params: inout Params) throws { seconds = Int(try params.int("seconds", in: -1_000_000...1_000_000)) }
  }

  /// timer.start: starts a stopped clock.
  static let timerStart = MethodDefinition.turn(
    .timerStart, NoParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Starts a stopped clock.",
      result: ResultDoc("timer", schema: .ref("Timer")),
      errors: [.forbidden, .noActiveGather, .invalidTransition, .storageUnavailable]
    )
  ) { params, turn, call in
    try Encoded(turn.timer(.start))
  }

  /// timer.pause: pauses a running clock.
  static let timerPause = MethodDefinition.turn(
    .timerPause, NoParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Pauses a running clock.",
      result: ResultDoc("timer", schema: .ref("Timer")),
      errors: [.forbidden, .noActiveGather, .invalidTransition, .storageUnavailable]
    )
  ) { params, turn, call in
    try Encoded(turn.timer(.pause))
  }

  /// timer.resume: resumes a paused clock.
  static let timerResume = MethodDefinition.turn(
    .timerResume, NoParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Resumes a paused clock.",
      result: ResultDoc("timer", schema: .ref("Timer")),
      errors: [.forbidden, .noActiveGather, .invalidTransition, .storageUnavailable]
    )
  ) { params, turn, call in
    try Encoded(turn.timer(.resume))
  }

  /// timer.toggle: starts a stopped clock, pauses a running one, resumes a paused one.
  static let timerToggle = MethodDefinition.turn(
    .timerToggle, NoParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Starts a stopped clock, pauses a running one, resumes a paused one.",
      result: ResultDoc("timer", schema: .ref("Timer")),
      errors: [.forbidden, .noActiveGather, .invalidTransition, .storageUnavailable]
    )
  ) { params, turn, call in
    try Encoded(turn.timer(.toggle))
  }

  /// timer.reset: stops the clock at its full duration, from any state.
  static let timerReset = MethodDefinition.turn(
    .timerReset, NoParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Stops the clock at its full duration, from any state.",
      result: ResultDoc("timer", schema: .ref("Timer")),
      errors: [.forbidden, .noActiveGather, .storageUnavailable]
    )
  ) { params, turn, call in
    try Encoded(turn.timer(.reset))
  }

  /// timer.endPeriod: ends the running or paused period now, as if its time had run out ("half time now").
  static let timerEndPeriod = MethodDefinition.turn(
    .timerEndPeriod, NoParams.self, access: .controller(),
    doc: MethodDoc(
      summary: """
        Ends the running or paused period now, as if its time had run out (\"half time now\").
        """,
      description: """
        Exactly what the period's end brings when its time runs out: a tick at 0, then a timer event periodEnded \
        (with period) and the break, or the clock stopped before the next period when there is no break; after \
        the last period, finished. The next period starts at its regular start, so its minutes are unchanged (a \
        second half of 2 x 25 still starts at 25:00). Before kick-off, in the break, stopped before the next \
        period and at full time: invalid_transition, and nothing changes.
        """,
      result: ResultDoc("timer", schema: .ref("Timer")),
      errors: [.forbidden, .noActiveGather, .invalidTransition, .storageUnavailable]
    )
  ) { params, turn, call in
    try Encoded(turn.timer(.endPeriod))
  }

  /// timer.status: returns the clock.
  static let timerStatus = MethodDefinition.view(
    .timerStatus, NoParams.self,
    doc: MethodDoc(
      summary: "Returns the clock.",
      result: ResultDoc("timer", schema: .ref("Timer")),
      errors: [.noActiveGather]
    )
  ) { params, view, call in
    try .timer(of: view)
  }

}
