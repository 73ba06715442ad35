import GatherAPI
import GatherRPC

/// What auth.token answers.
extension Encoded where Value == API.TokenAccess {
  /// `{control, signUp?, vote?, device?}`: whether the connection is a controller now (and through which paired
  /// device), and what a link's code opened, with the methods it lets through (`planMethods` for a sign-up code,
  /// `voteMethods` for a vote's).
  init(_ access: AccessPolicy.TokenAccess, planMethods: [String], voteMethods: [String]) {
    func names(_ methods: [String]) -> JSONValue { .array(methods.map { .string($0) }) }
    func vote(_ gather: Int64, open: Bool) -> JSONValue {
      .object(["gather": .int(gather), "status": open ? "open" : "closed", "methods": names(open ? voteMethods : [])])
    }
    switch access {
    case .control: self.init(.object(["control": true]))
    case .device(let device): self.init(.object(["control": true, "device": device.json]))
    case .plan(let plan, let control):
      self.init(
        .object([
          "control": .bool(control),
          "signUp": .object(["plan": .int(plan), "status": "open", "methods": names(planMethods)]),
        ]))
    case .vote(let gather, let open, let control):
      self.init(.object(["control": .bool(control), "vote": vote(gather, open: open)]))
    case .closedPlan(let plan, let openVote, let control):
      // The link of a cancelled, started or expired plan: it says what happened, and grants nothing but voting in
      // the vote of its gather, while that is open.
      var closed: JSONObject = ["plan": .int(plan.id), "status": .string(plan.status.rawValue), "methods": []]
      if let gather = plan.gatherID { closed["gather"] = .int(gather) }
      var result: JSONObject = ["control": .bool(control), "signUp": .object(closed)]
      if let openVote { result["vote"] = vote(openVote, open: true) }
      self.init(.object(result))
    }
  }
}
