import struct FoundationEssentials.Date

/// One player's answer to a plan: who, and when they gave it.
public struct SignUp: Sendable, Hashable {
  /// The player.
  public var player: Player.ID
  /// The player's name when they answered (the roster's current name is shown while they are on it).
  public var name: String
  /// When they answered: joined, for those going or waiting; said no, for the others.
  public var at: Date
  /// Whether they were added by name through the sign-up link, as a guest.
  public var guest: Bool
  /// The roster player who brought the guest (who added them), when known: the guest's share of the plan's cost
  /// may be theirs to pay. Nil for a guest who came by themselves, or one whose host the database does not know.
  public var broughtBy: Player.ID?

  /// Creates an answer.
  public init(player: Player.ID, name: String, at: Date, guest: Bool = false, broughtBy: Player.ID? = nil) {
    self.player = player
    self.name = name
    self.at = at
    self.guest = guest
    self.broughtBy = broughtBy
  }
}
