/// A plan that takes no more answers, as its sign-up code still tells it: which plan it was, how it closed, and
/// the gather it started. The code grants nothing any more; it only lets the page opened from its link say what
/// happened.
public struct ClosedPlan: Sendable, Hashable {
  /// The plan.
  public let id: Plan.ID
  /// Cancelled or started.
  public let status: Plan.Status
  /// The gather it started, once started.
  public let gatherID: Int64?
  /// The code of its sign-up link.
  public let signUpCode: String

  /// What a closed plan's code tells, as the store keeps it.
  public init(id: Plan.ID, status: Plan.Status, gatherID: Int64?, signUpCode: String) {
    self.id = id
    self.status = status
    self.gatherID = gatherID
    self.signUpCode = signUpCode
  }

  /// What a closed plan's code tells; nil for an open plan, or one without a code.
  public init?(_ plan: Plan) {
    guard plan.status != .open, let code = plan.signUpCode else { return nil }
    id = plan.id
    status = plan.status
    gatherID = plan.gatherID
    signUpCode = code
  }
}
