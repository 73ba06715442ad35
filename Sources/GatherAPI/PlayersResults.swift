import GatherRPC

// What the players methods answer, and the schemas of their results.
extension API {
  /// What players.list answers.
  public struct PlayerList: Decodable, Sendable, Equatable {
    /// The players.
    public let players: [API.Player]
  }

  /// What players.delete answers.
  public struct PlayerDeleted: Decodable, Sendable, Equatable {
    /// The deleted.
    public let deleted: API.Id
  }

  /// What players.import answers.
  public struct PlayersImported: Decodable, Sendable, Equatable {
    /// The new players with their ids, in the rows' order.
    public let players: [API.Player]
  }

}

extension APISchemas {
  /// The schema of ``API/PlayerList``.
  public static let playerList: Schema = .object(
    [
      "players": .required(.array(of: .ref("Player")))
    ])

  /// The schema of ``API/PlayerDeleted``.
  public static let playerDeleted: Schema = .object(
    [
      "deleted": .required(.ref("Id"))
    ])

  /// The schema of ``API/PlayersImported``.
  public static let playersImported: Schema = .object(
    [
      "players": .required(.array(of: .ref("Player"), "The new players with their ids, in the rows' order."))
    ])

}
