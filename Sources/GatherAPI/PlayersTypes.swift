import GatherRPC

// The players types of the wire, and their schemas.
extension API {
  /// A position as the wire writes it.
  public typealias Position = String

  /// A position by name or acronym (GK, DEF, MID, W, ST); any letter case is accepted.
  public typealias PositionInput = String

  /// A skill level; any letter case is accepted on input.
  public typealias Skill = String

  /// A roster player.
  public struct Player: Decodable, Sendable, Equatable {
    /// The id.
    public let id: API.Id
    /// The name.
    public let name: String
    /// The age.
    public let age: Int64?
    /// The position.
    public let position: API.Position?
    /// The position acronym.
    public let positionAcronym: String?
    /// The skill.
    public let skill: API.Skill?
    /// The favourite team.
    public let favouriteTeam: String?
    /// Marked regular by the organiser (players.update): regulars may join a weekly schedule's plans first.
    public let regular: Bool
    /// Known to the organiser: false for a name typed on a sign-up link until the organiser confirms it.
    public let confirmed: Bool
  }

}

extension APISchemas {
  /// The schema of ``API/Position``.
  public static let position: Schema = .choice(["goalkeeper", "defender", "midfielder", "winger", "striker"])

  /// The schema of ``API/PositionInput``.
  public static let positionInput: Schema = .choice(
    ["goalkeeper", "defender", "midfielder", "winger", "striker", "GK", "DEF", "MID", "W", "ST"],
    """
    A position by name or acronym (GK, DEF, MID, W, ST); any letter case is accepted.
    """)

  /// The schema of ``API/Skill``.
  public static let skill: Schema = .choice(
    ["beginner", "amateur", "professional"], "A skill level; any letter case is accepted on input.")

  /// The schema of ``API/Player``.
  public static let player: Schema = .object(
    "A roster player.",
    [
      "id": .required(.ref("Id")),
      "name": .required(.string(minLength: 1, maxLength: 160)),
      "age": .required(.nullable(.integer(minimum: 1, maximum: 120))),
      "position": .required(.nullable(.ref("Position"))),
      "positionAcronym": .required(.nullable(.choice(["GK", "DEF", "MID", "W", "ST"]))),
      "skill": .required(.nullable(.ref("Skill"))),
      "favouriteTeam": .required(.nullable(.string(minLength: 1, maxLength: 400))),
      "regular": .required(
        .boolean(
          """
          Marked regular by the organiser (players.update): regulars may join a weekly schedule's plans first.
          """)),
      "confirmed": .required(
        .boolean(
          """
          Known to the organiser: false for a name typed on a sign-up link, until the organiser confirms it \
          (players.update confirmed) or merges it into the player it is (players.merge).
          """)),
    ])

}
