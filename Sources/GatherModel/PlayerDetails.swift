/// Everything about a player except its id, valid by construction.
public struct PlayerDetails: Sendable, Hashable, Encodable {
  /// The longest name or favourite team, in characters.
  public static let maxTextLength = 100
  /// The ages a player may have.
  public static let ageRange = 1...120

  /// The name, trimmed, 1 to 100 characters.
  public private(set) var name: String
  /// The age in years, 1 to 120, if known.
  public private(set) var age: Int?
  /// The preferred position, if known.
  public var position: Position?
  /// The skill level, if known.
  public var skill: Skill?
  /// The favourite team, trimmed, at most 100 characters, if any.
  public private(set) var favouriteTeam: String?

  /// Validates and normalises a player's details, or throws a validation error naming the field.
  public init(
    name: String, age: Int? = nil, position: Position? = nil, skill: Skill? = nil,
    favouriteTeam: String? = nil
  ) throws(GatherError) {
    self.name = ""
    self.position = position
    self.skill = skill
    try setName(name)
    try setAge(age)
    try setFavouriteTeam(favouriteTeam)
  }

  /// Changes the name, which is trimmed and must keep 1 to 100 characters.
  public mutating func setName(_ newName: String) throws(GatherError) {
    let trimmed = newName.trimmingWhitespace()
    guard !trimmed.isEmpty else { throw .validation("name", "A player needs a name.") }
    guard trimmed.count <= Self.maxTextLength else {
      throw .validation("name", "A name can be at most \(Self.maxTextLength) characters long.")
    }
    name = trimmed
  }

  /// Changes the age, which must be from 1 to 120, or nil when unknown.
  public mutating func setAge(_ newAge: Int?) throws(GatherError) {
    if let newAge, !Self.ageRange.contains(newAge) {
      throw .validation("age", "An age must be a whole number from 1 to 120.")
    }
    age = newAge
  }

  /// Changes the favourite team, which is trimmed and can be at most 100 characters; empty means none.
  public mutating func setFavouriteTeam(_ team: String?) throws(GatherError) {
    let trimmed = team?.trimmingWhitespace()
    if let trimmed, trimmed.count > Self.maxTextLength {
      throw .validation(
        "favouriteTeam", "A favourite team can be at most \(Self.maxTextLength) characters long.")
    }
    favouriteTeam = trimmed?.isEmpty == false ? trimmed : nil
  }
}
