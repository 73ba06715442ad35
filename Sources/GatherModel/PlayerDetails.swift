/// Everything about a player except its id, valid by construction.
public struct PlayerDetails: Sendable, Hashable, Encodable {
  /// The ages a player may have.
  public static let ageRange = 1...120

  /// The name: typed text (`TypedText.playerName`), 1 to 40 characters and at most 160 bytes.
  public private(set) var name: String
  /// The age in years, 1 to 120, if known.
  public private(set) var age: Int?
  /// The preferred position, if known.
  public var position: Position?
  /// The skill level, if known.
  public var skill: Skill?
  /// The favourite team, if any: typed text (`TypedText.favouriteTeam`), at most 100 characters and 400 bytes.
  public private(set) var favouriteTeam: String?
  /// Whether the organiser marked the player a regular: regulars may join a schedule's plans first.
  public var regular: Bool
  /// Whether the organiser knows the player: false for a name someone typed on a sign-up link, until the organiser
  /// confirms it (or merges it into the player it is).
  public var confirmed = true

  /// Validates and normalises a player's details, or throws a validation error naming the field.
  public init(
    name: String, age: Int? = nil, position: Position? = nil, skill: Skill? = nil,
    favouriteTeam: String? = nil, regular: Bool = false
  ) throws(GatherError) {
    self.name = ""
    self.position = position
    self.skill = skill
    self.regular = regular
    try setName(name)
    try setAge(age)
    try setFavouriteTeam(favouriteTeam)
  }

  /// Details as the store keeps them: the age checked, the name and favourite team as they were saved, which
  /// the rule for typed text may refuse (a row written under other limits still loads, and printers show any
  /// control character in it escaped).
  public init(
    stored name: String, age: Int?, position: Position?, skill: Skill?, favouriteTeam: String?, regular: Bool = false
  ) throws(GatherError) {
    self.name = name
    self.position = position
    self.skill = skill
    self.regular = regular
    self.favouriteTeam = favouriteTeam
    try setAge(age)
  }

  /// Changes the name: normalised and trimmed, and refused when empty, too long or holding control or
  /// formatting characters (`TypedText`).
  public mutating func setName(_ newName: String) throws(GatherError) {
    name = try TypedText.playerName.required(newName, field: "name")
  }

  /// Changes the age, which must be from 1 to 120, or nil when unknown.
  public mutating func setAge(_ newAge: Int?) throws(GatherError) {
    if let newAge, !Self.ageRange.contains(newAge) {
      throw .validation("age", "An age must be a whole number from 1 to 120.")
    }
    age = newAge
  }

  /// Changes the favourite team, normalised and trimmed as typed text (`TypedText`); empty means none.
  public mutating func setFavouriteTeam(_ team: String?) throws(GatherError) {
    favouriteTeam = try TypedText.favouriteTeam.optional(team, field: "favouriteTeam")
  }
}
