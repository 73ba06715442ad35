import GatherModel
import GatherRPC

/// Phones paired as controllers: a device's credential makes its holder a controller, as the control token does,
/// until the device is revoked; a pairing link's code lets anyone exchange it, once, for a credential. Both are
/// presented like the control token, compared by their SHA-256 in constant time, never logged, and a wrong one
/// counts toward the address's wrong guesses (``GuessLimiter``).
extension AccessPolicy {
  /// Whose wrong guess a wrong pairing code is: a web client's address, limited with the control token's guesses.
  struct PairingGuesser: Sendable {
    let web: WebAccess
    let address: String

    /// Counts a wrong guess against the address.
    func guessedWrong() { web.guesses.withLock { $0.wrong(address) } }
  }

  /// What `code` opens in `state`: a paired device's credential, else a link's code (``CodeGrant``); nil for none.
  static func codeAccess(_ code: [UInt8], in state: FootballGather) -> WebAccess.Access? {
    if !state.devices.devices.isEmpty, let device = state.devices.device(matching: DeviceSecret.hash(code)) {
      return .device(device)
    }
    return CodeGrant.access(code, in: state)
  }

  /// Refuses the exchange of a pairing link's code (-32003) to a peer that is neither a web client (the phone that
  /// opened the link) nor a local controller: never over MQTT, whose replies others may read, nor from a Unix
  /// socket's peer that may change nothing.
  static func pairingRefusal(_ peer: Caller.Peer, control: Bool) -> RPCError? {
    switch peer {
    case .web: nil
    case .local where control: nil
    case .mqtt:
      .forbidden(
        reason: "not_over_mqtt",
        "A pairing link's code is exchanged for a device's credential, which is never sent over MQTT, whose replies "
          + "others may read: open the pairing link on the phone.")
    case .local:
      .forbidden(
        "A pairing link's code is exchanged by the phone that opens the link, over the web: open the link on the "
          + "phone.")
    }
  }

  /// Lets a pairing code through to be checked in the change's turn, unless the caller's address guessed wrong too
  /// often lately (-32003 `too_many_attempts`, and the connection closes after the reply).
  static func admitPairing(_ code: String, caller: Caller) throws(RPCError) -> Admission {
    guard case .web(let client) = caller.peer, let web = caller.access else {
      return .pairing(code: code, guesser: nil)
    }
    if let wait = web.guesses.withLock({ $0.wait(for: client.address) }) {
      var change = Capabilities.Change()
      change.closeConnection = true
      caller.apply(change)
      throw .forbidden(
        reason: "too_many_attempts",
        "Too many wrong codes came from \(client.address): the pairing code was not checked, and this connection "
          + "closes. Try again in \(wait.wholeSeconds) s.")
    }
    return .pairing(code: code, guesser: PairingGuesser(web: web, address: client.address))
  }

  /// In the change's turn: refuses a device that has been revoked since its credential was presented.
  static func confirmDevice(_ device: PairedDevice.ID, in state: FootballGather) throws(RPCError) {
    guard state.devices.devices[device] == nil else { return }
    throw .forbidden(
      reason: "invalid_token",
      "This phone's pairing was revoked: it may only watch. Ask the organiser to pair it again.")
  }

  /// In the change's turn: refuses a code that is no pairing's (-32003 `invalid_token`), counting it as a wrong
  /// guess. A used or expired pairing's code is the model's to refuse, in words of its own.
  static func confirmPairing(_ code: String, guesser: PairingGuesser?, in state: FootballGather) throws(RPCError) {
    guard state.devices.pairing(matching: DeviceSecret.hash(code.utf8)) == nil else { return }
    guesser?.guessedWrong()
    throw .forbidden(
      reason: "invalid_token",
      "That is not the code of a pairing link: ask the organiser for a new link (gatherctl web pair).")
  }
}
