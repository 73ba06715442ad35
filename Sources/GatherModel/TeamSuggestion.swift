/// Two fair sides for a set of players, with the reasons: each side's strength, goalkeepers, positions and
/// skill levels, the predicted result, and the next fairest different splits when asked. ``TeamBalancer`` makes
/// them.
public struct TeamSuggestion: Sendable, Hashable {
  /// One side of a split.
  public struct Side: Sendable, Hashable {
    /// The players, in the order they were given.
    public var players: [Player.ID]
    /// What the balancer added up: the sum of the players' μ by rating, of their points by skill.
    public var strength: Double
    /// How many goalkeepers the side has.
    public var goalkeepers: Int
    /// Players by position ("unknown" for players without one).
    public var positions: [String: Int]
    /// Players by skill ("unknown" for players without one).
    public var skills: [String: Int]

    /// The side made of `members`, its strength counted by `basis`.
    init(_ members: [Candidate], basis: TeamBalancer.Basis) {
      players = members.map(\.id)
      strength = members.reduce(0) { $0 + basis.strength(of: $1) }
      goalkeepers = members.count { $0.position == .goalkeeper }
      positions = Dictionary(members.map { ($0.group, 1) }, uniquingKeysWith: +)
      skills = Dictionary(members.map { ($0.skill?.rawValue ?? "unknown", 1) }, uniquingKeysWith: +)
    }
  }

  /// Two sides and how a match between them is predicted to go, from the strength the split balanced.
  public struct Split: Sendable, Hashable {
    /// Team A.
    public var teamA: Side
    /// Team B.
    public var teamB: Side
    /// Team A's win probability and the draw probability: by rating from the players' ratings, by skill from
    /// the sides' points (so that equal strengths predict an even match), the draw from the group's history.
    public var prediction: Prediction

    /// The split of `candidates` that `inA` gives (`inA[i]`: candidate i plays in Team A).
    init(_ candidates: [Candidate], inA: [Bool], basis: TeamBalancer.Basis, draws: DrawHistory) {
      let sideA = candidates.indices.filter { inA[$0] }.map { candidates[$0] }
      let sideB = candidates.indices.filter { !inA[$0] }.map { candidates[$0] }
      teamA = Side(sideA, basis: basis)
      teamB = Side(sideB, basis: basis)
      prediction =
        switch basis {
        case .rating: Prediction(teamA: sideA.map(\.rating), teamB: sideB.map(\.rating), draws: draws)
        case .skill:
          Prediction(
            pointsA: sideA.reduce(0) { $0 + $1.points }, pointsB: sideB.reduce(0) { $0 + $1.points },
            players: candidates.count, draws: draws)
        }
    }

    /// The difference in strength between the sides, never negative.
    public var difference: Double { abs(teamA.strength - teamB.strength) }
  }

  /// The fairest split.
  public var split: Split
  /// The players left out, as given.
  public var bench: [Player.ID]
  /// The seed that chose among equally fair splits.
  public var seed: UInt64
  /// Whether the split is proven the fairest (up to ``TeamBalancer/exactLimit`` players), or found by search.
  public var exact: Bool
  /// What the split balances.
  public var basis: TeamBalancer.Basis
  /// The next fairest splits, each different from the first and from each other (a mirror image is the same
  /// split), fairest first; as many as asked for when that many exist.
  public var alternatives: [Split]

  /// Team A.
  public var teamA: Side { split.teamA }
  /// Team B.
  public var teamB: Side { split.teamB }
  /// Team A's win probability and the draw probability.
  public var prediction: Prediction { split.prediction }
  /// The difference in strength between the sides, never negative.
  public var difference: Double { split.difference }
}
