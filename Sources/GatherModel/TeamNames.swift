/// What the two sides of a gather are called: "Bibs" and "Colours", or "Team A" and "Team B" by default.
///
/// The names are for people; the protocol keeps naming the sides `teamA` and `teamB`. Each name is trimmed and
/// has 1 to 24 characters, with no control characters, and the two differ (ignoring case), so that a score read
/// aloud is never ambiguous.
public struct TeamNames: Sendable, Hashable, Encodable {
  /// The most characters a team name may have.
  public static let maxLength = 24
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
    guard a.lowercased() != b.lowercased() else {
      throw .validation(
        newB == nil ? fields.teamA : fields.teamB, "Both teams would be called \"\(b)\"; give them different names.")
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

  /// A name trimmed and checked: 1 to 24 characters, no control characters.
  static func checked(_ name: String, field: String) throws(GatherError) -> String {
    let trimmed = name.trimmingWhitespace()
    guard !trimmed.isEmpty else { throw .validation(field, "A team name needs at least one character.") }
    guard trimmed.count <= maxLength else {
      throw .validation(
        field, "A team name can be at most \(maxLength) characters long; \"\(trimmed)\" has \(trimmed.count).")
    }
    guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
      throw .validation(field, "A team name cannot hold control characters such as a newline or a tab.")
    }
    return trimmed
  }
}
