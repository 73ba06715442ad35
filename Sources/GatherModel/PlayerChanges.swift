/// A partial update of a player: nil leaves a field as it is, `.some(nil)` clears an optional one.
public struct PlayerChanges: Sendable, Hashable {
  /// A new name.
  public var name: String?
  /// A new age, or `.some(nil)` to clear it.
  public var age: Int??
  /// A new position, or `.some(nil)` to clear it.
  public var position: Position??
  /// A new skill, or `.some(nil)` to clear it.
  public var skill: Skill??
  /// A new favourite team, or `.some(nil)` to clear it.
  public var favouriteTeam: String??
  /// Whether the player is a regular.
  public var regular: Bool?
  /// Whether the organiser knows the player (confirms a name typed on a sign-up link).
  public var confirmed: Bool?

  /// Creates a set of changes; every field defaults to "leave as it is".
  public init(
    name: String? = nil, age: Int?? = nil, position: Position?? = nil, skill: Skill?? = nil,
    favouriteTeam: String?? = nil, regular: Bool? = nil
  ) {
    self.name = name
    self.age = age
    self.position = position
    self.skill = skill
    self.favouriteTeam = favouriteTeam
    self.regular = regular
  }

  /// Whether nothing would change.
  public var isEmpty: Bool {
    name == nil && age == nil && position == nil && skill == nil && favouriteTeam == nil && regular == nil
      && confirmed == nil
  }

  /// The details with these changes made, validated; the original is untouched on error.
  public func applied(to details: PlayerDetails) throws(GatherError) -> PlayerDetails {
    var result = details
    if let name { try result.setName(name) }
    if let age { try result.setAge(age) }
    if let position { result.position = position }
    if let skill { result.skill = skill }
    if let favouriteTeam { try result.setFavouriteTeam(favouriteTeam) }
    if let regular { result.regular = regular }
    if let confirmed { result.confirmed = confirmed }
    return result
  }
}
