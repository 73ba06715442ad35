import GatherModel
import GatherRPC

/// What `auth.token` opens: the control token, or a paired device's credential (AccessPolicy+Devices.swift), makes a
/// web peer a controller; a link's code lets it answer for that plan or vote in that vote (``CodeGrant``), or only
/// tells what became of a closed plan or vote.
extension AccessPolicy {
  /// What a token opened, for the reply.
  enum TokenAccess: Sendable {
    /// The peer is a controller (a local one needs no token).
    case control
    /// An open plan's sign-up code.
    case plan(Plan.ID, control: Bool)
    /// A vote's code: open, or closed (a late vote is told the vote closed).
    case vote(gather: Int64, open: Bool, control: Bool)
    /// A closed plan's sign-up code, with its gather's open vote if it has one.
    case closedPlan(ClosedPlan, openVote: Int64?, control: Bool)
    /// A paired device's credential: the peer is a controller.
    case device(PairedDevice)
  }

  /// Checks `token` from `caller` against the control token and the links' codes in `state`. Returns what it
  /// opened (or the refusal) and what the caller gains, which holds even when the call is refused: a peer that
  /// guessed too often is closed after the reply.
  static func authenticate(
    _ token: String, caller: Caller, in state: FootballGather
  ) -> (Capabilities.Change, Result<TokenAccess, RPCError>) {
    var change = Capabilities.Change()
    let capabilities = caller.capabilities
    guard case .web(let client) = caller.peer, let access = caller.access else {
      // A local controller needs no token.
      guard capabilities.control else { return (change, .failure(.forbidden(capabilities.whyNotControl))) }
      return (change, .success(.control))
    }
    let hasCodes =
      state.openPlans.contains { $0.signUpCode != nil } || !state.closedPlans.isEmpty || !state.votes.isEmpty
      || !state.closedVoteCodes.isEmpty || !state.devices.devices.isEmpty
    guard access.hasToken || hasCodes else {
      return (
        change,
        .failure(
          .forbidden(
            reason: "invalid_token", "gatherd has no control token (--http-token-file), so web clients may only watch.")
        )
      )
    }
    let control = capabilities.control
    switch access.access(Array(token.utf8), from: client, codes: { codeAccess($0, in: state) }) {
    case .control:
      change.control = true
      return (change, .success(.control))
    case .device(let device):
      (change.control, change.device) = (true, device.id)
      return (change, .success(.device(device)))
    case .granted(let grant):
      change.code = grant
      switch grant.scope {
      case .plan(let plan): return (change, .success(.plan(plan, control: control)))
      case .vote(let gather): return (change, .success(.vote(gather: gather, open: true, control: control)))
      }
    case .closedPlan(let plan, let vote):
      change.code = vote
      var openVote: Int64?
      if let vote, case .vote(let gather) = vote.scope { openVote = gather }
      return (change, .success(.closedPlan(plan, openVote: openVote, control: control)))
    case .closedVote(let grant):
      change.code = grant
      guard case .vote(let gather) = grant.scope else { return (Capabilities.Change(), .failure(wrongToken)) }
      return (change, .success(.vote(gather: gather, open: false, control: control)))
    case .wrong: return (change, .failure(wrongToken))
    case .tooMany(let wait):
      change.closeConnection = true
      return (
        change,
        .failure(
          .forbidden(
            reason: "too_many_attempts",
            "Too many wrong tokens came from \(client.address): the token was not checked, and this connection closes. Try again in \(wait.wholeSeconds) s."
          ))
      )
    }
  }

  private static let wrongToken = RPCError.forbidden(
    reason: "invalid_token",
    "That is neither gatherd's control token nor the code of a sign-up or vote link; this connection may only watch.")
}
