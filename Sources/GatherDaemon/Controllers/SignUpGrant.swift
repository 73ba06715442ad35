import GatherModel
import GatherRPC

/// What a plan's sign-up code grants a web peer: joining and leaving that one plan, for any roster
/// player or a new guest, and nothing else, while the plan is open. The code is kept to check, at every call, that it still opens the
/// plan: `plan.cancel` voids it at once, even for a peer that presented it before.
struct SignUpGrant: Sendable {
  /// The methods a sign-up code grants.
  static let methods: Set<String> = ["plan.join", "plan.leave"]

  /// The plan the code opens.
  let plan: Plan.ID
  /// The code as presented.
  let code: [UInt8]

  /// Refuses a call for another plan, or once the code no longer opens its plan (-32003).
  func check(plan requested: Plan.ID, in state: FootballGather) throws(RPCError) {
    guard requested == plan else {
      throw .forbidden(
        "This sign-up link is for plan \(plan), not plan \(requested); it lets you answer for its own plan only.")
    }
    guard let current = state.plan(withCode: code), current.id == plan else {
      throw .forbidden(
        reason: "invalid_token", "This sign-up link no longer works: its plan was cancelled, started or has passed.")
    }
  }
}

extension SignUpGrant {
  /// What `code` opens in `state`: answering for an open plan (``SignUpGrant``), or, for a cancelled, started or expired
  /// plan, only what became of it (`ClosedPlan`); nil for neither. Compared in constant time with every plan's.
  static func access(_ code: [UInt8], in state: FootballGather) -> WebAccess.Access? {
    if let plan = state.plan(withCode: code) { return .signUp(SignUpGrant(plan: plan.id, code: code)) }
    return state.closedPlan(withCode: code).map { .closedPlan($0) }
  }
}
