import GatherModel
import GatherRPC

/// The fields of a weekly schedule as plan.schedule and plan.reschedule read them.
enum ScheduleFields {
  /// The fields of a schedule as `plan.schedule` and `plan.reschedule` take them, each checked by the model (a
  /// refusal names its param).
  static func changes(_ params: inout Params) throws -> ScheduleChanges {
    var changes = ScheduleChanges()
    changes.weekday = try params.optionalString("weekday").map { try Weekday(parsing: $0) }
    changes.time = try params.optionalString("time").map { try TimeOfDay(parsing: $0) }
    changes.utcOffset = try params.clearable("utcOffset") { (params: inout Params) throws(RPCError) in
      try params.optionalString("utcOffset").map(offset)
    }
    changes.capacity = try params.optionalInt("capacity").map(clampedInt)
    changes.place = try params.clearable("place") { (params: inout Params) throws(RPCError) in
      try params.optionalString("place")
    }
    changes.note = try params.clearable("note") { (params: inout Params) throws(RPCError) in
      try params.optionalString("note")
    }
    changes.opensBefore = try params.optionalInt("opensBefore").map { .seconds($0) }
    changes.regulars = try regulars(&params)
    changes.reminders = try params.clearable("reminders") { (params: inout Params) throws(RPCError) in
      try params.optionalIntArray("reminders").map { $0.map { .seconds($0) } }
    }
    if let cost = try CostFields.read(&params) { changes.fee = .some(try cost()) }
    let attendance = try AttendanceFields.read(&params)
    (changes.offerPeriod, changes.cutOff) = (attendance.offerPeriod, attendance.cutOff)
    return changes
  }

  /// `regularsFirst` (seconds), `regularsPlayed` and `regularsOfLast`, given together: nil when none is given,
  /// `.some(nil)` for `regularsFirst: null` (no head start).
  private static func regulars(_ params: inout Params) throws -> RegularsRule?? {
    let headStart = try params.clearable("regularsFirst") { (params: inout Params) throws(RPCError) in
      try params.optionalInt("regularsFirst")
    }
    let played = try params.optionalInt("regularsPlayed").map(clampedInt)
    let ofLast = try params.optionalInt("regularsOfLast").map(clampedInt)
    switch headStart {
    case nil where played != nil || ofLast != nil:
      throw RPCError.invalidParams(
        field: "regularsFirst", "Give regularsFirst, how long regulars have each plan first, with regularsPlayed.")
    case nil: return nil
    case .some(nil) where played != nil || ofLast != nil:
      throw RPCError.invalidParams(field: "regularsPlayed", "Without regularsFirst, nobody joins first.")
    case .some(nil): return .some(nil)
    case .some(let seconds?):
      return .some(try RegularsRule(headStart: .seconds(seconds), played: played, ofLast: ofLast))
    }
  }

  /// The fields a new schedule needs, and what each is.
  static let required = [
    ("weekday", "the day of the game, such as thursday"), ("time", "the time of the game, such as 19:00"),
    ("capacity", "how many may play, 2 to 40"),
    ("opensBefore", "how long before the start each plan opens, in seconds (6 days: 518400)"),
  ]

  /// A new schedule from the fields given: ``required`` are.
  static func newSchedule(_ changes: ScheduleChanges) throws -> ScheduleDetails {
    guard let weekday = changes.weekday else { throw missing(required[0]) }
    guard let time = changes.time else { throw missing(required[1]) }
    guard let capacity = changes.capacity else { throw missing(required[2]) }
    guard let opensBefore = changes.opensBefore else { throw missing(required[3]) }
    var details = try ScheduleDetails(
      weekday: weekday, time: time, utcOffset: changes.utcOffset ?? nil, capacity: capacity,
      place: changes.place ?? nil, note: changes.note ?? nil, opensBefore: opensBefore,
      regulars: changes.regulars ?? nil, reminders: changes.reminders ?? nil)
    details.fee = changes.fee ?? nil
    try details.setAttendanceTerms(offerPeriod: changes.offerPeriod, cutOff: changes.cutOff)
    return details
  }

  static func missing(_ field: (String, String)) -> RPCError {
    .invalidParams(field: field.0, "Parameter \"\(field.0)\" is required to make a schedule: \(field.1).")
  }

  /// A fixed offset as a time's zone is written: `+01:00`, `-05:30`, `Z`.
  private static func offset(_ text: String) throws(RPCError) -> Int {
    guard let seconds = ISO8601.offset(parsing: text) else {
      throw .invalidParams(
        field: "utcOffset",
        "\"\(text)\" is not a time zone offset; give one such as +01:00 or -05:30, or null for the server's zone.")
    }
    return seconds
  }
}
