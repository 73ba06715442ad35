import GatherModel
import GatherRPC

/// A plan's or a schedule's offer period and cut-off, as plan.create, plan.update, plan.schedule and
/// plan.reschedule take them: seconds before the start, each checked by the model (a refusal names its param).
enum AttendanceFields {
  /// The two params, as the OpenRPC document describes them.
  static let docs = [
    ParamDoc(
      "offerPeriod",
      """
      How long before the start, in seconds, a place that frees up is offered to the first waiting player, who has \
      a while to take it (2 h more than a day before, 30 min more than 3 h before, else 10 min, counted outside \
      quiet hours and ending by kick-off: plan.accept, plan.decline), rather than given at once: 3600 (an hour) to \
      1209600 (14 days). Absent: as it is (none for a new plan or schedule, or the schedule's for its game); null: \
      none, every freed place is given.
      """, required: false, schema: .nullable(.integer(minimum: 3600, maximum: 1_209_600))),
    ParamDoc(
      "cutOff",
      """
      How long before the start, in seconds, leaving a going place becomes a late drop-out (a strike in stats, \
      fined if gatherd's settings say): 0 (at kick-off) to 1209600 (14 days). Absent: as it is (24 hours for a new \
      plan or schedule, or the schedule's for its game); null: 24 hours.
      """, required: false, schema: .nullable(.integer(minimum: 0, maximum: 1_209_600))),
  ]

  /// Reads `offerPeriod` and `cutOff`: nil when absent, `.some(nil)` for null; the ranges are the model's.
  static func read(_ params: inout Params) throws -> AttendanceChange {
    let offerPeriod = try params.clearable("offerPeriod") { (params: inout Params) throws(RPCError) in
      try params.optionalInt("offerPeriod").map { Duration.seconds($0) }
    }
    let cutOff = try params.clearable("cutOff") { (params: inout Params) throws(RPCError) in
      try params.optionalInt("cutOff").map { Duration.seconds($0) }
    }
    let change = AttendanceChange(offerPeriod: offerPeriod, cutOff: cutOff)
    // Checked here too, so that a refusal comes before anything else is looked up.
    _ = try offerPeriod.map { period throws(GatherError) in try OfferWindow.checkPeriod(period, field: "offerPeriod") }
    _ = try cutOff.map { cut throws(GatherError) in try OfferWindow.checkCutOff(cut, field: "cutOff") }
    return change
  }
}
