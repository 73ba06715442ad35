/// A player as the team suggester sees them: position, learned rating, and skill and form.
///
/// Balanced by rating (the default), the strength is the learned ``rating``'s μ. Balanced by skill, it is
/// ``points``, as docs/protocol.md ("Fair teams") documents:
/// - skill gives 100 (beginner), 200 (amateur, and unknown skill) or 300 (professional) points;
/// - once a player has played ``formThreshold`` ended gathers, their win rate moves that by up to 50 points:
///   `round(100 × (winRate − 0.5))`, so a player who always wins gets +50 and one who always loses −50.
public struct Candidate: Sendable, Hashable {
  /// The ended gathers a player needs before their win rate counts.
  public static let formThreshold = 5
  /// How many points are one unit of μ when a prediction reads points as skill: the priors put the levels 5 μ
  /// apart (20, 25, 30), the points 100 apart.
  public static let pointsPerMu = 20.0

  /// The player's id.
  public var id: Player.ID
  /// The preferred position, if known.
  public var position: Position?
  /// The skill level, if known.
  public var skill: Skill?
  /// Ended gathers played (on Team A or Team B).
  public var played: Int
  /// Of those, the ones won.
  public var wins: Int
  /// The learned rating.
  public var rating: Rating

  /// A candidate; `played` and `wins` come from history, `rating` (the prior of `skill` when nil) from the store.
  public init(
    id: Player.ID, position: Position? = nil, skill: Skill? = nil, played: Int = 0, wins: Int = 0,
    rating: Rating? = nil
  ) {
    self.id = id
    self.position = position
    self.skill = skill
    self.played = played
    self.wins = wins
    self.rating = rating ?? .prior(for: skill)
  }

  /// A roster player with their record and rating.
  public init(_ player: Player, played: Int = 0, wins: Int = 0, rating: Rating? = nil) {
    self.init(
      id: player.id, position: player.details.position, skill: player.details.skill, played: played, wins: wins,
      rating: rating)
  }

  /// The points that skill alone gives.
  public var skillPoints: Int {
    switch skill {
    case .beginner: 100
    case .professional: 300
    case .amateur, nil: 200
    }
  }

  /// The points that form adds, from −50 to +50; 0 before ``formThreshold`` gathers.
  public var formPoints: Int {
    guard played >= Self.formThreshold, played > 0 else { return 0 }
    let winRate = Double(min(max(wins, 0), played)) / Double(played)
    return Int((100 * (winRate - 0.5)).rounded())
  }

  /// What balancing by skill adds up: skill points plus form points.
  public var points: Int { skillPoints + formPoints }

  /// The group whose members must be spread over both sides: the position, or "unknown".
  var group: String { position?.rawValue ?? "unknown" }
}
