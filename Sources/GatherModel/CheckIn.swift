import struct FoundationEssentials.Date

/// Who turned up for a plan on the night, as the referee ticked them: everyone who was there, in the order a
/// gather started from the plan takes them, and the going players who did not come.
public struct CheckIn: Sendable, Hashable {
  /// How a player stood on the plan's list, and whether they came.
  public enum Presence: String, Sendable, Hashable, CaseIterable {
    /// Going, and there.
    case going
    /// On the waiting list, and brought in on the night.
    case waiting
    /// There without being on the list: never answered, said they could not make it, or new to the roster.
    case walkIn
    /// Going, and not there.
    case noShow
  }

  /// One player of the check-in.
  public struct Entry: Sendable, Hashable {
    /// The player.
    public var player: Player.ID
    /// Their name at the check-in (the roster's current name is shown while they are on it).
    public var name: String
    /// Whether they came as a guest: added through the sign-up link, or new to the roster on the night.
    public var guest: Bool
    /// Where they stood, and whether they came.
    public var presence: Presence

    /// Creates an entry.
    public init(player: Player.ID, name: String, guest: Bool = false, presence: Presence) {
      self.player = player
      self.name = name
      self.guest = guest
      self.presence = presence
    }
  }

  /// When the referee checked the players in.
  public var at: Date
  /// Everyone checked: those there first, going in the order they joined, then those brought in from the waiting
  /// list in their order, then the walk-ins as given; then the no-shows, in the order they joined.
  public var entries: [Entry]

  /// A check-in as recorded.
  public init(at: Date, entries: [Entry]) {
    self.at = at
    self.entries = entries
  }

  /// The players who were there, in the order a gather started from the plan splits them.
  public var present: [Entry] { entries.filter { $0.presence != .noShow } }
  /// The going players who did not come.
  public var noShows: [Entry] { entries.filter { $0.presence == .noShow } }

  /// Whether the player was there.
  public func isPresent(_ player: Player.ID) -> Bool {
    entries.contains { $0.player == player && $0.presence != .noShow }
  }
}
