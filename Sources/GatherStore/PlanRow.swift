import FoundationEssentials
import GatherModel

/// A row of `plan`, and the plan it holds with its answers.
struct PlanRow {
  var id: Int64
  var status: String
  var startsAt: Int64
  var utcOffset: Int
  var capacity: Int
  var place: String?
  var note: String?
  var signUpCode: String?
  var createdAt: Int64
  var checkedInAt: Int64?
  /// How many times its start or status changed (``Plan/sequence``).
  var sequence: Int
  /// The schedule that made it, its regulars' head start and reminders.
  var terms: TermsColumns

  /// The row that `row` of `SELECT * FROM plan` holds.
  init(row: SQLiteRow) throws {
    id = try row["id"]
    status = try row["status"]
    startsAt = try row["startsAt"]
    utcOffset = try row["utcOffset"]
    capacity = try row["capacity"]
    place = try row["place"]
    note = try row["note"]
    signUpCode = try row["signUpCode"]
    createdAt = try row["createdAt"]
    checkedInAt = try row["checkedInAt"]
    sequence = try row["sequence"]
    terms = try TermsColumns(row: row)
  }

  /// The plan, with its answers (`SELECT * FROM planSignUp` rows, in turn order), the gather it started and its
  /// check-in.
  func plan(answers: [SQLiteRow], gatherID: Int64?, checkIn: CheckIn?) throws -> Plan {
    let details: PlanDetails
    do {
      details = try PlanDetails(
        restoring: startsAt.date, utcOffset: utcOffset, capacity: capacity, place: place, note: note)
    } catch {
      throw StoreError("Plan \(id) in the database is invalid: \(error.message)")
    }
    var queue: [SignUp] = []
    var declined: [SignUp] = []
    for row in answers {
      let signUp = try SignUp(
        player: row["playerId"], name: row["playerName"], at: (row["answeredAt"] as Int64).date, guest: row["guest"],
        broughtBy: row["broughtBy"])
      if try row["answer"] as String == "in" { queue.append(signUp) } else { declined.append(signUp) }
    }
    return Plan(
      id: id, details: details, status: try decode(Plan.Status.self, status), createdAt: createdAt.date, queue: queue,
      declined: declined, signUpCode: signUpCode, gatherID: gatherID, checkIn: checkIn,
      terms: try terms.terms(of: "Plan \(id)"), sequence: sequence)
  }
}
