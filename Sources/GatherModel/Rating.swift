/// What the results so far say about a player's skill: a normal belief with mean μ and standard deviation σ, as
/// in openskill's Weng–Lin models. It starts at a prior from the declared skill (``prior(for:)``) and learns from
/// every ended gather the player plays in (``PlackettLuce``).
public struct Rating: Sendable, Hashable {
  /// σ₀, the uncertainty every player starts with: 25/3.
  public static let priorSigma = 25.0 / 3.0

  /// The mean, μ: the skill the results point to.
  public var mu: Double
  /// The standard deviation, σ: how unsure that is. It shrinks as the player plays.
  public var sigma: Double

  /// A rating of mean `mu` and standard deviation `sigma`.
  public init(mu: Double, sigma: Double) {
    self.mu = mu
    self.sigma = sigma
  }

  /// μ − 3σ: a skill the player is almost surely (99.7%) above. Stats tables sort by it, so that a newcomer
  /// with a lucky first win does not top the table.
  public var ordinal: Double { mu - 3 * sigma }

  /// Whether both numbers are finite (and σ positive): a rating that can be shown and learned from.
  public var isUsable: Bool { mu.isFinite && sigma.isFinite && sigma > 0 }

  /// The rating a player starts from, by the skill they declared: μ₀ 20 for a beginner, 25 for an amateur or
  /// when unknown, 30 for a professional; σ₀ 25/3.
  public static func prior(for skill: Skill?) -> Rating {
    let mu: Double =
      switch skill {
      case .beginner: 20
      case .professional: 30
      case .amateur, nil: 25
      }
    return Rating(mu: mu, sigma: priorSigma)
  }
}
