/// A person on the roster.
public struct Player: Sendable, Hashable, Encodable, Identifiable {
  /// A player's identity, assigned by the store.
  public typealias ID = Int64

  /// The identity.
  public let id: ID
  /// The player's validated details.
  public var details: PlayerDetails

  /// Creates a player from validated details.
  public init(id: ID, details: PlayerDetails) {
    self.id = id
    self.details = details
  }

  /// The player's name (`PlayerDetails.name`).
  public var name: String { details.name }
}
