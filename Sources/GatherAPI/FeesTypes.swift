import GatherRPC

// The fees types of the wire, and their schemas.
extension API {
  /// An amount in whole minor units of its currency (cents, pence; yen), never a floating-point number.
  public struct Money: Decodable, Sendable, Equatable {
    /// Minor units: 1250 for 12.50. Negative on a payment and for credit.
    public let amount: Int64
    /// The ISO 4217 code: EUR.
    public let currency: String
    /// The minor unit's decimal places: 2 for EUR, 0 for JPY.
    public let exponent: Int64
    /// As people read it: €12.50, £5.00, -$3.25, 1500 JPY, 1.00 CHF.
    public let text: String
  }

  /// What a plan or a gather costs, split among those who played (Team A and Team B) when the gather ends: each gets
  /// the cost divided by the players rounded down, and the minor units left over go one each to the first players by
  /// name (ignoring case, then by id), so the shares add up to exactly the cost.
  public struct Fee: Decodable, Sendable, Equatable {
    /// The cost.
    public let cost: API.Money
    /// Who pays a guest's share: the guest, or the player who brought them (plan.join's broughtBy), when known.
    public let guests: Guests
    /// Who paid the pitch, if anyone is said to have: the whole cost is credited to them when it is charged.
    public let paidBy: Payer?

    /// Who pays a guest's share.
    public enum Guests: String, Decodable, Sendable, Equatable {
      /// The guest.
      case themselves
      /// The player who brought them, when known.
      case host
    }

    /// A roster player who paid the pitch.
    public struct Payer: Decodable, Sendable, Equatable {
      /// The player's id.
      public let id: API.Id
      /// The player's name.
      public let name: String
    }
  }

  /// A line of the fee ledger, which is only ever added to: a share of a gather's cost (charge), a payment the
  /// organiser marked, or a correction.
  public struct FeeEntry: Decodable, Sendable, Equatable {
    /// The id.
    public let id: API.Id
    /// The at.
    public let at: API.Timestamp
    /// A share of a gather's cost, a payment or a correction.
    public let kind: Kind
    /// Who owes or paid.
    public let player: Player
    /// What the line adds to the player's balance: positive for a charge, negative for a payment.
    public let amount: API.Money
    /// The gather a charge is for.
    public let gather: API.Id?
    /// The guest whose share a charge is, when their host pays it.
    public let `for`: For?
    /// The organiser's words.
    public let note: String?

    /// Who owes or paid.
    public struct Player: Decodable, Sendable, Equatable {
      /// The id.
      public let id: API.Id
      /// The name.
      public let name: String
    }

    /// The for.
    public struct For: Decodable, Sendable, Equatable {
      /// The id.
      public let id: API.Id
      /// The name.
      public let name: String
    }

    /// What a ledger line is.
    public enum Kind: String, Decodable, Sendable, Equatable {
      /// A player's share of a gather's cost.
      case charge
      /// Money the organiser marked as handed over.
      case payment
      /// A correction, with the organiser's note.
      case correction
    }
  }

  /// What one player owes in one currency, added up from their ledger lines.
  public struct FeeBalance: Decodable, Sendable, Equatable {
    /// The player.
    public let player: Player
    /// The currency.
    public let currency: String
    /// Positive while they owe, negative in credit, 0 when square.
    public let owed: API.Money
    /// The charged.
    public let charged: API.Money
    /// The paid.
    public let paid: API.Money
    /// The corrected.
    public let corrected: API.Money

    /// The player.
    public struct Player: Decodable, Sendable, Equatable {
      /// The id.
      public let id: API.Id
      /// The name.
      public let name: String
    }
  }

}

extension APISchemas {
  /// The schema of ``API/Money``.
  public static let money: Schema = .object(
    """
    An amount in whole minor units of its currency (cents, pence; yen), never a floating-point number.
    """,
    [
      "amount": .required(.integer("Minor units: 1250 for 12.50. Negative on a payment and for credit.")),
      "currency": .required(.string("The ISO 4217 code: EUR.", pattern: "^[A-Z]{3}$")),
      "exponent": .required(.integer("The minor unit's decimal places: 2 for EUR, 0 for JPY.", minimum: 0, maximum: 4)),
      "text": .required(.string("As people read it: €12.50, £5.00, -$3.25, 1500 JPY, 1.00 CHF.")),
    ])

  /// The schema of ``API/Fee``.
  public static let fee: Schema = .object(
    """
    What a plan or a gather costs, split among those who played (Team A and Team B) when the gather ends: each \
    gets the cost divided by the players rounded down, and the minor units left over go one each to the first \
    players by name (ignoring case, then by id), so the shares add up to exactly the cost.
    """,
    [
      "cost": .required(.ref("Money")),
      "guests": .required(
        .choice(
          ["themselves", "host"],
          """
          Who pays a guest's share: the guest, or the player who brought them (plan.join's broughtBy), when known.
          """)),
      "paidBy": .required(
        .nullable(
          .object(
            "The roster player who paid the pitch: when the cost is charged, all of it is credited to them.",
            ["id": .required(.ref("Id")), "name": .required(.string())]))),
    ])

  /// The schema of ``API/FeeEntry``.
  public static let feeEntry: Schema = .object(
    """
    A line of the fee ledger, which is only ever added to: a share of a gather's cost (charge), a payment the \
    organiser marked, or a correction.
    """,
    [
      "id": .required(.ref("Id")),
      "at": .required(.ref("Timestamp")),
      "kind": .required(.choice(["charge", "payment", "correction"])),
      "player": .required(
        .object(
          "Who owes or paid.",
          [
            "id": .required(.ref("Id")),
            "name": .required(.string()),
          ])),
      "amount": .required(
        .ref("Money").described(
          """
          What the line adds to the player's balance: positive for a charge, negative for a payment.
          """)),
      "gather": .required(.nullable(.ref("Id")).described("The gather a charge is for.")),
      "for": .required(
        .nullable(
          .object(
            [
              "id": .required(.ref("Id")),
              "name": .required(.string()),
            ])
        ).described("The guest whose share a charge is, when their host pays it.")),
      "note": .required(.nullable(.string(maxLength: 800)).described("The organiser's words.")),
    ])

  /// The schema of ``API/FeeBalance``.
  public static let feeBalance: Schema = .object(
    "What one player owes in one currency, added up from their ledger lines.",
    [
      "player": .required(
        .object(
          [
            "id": .required(.ref("Id")),
            "name": .required(.string()),
          ])),
      "currency": .required(.string(pattern: "^[A-Z]{3}$")),
      "owed": .required(.ref("Money").described("Positive while they owe, negative in credit, 0 when square.")),
      "charged": .required(.ref("Money")),
      "paid": .required(.ref("Money")),
      "corrected": .required(.ref("Money")),
    ])

}
