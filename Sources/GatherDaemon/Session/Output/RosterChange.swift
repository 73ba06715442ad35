import GatherModel

/// A change of the roster.
public enum RosterChange: Sendable, Equatable {
  /// A player was added (by a controller, or as a plan's guest).
  case created(Player)
  /// A player's details changed.
  case updated(Player)
  /// A player was deleted; history keeps their name.
  case deleted(Player.ID)

  /// The player the change is about.
  public var playerID: Player.ID {
    switch self {
    case .created(let player), .updated(let player): player.id
    case .deleted(let id): id
    }
  }

  /// The player as they now are; nil once deleted.
  public var player: Player? {
    switch self {
    case .created(let player), .updated(let player): player
    case .deleted: nil
    }
  }
}
