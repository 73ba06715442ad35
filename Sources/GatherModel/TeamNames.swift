/// What the two sides of a gather are called: "Bibs" and "Colours", or "Team A" and "Team B" by default.
///
/// The names are for people; the protocol keeps naming the sides `teamA` and `teamB`. Each name is typed text
/// (`TypedText.teamName`: normalised, trimmed, 1 to 24 characters and at most 96 bytes, no control or formatting
/// characters), and the two do not look alike (`TypedText.lookAlike`: ignoring case and invisible characters), so
/// that a score read aloud is never ambiguous.
public struct TeamNames: Sendable, Hashable, Encodable {
  /// The most characters a team name may have.
  public static let maxLength = TypedText.teamName.maxCharacters
  /// "Team A" and "Team B".
  public static let standard = TeamNames(validTeamA: Team.teamA.title, teamB: Team.teamB.title)

  /// Team A's name.
  public private(set) var teamA: String
  /// Team B's name.
  public private(set) var teamB: String

  private init(validTeamA: String, teamB: String) {
    self.teamA = validTeamA
    self.teamB = teamB
  }

  /// Names for both sides; nil keeps the default of that side. A refusal is a validation error naming
  /// `fields.teamA` or `fields.teamB` (the request's `names` param by default).
  public init(teamA: String?, teamB: String?, fields: (teamA: String, teamB: String) = ("names", "names"))
    throws(GatherError)
  {
    self = try Self.standard.renamed(teamA: teamA, teamB: teamB, fields: fields)
  }

  /// These names with either side renamed (nil keeps it), checked as a pair: the two must differ.
  public func renamed(
    teamA newA: String?, teamB newB: String?, fields: (teamA: String, teamB: String) = ("names", "names")
  ) throws(GatherError) -> TeamNames {
    let a = try newA.map { name throws(GatherError) in try Self.checked(name, field: fields.teamA) } ?? teamA
    let b = try newB.map { name throws(GatherError) in try Self.checked(name, field: fields.teamB) } ?? teamB
    guard !TypedText.lookAlike(a, b) else {
      let field = newB == nil ? fields.teamA : fields.teamB
      guard a == b else {
        throw .validation(field, "\"\(a)\" and \"\(b)\" would look the same; give the teams different names.")
      }
      throw .validation(field, "Both teams would be called \"\(b)\"; give them different names.")
    }
    return TeamNames(validTeamA: a, teamB: b)
  }

  /// Names as the store kept them, trusted as they are (a damaged row shows what it holds).
  public init(stored teamA: String, _ teamB: String) {
    self.init(validTeamA: teamA, teamB: teamB)
  }

  /// The name of a side; the bench is "Bench".
  public subscript(team: Team) -> String {
    switch team {
    case .teamA: teamA
    case .teamB: teamB
    case .bench: Team.bench.title
    }
  }

  /// Whether these are the default names, "Team A" and "Team B".
  public var isStandard: Bool { self == Self.standard }

  /// A name normalised, trimmed and checked as typed text (`TypedText.teamName`).
  static func checked(_ name: String, field: String) throws(GatherError) -> String {
    try TypedText.teamName.required(name, field: field)
  }
}
