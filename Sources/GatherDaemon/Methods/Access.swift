import GatherModel
import GatherRPC

/// Who may call a method: declared in its definition, decided by ``AccessPolicy`` alone.
///
/// A controller may call every method: a local user the policy names, a web client that presented the control
/// token, a request on the MQTT control topic. A link's code (a plan's sign-up link, a gather's vote link) is a
/// capability: it lets its holder call the methods whose access names what it opens, for that plan or that vote
/// only, while the code still opens it.
enum Access<Params: MethodParams>: Sendable {
  /// Anyone connected, a viewer too.
  case anyone
  /// A controller; others are refused in the words of `refusal`.
  case controller(Refusal = .standard)
  /// A controller, but never over MQTT, whose replies others may read: the reply holds a secret (the control token,
  /// a pairing link's code).
  case controllerOffMQTT
  /// A controller, or the holder of the sign-up code of the plan the params name, while the code still opens it; a
  /// call whose params add a player by name (`addsPlayer`) counts toward the link holder's address's allowance of
  /// new names (``NewNameLimiter``).
  case planLink(plan: @Sendable (Params) -> Plan.ID, addsPlayer: @Sendable (Params) -> Bool = { _ in false })
  /// A controller, or the holder of the vote code of the gather the params name.
  case voteLink(gather: @Sendable (Params) -> Int64)
  /// A controller for every player, or the holder of any link's code for the one player the params name.
  case playerLink(player: @Sendable (Params) -> Player.ID?)
  /// A web client (controller or not) or a local controller that presents the code of an open pairing link
  /// (`code`): never over MQTT, whose replies others may read (the reply holds a device's credential). A wrong code
  /// counts as a wrong guess of a web client's address, as a wrong token does.
  case pairingCode(code: @Sendable (Params) -> String)

  /// How a caller who is not a controller is told no.
  enum Refusal: Sendable {
    /// "METHOD changes the match, and …" for a change; "METHOD is for controllers, and …" for a read.
    case standard
    /// Only why the caller may not, and what would let it.
    case plain
    /// These words, then why the caller may not.
    case saying(String)
  }

  /// What a link's code must open for a caller who is not a controller; nil when no code will do.
  var codeScope: CodeGrant.Kind? {
    switch self {
    case .planLink: .plan
    case .voteLink: .vote
    case .playerLink: .anyLink
    case .anyone, .controller, .controllerOffMQTT, .pairingCode: nil
    }
  }
}

extension Access {
  /// Who may call, as the OpenRPC document's `x-access` says it.
  var documentation: String {
    switch self {
    case .anyone: "anyone"
    case .controller: "controller"
    case .controllerOffMQTT: "controller, never over MQTT"
    case .planLink: "controller, or the plan's sign-up link"
    case .voteLink: "controller, or the gather's vote link"
    case .playerLink: "controller, or any sign-up or vote link for one player"
    case .pairingCode: "a web client or a local controller, with an open pairing link's code"
    }
  }
}

extension Access {
  /// The refusals this access adds to a method's own, as the OpenRPC document lists them.
  var refusals: [ErrorDoc] {
    switch self {
    case .controllerOffMQTT, .pairingCode: [.notOverMQTT]
    case .planLink: [.tooManyNewPlayers]
    case .anyone, .controller, .voteLink, .playerLink: []
    }
  }

  /// Who may call, in words, as the OpenRPC document's method description ends; nil when anyone may.
  var sentence: String? {
    let controller =
      "a controller (root, the daemon's uid, a member of --control-group, the control link, a paired phone, or the MQTT "
      + "control topic)"
    let others = "anyone else gets -32003 forbidden"
    return switch self {
    case .anyone: nil
    case .controller: "Who may call it: \(controller); \(others)."
    case .controllerOffMQTT: "Who may call it: \(controller), never over MQTT; \(others)."
    case .planLink: "Who may call it: \(controller), or a web client holding the plan's sign-up link; \(others)."
    case .voteLink: "Who may call it: \(controller), or a web client holding the gather's vote link; \(others)."
    case .playerLink:
      """
      Who may call it: \(controller) for any player, or a web client holding any sign-up or vote link for the one \
      player it names; \(others).
      """
    case .pairingCode:
      """
      Who may call it: the phone that opened a pairing link, over the web, or a local controller, with the link's \
      code; never over MQTT; anyone else gets -32003 forbidden.
      """
    }
  }
}
