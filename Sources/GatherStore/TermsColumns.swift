import FoundationEssentials
import GatherModel

/// A plan's terms as its row keeps them (`scheduleId`, `regularsFirstMs`, `regularsPlayed`, `regularsOfLast`,
/// `opensToAllAt`, `reminders`, `remindedUntil`, `offerPeriodMs`, `cutOffMs`), and the arguments that write them.
struct TermsColumns {
  var scheduleId: Int64?
  var regularsFirstMs: Int64?
  var regularsPlayed: Int?
  var regularsOfLast: Int?
  var opensToAllAt: Int64?
  var reminders: String?
  var remindedUntil: Int64?
  var offerPeriodMs: Int64?
  var cutOffMs: Int64?

  /// The columns of `row` of `SELECT * FROM plan`.
  init(row: SQLiteRow) throws {
    scheduleId = try row["scheduleId"]
    regularsFirstMs = try row["regularsFirstMs"]
    regularsPlayed = try row["regularsPlayed"]
    regularsOfLast = try row["regularsOfLast"]
    opensToAllAt = try row["opensToAllAt"]
    reminders = try row["reminders"]
    remindedUntil = try row["remindedUntil"]
    offerPeriodMs = try row["offerPeriodMs"]
    cutOffMs = try row["cutOffMs"]
  }

  /// The columns that keep `terms`.
  init(_ terms: PlanTerms) {
    scheduleId = terms.schedule
    regularsFirstMs = terms.regulars?.headStart.inMilliseconds
    regularsPlayed = terms.regulars?.played
    regularsOfLast = terms.regulars?.ofLast
    opensToAllAt = terms.opensToAllAt?.unixMilliseconds
    reminders = Self.text(terms.reminders)
    remindedUntil = terms.remindedUntil?.unixMilliseconds
    offerPeriodMs = terms.offerPeriod?.inMilliseconds
    cutOffMs = terms.cutOff?.inMilliseconds
  }

  /// The columns, in the order of ``columnsSQL``.
  var arguments: [any SQLiteValueConvertible] {
    [
      scheduleId, regularsFirstMs, regularsPlayed, regularsOfLast, opensToAllAt, reminders, remindedUntil,
      offerPeriodMs, cutOffMs,
    ]
  }
  /// The columns that ``arguments`` fill.
  static let columnsSQL =
    "scheduleId, regularsFirstMs, regularsPlayed, regularsOfLast, opensToAllAt, reminders, remindedUntil, offerPeriodMs, cutOffMs"

  /// The terms they keep; `owner` names the row in the error for a value no rule allows.
  func terms(of owner: String) throws -> PlanTerms {
    var terms = PlanTerms(
      schedule: scheduleId, regulars: try Self.regulars(regularsFirstMs, regularsPlayed, regularsOfLast, of: owner),
      opensToAllAt: opensToAllAt?.date, reminders: try Self.durations(reminders, of: owner),
      remindedUntil: remindedUntil?.date)
    terms.offerPeriod = offerPeriodMs.map { .milliseconds($0) }
    terms.cutOff = cutOffMs.map { .milliseconds($0) }
    return terms
  }

  /// The rule for regulars that three columns keep; nil without a head start.
  static func regulars(_ headStart: Int64?, _ played: Int?, _ ofLast: Int?, of owner: String) throws -> RegularsRule? {
    guard let headStart else { return nil }
    do {
      return try RegularsRule(headStart: .milliseconds(headStart), played: played, ofLast: ofLast)
    } catch {
      throw StoreError("\(owner) in the database is invalid: \(error.message)")
    }
  }

  /// Durations as a column keeps them: milliseconds, comma-separated; nil stays nil, "" is none.
  static func text(_ durations: [Duration]?) -> String? {
    durations.map { $0.map { String($0.inMilliseconds) }.joined(separator: ",") }
  }

  /// The durations a column keeps (``text(_:)``).
  static func durations(_ text: String?, of owner: String) throws -> [Duration]? {
    guard let text else { return nil }
    return try text.split(separator: ",").map { part in
      guard let milliseconds = Int64(part) else {
        throw StoreError("\(owner) in the database has reminders \"\(text)\".")
      }
      return .milliseconds(milliseconds)
    }
  }
}
