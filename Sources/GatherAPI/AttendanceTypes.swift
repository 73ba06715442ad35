import GatherRPC

extension API {
  /// A plan's terms for freed places and drop-outs, and the places it offers now.
  public struct PlanAttendance: Decodable, Sendable, Equatable {
    /// How long before the start, in seconds, a freed place is offered rather than given; null for never.
    public let offerPeriod: Int64?
    /// How long before the start, in seconds, leaving a going place is a late drop-out.
    public let cutOff: Int64
    /// When leaving a going place becomes a late drop-out.
    public let cutOffAt: API.Timestamp
    /// The places offered and not yet taken, in the order they were offered.
    public let offers: [Offer]

    /// A place offered to a waiting player.
    public struct Offer: Decodable, Sendable, Equatable {
      /// Whom it is offered to.
      public let player: API.Id
      /// Their name.
      public let name: String
      /// When the place was freed.
      public let offeredAt: API.Timestamp
      /// When it went out to them; null while quiet hours hold it back.
      public let sentAt: API.Timestamp?
      /// Until when they may take it; null until it went out.
      public let expiresAt: API.Timestamp?
    }
  }

  /// A weekly schedule's offer period and cut-off, which each week's plan takes.
  public struct ScheduleAttendance: Decodable, Sendable, Equatable {
    /// Seconds before the start; null for no offers.
    public let offerPeriod: Int64?
    /// Seconds before the start.
    public let cutOff: Int64
  }

  /// gatherd's VAPID public key, which a browser subscribes with.
  public struct PushKey: Decodable, Sendable, Equatable {
    /// The uncompressed P-256 point, base64url: `applicationServerKey`.
    public let publicKey: String
  }

  /// A phone that will be told what concerns a player.
  public struct PushSubscribed: Decodable, Sendable, Equatable {
    /// Whose phone it is.
    public let player: API.PlanMember
    /// The push service's host.
    public let service: String
    /// The language its messages are written in.
    public let language: String
  }

  /// What push.unsubscribe did.
  public struct PushUnsubscribed: Decodable, Sendable, Equatable {
    /// Whether gatherd had that subscription.
    public let removed: Bool
  }
}

extension APISchemas {
  /// The schema of ``API/PlanAttendance``.
  public static let planAttendance: Schema = .object(
    "A plan's terms for freed places and drop-outs, and the places it offers now.",
    [
      "offerPeriod": .required(
        .nullable(.integer(minimum: 3600, maximum: 1_209_600)).described(
          "How long before the start, in seconds, a freed place is offered rather than given; null for never.")),
      "cutOff": .required(
        .integer(
          "How long before the start, in seconds, leaving a going place is a late drop-out.", minimum: 0,
          maximum: 1_209_600)),
      "cutOffAt": .required(.ref("Timestamp")),
      "offers": .required(
        .array(
          of: .object(
            [
              "player": .required(.ref("Id")),
              "name": .required(.string()),
              "offeredAt": .required(.ref("Timestamp")),
              "sentAt": .required(.nullable(.ref("Timestamp"))),
              "expiresAt": .required(.nullable(.ref("Timestamp"))),
            ]),
          "The places offered and not yet taken, in the order they were offered (sentAt null while quiet hours hold one back)."
        )),
    ])

  /// The schema of ``API/ScheduleAttendance``.
  public static let scheduleAttendance: Schema = .object(
    "A weekly schedule's offer period and cut-off, in seconds before the start, which each week's plan takes.",
    [
      "offerPeriod": .required(.nullable(.integer(minimum: 3600, maximum: 1_209_600))),
      "cutOff": .required(.integer(minimum: 0, maximum: 1_209_600)),
    ])

  /// The schema of ``API/PushKey``.
  public static let pushKey: Schema = .object(
    "gatherd's VAPID public key (RFC 8292), which a browser subscribes with.",
    ["publicKey": .required(.string("The uncompressed P-256 point, base64url: applicationServerKey.", minLength: 87))])

  /// The schema of ``API/PushSubscribed``.
  public static let pushSubscribed: Schema = .object(
    "A phone that will be told what concerns a player.",
    [
      "player": .required(.ref("PlanMember")),
      "service": .required(.string("The push service's host.")),
      "language": .required(.string("The language its messages are written in.")),
    ])

  /// The schema of ``API/PushUnsubscribed``.
  public static let pushUnsubscribed: Schema = .object(
    "What push.unsubscribe did.", ["removed": .required(.boolean("Whether gatherd had that subscription."))])
}
