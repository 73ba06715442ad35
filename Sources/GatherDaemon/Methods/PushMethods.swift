import GatherAPI
import GatherModel
import GatherRPC

/// push.key, push.subscribe and push.unsubscribe: Web Push, so that a player's phone hears when a place is theirs
/// or offered, the reminders, the teams, the vote and what they owe (Notifications/).
enum PushMethods {
  /// Every method of the family, in the OpenRPC document's order.
  static let all: [any MethodDefining] = [pushKey, pushSubscribe, pushUnsubscribe]

  /// push.key: gatherd's VAPID public key, which a browser subscribes with.
  static let pushKey = MethodDefinition.query(
    .pushKey, NoParams.self,
    doc: MethodDoc(
      summary: "gatherd's VAPID public key (RFC 8292), which a browser subscribes with (applicationServerKey).",
      description: """
        Made the first time it is asked for and kept beside the database (push.key, mode 0600), so that a restart \
        keeps it and the phones subscribed with it. -32002 push_unavailable when gatherd cannot make or read it.
        """,
      result: ResultDoc("key", schema: .ref("PushKey")),
      errors: [.pushUnavailable]
    )
  ) { _, _, call in
    Encoded(publicKey: try Self.push(call).publicKey())
  }

  /// push.subscribe: a phone will be told what concerns a player.
  static let pushSubscribe = MethodDefinition.turn(
    .pushSubscribe, SubscribeParams.self, access: .planLink { $0.plan ?? 0 },
    doc: MethodDoc(
      summary: "A phone will be told what concerns a player: a place theirs or offered, reminders, teams, votes, fees.",
      description: """
        subscription is what the browser's PushManager.subscribe gives (JSON.stringify of it), made with \
        push.key's key. gatherd sends only to the push services on its list (push-services: the browsers' own by \
        default), over HTTPS; another endpoint is -32602 naming subscription.endpoint, keys that are not a \
        browser's are -32602 naming subscription.keys.p256dh or subscription.keys.auth. Subscribing an endpoint \
        again replaces it; a player keeps at most 5 phones, the oldest let go first. A push service that says \
        the phone is gone (404, 410) has it forgotten. Mutating: a controller for any player; a web client \
        holding a plan's sign-up code (auth.token, or Authorization: Bearer on POST /rpc) for a player who has \
        answered that plan, giving plan (another plan, or none: -32003 naming plan; a player who has not \
        answered it: -32602 naming player).
        """,
      result: ResultDoc("subscribed", schema: .ref("PushSubscribed")),
      errors: [.forbidden, .playerNotFound, .planNotFound, .planCancelled, .invalidParams, .storageUnavailable]
    )
  ) { params, turn, call in
    let subscription = try Self.push(call).subscription(
      player: params.player, endpoint: params.endpoint, p256dh: params.p256dh, auth: params.auth,
      language: params.language)
    return try Encoded(turn.subscribe(subscription, plan: params.plan))
  }

  /// push.unsubscribe: a phone will not be told any more.
  static let pushUnsubscribe = MethodDefinition.turn(
    .pushUnsubscribe, UnsubscribeParams.self, access: .planLink { $0.plan ?? 0 },
    doc: MethodDoc(
      summary: "A phone will not be told any more.",
      description: """
        The phone's browser (the only one beside gatherd that knows the endpoint) lets it go; removed false when \
        gatherd had no such subscription. Not an https URL: -32602 naming endpoint. Mutating: a controller, or a \
        web client holding a plan's sign-up code, giving plan, as for push.subscribe.
        """,
      result: ResultDoc("unsubscribed", schema: .ref("PushUnsubscribed")),
      errors: [.forbidden, .invalidParams, .storageUnavailable]
    )
  ) { params, turn, _ in
    try Encoded(removed: turn.unsubscribe(endpoint: params.endpoint))
  }

