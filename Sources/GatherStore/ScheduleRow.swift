import FoundationEssentials
import GatherModel

/// A row of `planSchedule`, and the schedule it holds.
struct ScheduleRow {
  var id: Int64?
  var weekday: Int
  var time: Int64
  var utcOffset: Int?
  var capacity: Int
  var place: String?
  var note: String?
  var opensBeforeMs: Int64
  var regularsFirstMs: Int64?
  var regularsPlayed: Int?
  var regularsOfLast: Int?
  var reminders: String?
  var createdAt: Int64
  var changedAt: Int64
  var lastStart: Int64?
  var offerPeriodMs: Int64?
  var cutOffMs: Int64?
  /// The cost of each week's game, as ``GatherStore/fee(in:)`` reads it; nil for none.
  var fee: Fee?

  /// The row that `row` of `SELECT * FROM planSchedule` holds.
  init(row: SQLiteRow) throws {
    id = try row["id"]
    weekday = try row["weekday"]
    time = try row["time"]
    utcOffset = try row["utcOffset"]
    capacity = try row["capacity"]
    place = try row["place"]
    note = try row["note"]
    opensBeforeMs = try row["opensBeforeMs"]
    regularsFirstMs = try row["regularsFirstMs"]
    regularsPlayed = try row["regularsPlayed"]
    regularsOfLast = try row["regularsOfLast"]
    reminders = try row["reminders"]
    createdAt = try row["createdAt"]
    changedAt = try row["changedAt"]
    lastStart = try row["lastStart"]
    offerPeriodMs = try row["offerPeriodMs"]
    cutOffMs = try row["cutOffMs"]
    fee = try GatherStore.fee(in: row)
  }

  /// The row that keeps `schedule`.
  init(_ schedule: PlanSchedule) {
    let details = schedule.details
    id = schedule.id
    weekday = details.weekday.rawValue
    time = details.time.secondsIntoDay
    utcOffset = details.utcOffset
    capacity = details.capacity
    place = details.place
    note = details.note
    opensBeforeMs = details.opensBefore.inMilliseconds
    regularsFirstMs = details.regulars?.headStart.inMilliseconds
    regularsPlayed = details.regulars?.played
    regularsOfLast = details.regulars?.ofLast
    reminders = TermsColumns.text(details.reminders)
    createdAt = schedule.createdAt.unixMilliseconds
    changedAt = schedule.changedAt.unixMilliseconds
    lastStart = schedule.lastStart?.unixMilliseconds
    offerPeriodMs = details.offerPeriod?.inMilliseconds
    cutOffMs = details.cutOff?.inMilliseconds
    fee = details.fee
  }

  /// The columns but the id, as the arguments of ``columnsSQL``'s placeholders.
  var arguments: [any SQLiteValueConvertible] {
    [
      weekday, time, utcOffset, capacity, place, note, opensBeforeMs, regularsFirstMs, regularsPlayed,
      regularsOfLast, reminders, createdAt, changedAt, lastStart,
    ] + GatherStore.feeArguments(fee) + [offerPeriodMs, cutOffMs]
  }
  /// The columns that ``arguments`` fill, in order.
  static let columns = [
    "weekday", "time", "utcOffset", "capacity", "place", "note", "opensBeforeMs", "regularsFirstMs",
    "regularsPlayed", "regularsOfLast", "reminders", "createdAt", "changedAt", "lastStart", "feeAmount",
    "feeCurrency", "feeGuests", "feePaidBy", "offerPeriodMs", "cutOffMs",
  ]

  /// The schedule; a row no rule allows is an error that names it.
  func schedule() throws -> PlanSchedule {
    guard let id else { throw StoreError("A schedule row has no id.") }
    let owner = "Schedule \(id)"
    do {
      guard let day = Weekday(rawValue: weekday) else { throw StoreError("\(owner) has weekday \(weekday).") }
      var details = try ScheduleDetails(
        weekday: day, time: TimeOfDay(hour: Int(time / 3600), minute: Int(time % 3600 / 60)), utcOffset: utcOffset,
        capacity: capacity, place: place, note: note, opensBefore: .milliseconds(opensBeforeMs),
        regulars: TermsColumns.regulars(regularsFirstMs, regularsPlayed, regularsOfLast, of: owner),
        reminders: TermsColumns.durations(reminders, of: owner))
      details.fee = fee
      try details.setAttendanceTerms(
        offerPeriod: .some(offerPeriodMs.map { .milliseconds($0) }), cutOff: .some(cutOffMs.map { .milliseconds($0) }))
      return PlanSchedule(
        id: id, details: details, createdAt: createdAt.date, changedAt: changedAt.date, lastStart: lastStart?.date)
    } catch let error as GatherError {
      throw StoreError("\(owner) in the database is invalid: \(error.message)")
    }
  }
}
