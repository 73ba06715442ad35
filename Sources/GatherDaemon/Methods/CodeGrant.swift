import GatherModel
import GatherRPC

/// What the code of a link grants a web peer, and nothing else: a plan's sign-up code, while the plan is open,
/// answering for that plan (the methods whose access is ``Access/planLink(plan:)``); a gather's vote code, or the
/// sign-up code of the plan the gather came from, while the gather's man-of-the-match vote is open, voting in that
/// vote (``Access/voteLink(gather:)``). Either shows one player's fees (``Access/playerLink(player:)``). The code
/// is kept to check, at every call, that it still opens what it was granted for: `plan.cancel` voids a sign-up
/// code at once, even for a peer that presented it before.
struct CodeGrant: Sendable {
  /// What the code opens.
  enum Scope: Sendable, Equatable {
    /// Answering for this open plan.
    case plan(Plan.ID)
    /// Voting in this gather's open man-of-the-match vote.
    case vote(gather: Int64)
  }

  /// What kind of thing a code opens, as a method's access asks for it.
  enum Kind: Sendable, Equatable {
    /// A plan's sign-up code.
    case plan
    /// A vote's code.
    case vote
    /// Any link's code.
    case anyLink
  }

  /// What the code opens.
  let scope: Scope
  /// The code as presented.
  let code: [UInt8]

  /// Whether this grant is of the kind a method's access asks for.
  func isOf(_ kind: Kind) -> Bool {
    switch (kind, scope) {
    case (.anyLink, _), (.plan, .plan), (.vote, .vote): true
    default: false
    }
  }

  /// The kind of this grant.
  var kind: Kind {
    switch scope {
    case .plan: .plan
    case .vote: .vote
    }
  }

  /// Refuses a call for another plan, or once the code no longer opens its plan (-32003).
  func check(plan requested: Plan.ID, in state: FootballGather) throws(RPCError) {
    guard case .plan(let plan) = scope else {
      throw .forbidden(reason: "forbidden", field: "plan", "This is a vote link: it answers for no plan.")
    }
    guard requested == plan else {
      throw .forbidden(
        reason: "forbidden", field: "plan",
        "This sign-up link is for plan \(plan), not plan \(requested); it lets you answer for its own plan only.")
    }
    guard let current = state.plan(withCode: code), current.id == plan else {
      throw .forbidden(
        reason: "invalid_token", "This sign-up link no longer works: its plan was cancelled, started or has passed.")
    }
  }

  /// Refuses a code that no longer opens anything (-32003): a sign-up code whose plan closed, a vote code whose vote
  /// closed.
  func checkWorks(in state: FootballGather) throws(RPCError) {
    switch scope {
    case .plan(let plan):
      guard let current = state.plan(withCode: code), current.id == plan else {
        throw .forbidden(
          reason: "invalid_token", "This sign-up link no longer works: its plan was cancelled, started or has passed.")
      }
    case .vote(let gather):
      guard state.openVote(gather) != nil else {
        throw .forbidden(reason: "invalid_token", "This vote link no longer works: its vote has closed.")
      }
    }
  }

  /// Refuses a vote in another gather's vote than the code's (-32003 naming `gather`).
  func check(vote requested: Int64) throws(RPCError) {
    guard case .vote(let gather) = scope else {
      throw .forbidden(reason: "forbidden", field: "gather", "This is a plan's sign-up link: it votes in no vote.")
    }
    guard requested == gather else {
      throw .forbidden(
        reason: "forbidden", field: "gather",
        "This link is for gather \(gather)'s vote, not gather \(requested)'s; it lets you vote in its own gather's only."
      )
    }
  }
}

extension CodeGrant {
  /// What `code` opens in `state`: answering for an open plan, voting in an open vote, or, for a cancelled, started
  /// or expired plan or a closed vote, only what became of it (with, for the plan of a gather whose vote is open,
  /// voting in it); nil for none. Compared in constant time with every code of each kind.
  static func access(_ code: [UInt8], in state: FootballGather) -> WebAccess.Access? {
    if let plan = state.plan(withCode: code) { return .granted(CodeGrant(scope: .plan(plan.id), code: code)) }
    if let plan = state.closedPlan(withCode: code) {
      let vote = plan.gatherID.flatMap { state.openVote($0) }
      return .closedPlan(plan, vote: vote.map { CodeGrant(scope: .vote(gather: $0.gather.id), code: code) })
    }
    if let vote = state.vote(withCode: code) {
      return .granted(CodeGrant(scope: .vote(gather: vote.gather.id), code: code))
    }
    return state.closedVote(withCode: code).map { .closedVote(CodeGrant(scope: .vote(gather: $0), code: code)) }
  }
}
