import GatherRPC

// What the methods that take back a mistake answer, and the schemas of their results.
extension API {
  /// What gather.reopen answers: the gather being played again, and the ledger lines that reversed its charges.
  public struct GatherReopened: Decodable, Sendable, Equatable {
    /// The gather, active again at full time.
    public let gather: API.Gather
    /// The corrections that reversed its charges, one per player and currency charged.
    public let corrections: [API.FeeEntry]
  }

  /// What gathers.delete answers: the gather deleted, and the ledger lines that reversed its charges.
  public struct GatherDeleted: Decodable, Sendable, Equatable {
    /// The gather deleted from history.
    public let deleted: API.Id
    /// The corrections that reversed its charges, one per player and currency charged.
    public let corrections: [API.FeeEntry]
  }

  /// What players.merge answers: the player who remains, and the ledger lines that moved the other's balance.
  public struct PlayersMerged: Decodable, Sendable, Equatable {
    /// The player both are now.
    public let player: API.Player
    /// The player merged away, who left the roster.
    public let merged: API.Id
    /// The corrections that moved the balance: one pair per currency owed (or in credit).
    public let corrections: [API.FeeEntry]
  }
}

extension APISchemas {
  /// The schema of ``API/GatherReopened``.
  public static let gatherReopened: Schema = .object(
    "The gather, active again at full time, and the corrections that reversed its charges.",
    [
      "gather": .required(.ref("Gather")),
      "corrections": .required(.array(of: .ref("FeeEntry"), "One per player and currency charged.")),
    ])

  /// The schema of ``API/GatherDeleted``.
  public static let gatherDeleted: Schema = .object(
    "The gather deleted from history, and the corrections that reversed its charges.",
    [
      "deleted": .required(.ref("Id")),
      "corrections": .required(.array(of: .ref("FeeEntry"), "One per player and currency charged.")),
    ])

  /// The schema of ``API/PlayersMerged``.
  public static let playersMerged: Schema = .object(
    "The player who remains, the player merged away, and the corrections that moved the balance.",
    [
      "player": .required(.ref("Player")),
      "merged": .required(.ref("Id").described("The player merged away, no longer on the roster.")),
      "corrections": .required(
        .array(of: .ref("FeeEntry"), "A pair per currency: off the player merged away, onto the one who remains.")),
    ])
}
