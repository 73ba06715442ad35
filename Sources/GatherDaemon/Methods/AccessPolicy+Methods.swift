import GatherModel
import GatherRPC

/// Each method's access, as its definition declares it (``Access``), decided in three steps: before anything is
/// read, from what the caller may do alone; once the params are read, for the plan, the vote or the player they
/// name; and for a change, in its turn, that a link's code still opens what it was granted for.
extension AccessPolicy {
  /// What let a call through: control, a link's code for what the params name, or nothing needed.
  enum Admission: Sendable {
    /// The method is open to anyone.
    case open
    /// The caller is a controller.
    case control
    /// The caller holds a link's code, which must still open this plan in the change's turn; `newNameFrom` is the
    /// address a new name was counted for (``NewNameLimiter``), given back unless the change is made.
    case planCode(CodeGrant, plan: Plan.ID, newNameFrom: String? = nil)
    /// The caller holds a link's code that opens what the params name.
    case code(CodeGrant)
    /// The caller is a controller through a paired device's credential, which must still be paired in the change's
    /// turn.
    case device(PairedDevice.ID)
    /// The caller presents a pairing link's code, which must open a pairing in the change's turn (a wrong one counts
    /// as a wrong guess of `guesser`, a web client's address).
    case pairing(code: String, guesser: PairingGuesser?)
    /// The caller holds a link's code, which must still open its plan or its vote when the call runs.
    case workingCode(CodeGrant)
  }

  /// Refuses a caller that no params could let through (-32003), before anything is read; nil when the params may.
  static func refusal<P>(
    _ access: Access<P>, method: String, changes: Bool, caller: Capabilities, peer: Caller.Peer
  ) -> RPCError? {
    if case .controllerOffMQTT = access, case .mqtt = peer {
      return .forbidden(
        reason: "not_over_mqtt",
        "\(method)'s reply holds a secret (the control token, a pairing link's code) and is never sent over MQTT, "
          + "whose replies others may read; ask gatherctl web on the server.")
    }
    if case .pairingCode = access { return pairingRefusal(peer, control: caller.control) }
    if caller.control { return nil }
    switch access {
    case .anyone, .pairingCode: return nil
    case .planLink, .voteLink:
      if let grant = caller.code, let kind = access.codeScope, grant.isOf(kind) { return nil }
      return .forbidden("\(method) changes the match, and \(caller.whyNotControl)")
    case .playerLink:
      if caller.code != nil { return nil }
      return .forbidden(
        "What players owe is for the organiser, and for each player through a sign-up or vote link; "
          + caller.whyNotControl)
    case .controllerOffMQTT: return .forbidden(caller.whyNotControl)
    case .controller(let refusal):
      switch refusal {
      case .plain: return .forbidden(caller.whyNotControl)
      case .saying(let words): return .forbidden(words + caller.whyNotControl)
      case .standard:
        let what = changes ? "changes the match" : "is for controllers"
        return .forbidden("\(method) \(what), and \(caller.whyNotControl)")
      }
    }
  }

  /// Lets a call through for what its params name, or refuses it (-32003 naming the param; -32002
  /// `too_many_new_players` when a link holder's address has added its allowance of new names lately). Called
  /// only for a caller ``refusal(_:method:changes:caller:peer:)`` let through.
  static func admit<P>(_ access: Access<P>, _ params: P, caller: Caller) throws(RPCError) -> Admission {
    if case .pairingCode(let code) = access { return try admitPairing(code(params), caller: caller) }
    let capabilities = caller.capabilities
    if capabilities.control { return capabilities.device.map(Admission.device) ?? .control }
    switch access {
    case .anyone, .pairingCode: return .open
    case .controller, .controllerOffMQTT: throw .forbidden(capabilities.whyNotControl)
    case .planLink(let plan, let addsPlayer):
      guard let grant = capabilities.code else { throw .forbidden(capabilities.whyNotControl) }
      guard addsPlayer(params), case .web(let client) = caller.peer, let web = caller.access else {
        return .planCode(grant, plan: plan(params))
      }
      if let wait = web.newNames.withLock({ $0.take(client.address) }) {
        throw .wrongState(
          reason: "too_many_new_players",
          "Many new names came from this address in the last hour: wait \(Self.minutes(wait)), or ask the organiser "
            + "to add you.")
      }
      return .planCode(grant, plan: plan(params), newNameFrom: client.address)
    case .voteLink(let gather):
      guard let grant = capabilities.code else { throw .forbidden(capabilities.whyNotControl) }
      try grant.check(vote: gather(params))
      return .code(grant)
    case .playerLink(let player):
      guard let grant = capabilities.code else { throw .forbidden(capabilities.whyNotControl) }
      guard player(params) != nil else {
        throw .forbidden(
          reason: "forbidden", field: "player", "A sign-up or vote link shows one player's fees: give player.")
      }
      return .workingCode(grant)
    }
  }

  /// In a change's turn: refuses a sign-up code that no longer opens its plan, or a call for another plan, a
  /// revoked device's credential, or a pairing code that opens no pairing (-32003), with the live state.
  static func confirm(_ admission: Admission, in state: FootballGather) throws(RPCError) {
    switch admission {
    case .planCode(let grant, let plan, _): try grant.check(plan: plan, in: state)
    case .workingCode(let grant): try grant.checkWorks(in: state)
    case .device(let device): try confirmDevice(device, in: state)
    case .pairing(let code, let guesser): try confirmPairing(code, guesser: guesser, in: state)
    case .open, .control, .code: break
    }
  }

  /// Gives back what admitting the caller counted, for a change that was not made (refused, or a repeat).
  static func giveBack(_ admission: Admission, caller: Caller) {
    guard case .planCode(_, _, let address?) = admission, let web = caller.access else { return }
    web.newNames.withLock { $0.giveBack(address) }
  }

  /// "about 4 minutes": how long a wait is, for people.
  private static func minutes(_ wait: Duration) -> String {
    let minutes = max(1, Int((wait.inSeconds / 60).rounded(.up)))
    return minutes == 1 ? "a minute" : "about \(minutes) minutes"
  }
}
