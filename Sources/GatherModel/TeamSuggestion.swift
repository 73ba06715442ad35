/// Two fair sides for a set of players, with the reasons: each side's strength, goalkeepers, positions and
/// skill levels. ``TeamBalancer`` makes them.
public struct TeamSuggestion: Sendable, Hashable {
  /// One side of the suggestion.
  public struct Side: Sendable, Hashable {
    /// The players, in the order they were given.
    public var players: [Player.ID]
    /// The sum of the players' ratings.
    public var strength: Int
    /// How many goalkeepers the side has.
    public var goalkeepers: Int
    /// Players by position ("unknown" for players without one).
    public var positions: [String: Int]
    /// Players by skill ("unknown" for players without one).
    public var skills: [String: Int]

    /// The side made of `members`.
    init(_ members: [Candidate]) {
      players = members.map(\.id)
      strength = members.reduce(0) { $0 + $1.rating }
      goalkeepers = members.count { $0.position == .goalkeeper }
      positions = Dictionary(members.map { ($0.group, 1) }, uniquingKeysWith: +)
      skills = Dictionary(members.map { ($0.skill?.rawValue ?? "unknown", 1) }, uniquingKeysWith: +)
    }
  }

  /// Team A.
  public var teamA: Side
  /// Team B.
  public var teamB: Side
  /// The players left out, as given.
  public var bench: [Player.ID]
  /// The difference in strength between the sides, never negative.
  public var difference: Int { abs(teamA.strength - teamB.strength) }
  /// The seed that chose among equally fair splits.
  public var seed: UInt64
  /// Whether the split is proven the fairest (up to ``TeamBalancer/exactLimit`` players), or found by search.
  public var exact: Bool
}