  /// The daemon's Web Push, or -32002 push_unavailable where it has none.
  private static func push(_ call: Call) throws(RPCError) -> WebPush {
    guard let push = call.services.push else {
      throw .wrongState(reason: "push_unavailable", "This gatherd sends no pushes.")
    }
    return push
  }

  /// push.subscribe's params.
  struct SubscribeParams: MethodParams {
    static let fields = [
      ParamDoc("player", "The roster player whose phone it is.", required: true, schema: .ref("Id")),
      ParamDoc(
        "subscription",
        """
        The browser's PushSubscription as JSON: {endpoint, keys: {p256dh, auth}}; expirationTime may come along \
        and is not kept.
        """, required: true,
        schema: .object([
          "endpoint": .required(.string(maxLength: 2048)),
          "expirationTime": .optional(.nullable(.integer())),
          "keys": .required(
            .object([
              "p256dh": .required(.string()), "auth": .required(.string()),
            ])),
        ])),
      ParamDoc(
        "plan",
        "The plan whose sign-up link subscribes (required with a sign-up code): the player must have answered it.",
        required: false, schema: .ref("Id")),
      ParamDoc(
        "language",
        "The language the phone reads (a BCP 47 tag such as en, de or pt-BR); English when gatherd has none closer.",
        required: false, schema: .string(maxLength: 35, pattern: "^[A-Za-z0-9-]+$")),
    ]
    let player: Player.ID
    let endpoint: String
    let p256dh: String
    let auth: String
    let plan: Plan.ID?
    let language: String

    init(_ params: inout Params) throws {
      player = try params.int("player")
      let subscription = try Self.object(params.value("subscription"), "subscription")
      endpoint = try Self.text(subscription["endpoint"], "subscription.endpoint")
      let keys = try Self.object(subscription["keys"], "subscription.keys")
      p256dh = try Self.text(keys["p256dh"], "subscription.keys.p256dh")
      auth = try Self.text(keys["auth"], "subscription.keys.auth")
      if let unknown = subscription.objectValue?.keys.first(where: {
        !["endpoint", "keys", "expirationTime"].contains($0)
      }) {
        throw RPCError.invalidParams(field: "subscription.\(unknown)", "A subscription has no \"\(unknown)\".")
      }
      plan = try params.optionalInt("plan")
      let language = try params.optionalString("language") ?? "en"
      guard (1...35).contains(language.utf8.count),
        language.utf8.allSatisfy({
          $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0 & 0xDF)
        })
      else {
        throw RPCError.invalidParams(field: "language", "A language is a tag such as en, de or pt-BR.")
      }
      self.language = language
    }

    /// `value`, an object, or a refusal naming `field`.
    private static func object(_ value: JSONValue?, _ field: String) throws(RPCError) -> JSONValue {
      guard let value, value.objectValue != nil else {
        throw .invalidParams(field: field, "\(field) must be an object, as the browser's PushSubscription gives it.")
      }
      return value
    }

    private static func text(_ value: JSONValue?, _ field: String) throws(RPCError) -> String {
      guard let text = value?.stringValue, !text.isEmpty else {
        throw .invalidParams(field: field, "\(field) must be a string, as the browser's PushSubscription gives it.")
      }
      return text
    }
  }

  /// push.unsubscribe's params.
  struct UnsubscribeParams: MethodParams {
    static let fields = [
      ParamDoc(
        "endpoint", "The subscription's endpoint, as push.subscribe took it.", required: true, schema: .string()),
      ParamDoc(
        "plan", "The plan whose sign-up link lets it go (required with a sign-up code).", required: false,
        schema: .ref("Id")),
    ]
    let endpoint: String
    let plan: Plan.ID?

    init(_ params: inout Params) throws {
      endpoint = try params.string("endpoint")
      plan = try params.optionalInt("plan")
      guard endpoint.lowercased().hasPrefix("https://"), endpoint.utf8.count <= 2048 else {
        throw RPCError.invalidParams(field: "endpoint", "An endpoint is an https URL, as push.subscribe took it.")
      }
    }
  }
}
