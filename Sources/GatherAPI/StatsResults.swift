import GatherRPC

// What the stats methods answer, and the schemas of their results.
extension API {
  /// What stats.players answers.
  public struct StatsTable: Decodable, Sendable, Equatable {
    /// The order.
    public let order: String
    /// The players.
    public let players: [API.PlayerStats]
  }

}

extension APISchemas {
  /// The schema of ``API/StatsTable``.
  public static let statsTable: Schema = .object(
    [
      "order": .required(.choice(["rating", "wins", "goals", "winRate", "played", "attendance"])),
      "players": .required(.array(of: .ref("PlayerStats"))),
    ])

}
