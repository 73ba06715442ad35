/// How a match between two teams is expected to go: who wins if it is not drawn, and how likely a draw is.
///
/// `winProbability` is openskill's `predict_win` (Team A's win, as if the match could not be drawn) from the
/// strength the teams were chosen by; `drawProbability` is the group's own share of draws (``DrawHistory``). The
/// three-way forecast takes the draw first: Team A wins with `winProbability × (1 − drawProbability)`
/// (``threeWay``), and ``percentages`` rounds it to whole percentages that add up to 100, as every screen shows it.
public struct Prediction: Sendable, Hashable {
  /// The probability that Team A wins a match that is not drawn.
  public var winProbability: Double
  /// The probability of a draw.
  public var drawProbability: Double

  /// A prediction of these probabilities.
  public init(winProbability: Double, drawProbability: Double) {
    self.winProbability = winProbability
    self.drawProbability = drawProbability
  }

  /// Team A against Team B by their ratings: the win from the sums of μ and σ² by `model`, the draw from `draws`.
  public init(teamA: [Rating], teamB: [Rating], draws: DrawHistory, model: PlackettLuce = .standard) {
    self.init(
      winProbability: model.winProbability(teamA: teamA, teamB: teamB), drawProbability: draws.probability)
  }

  /// Team A against Team B by declared skill and form: `pointsA` and `pointsB` are the sides' sums of
  /// ``Candidate/points``, read as μ at ``Candidate/pointsPerMu`` points to one μ (how far apart the priors put
  /// the skill levels), and every one of the `players` has the prior's σ. Equal points predict an even match.
  public init(
    pointsA: Int, pointsB: Int, players: Int, draws: DrawHistory, model: PlackettLuce = .standard
  ) {
    let sigmaSquared = Double(players) * Rating.priorSigma * Rating.priorSigma
    self.init(
      winProbability: model.winProbability(
        muDifference: Double(pointsA - pointsB) / Candidate.pointsPerMu, sigmaSquared: sigmaSquared),
      drawProbability: draws.probability)
  }

  /// Team A's win, a draw and Team B's win, adding up to 1.
  public var threeWay: (teamA: Double, draw: Double, teamB: Double) {
    (winProbability * (1 - drawProbability), drawProbability, (1 - winProbability) * (1 - drawProbability))
  }

  /// The three-way forecast in whole percentages that add up to exactly 100 (``Percentages``).
  public var percentages: Percentages { Percentages(threeWay) }

  /// How far the win probability is from an even match, 0 to 0.5: what a fair split makes small.
  public var imbalance: Double { abs(winProbability - 0.5) }
}

extension PlackettLuce {
  /// openskill's `predict_win` for two teams: the probability that Team A wins.
  public func winProbability(teamA: [Rating], teamB: [Rating]) -> Double {
    let a = Self.teamRating(teamA)
    let b = Self.teamRating(teamB)
    return winProbability(muDifference: a.mu - b.mu, sigmaSquared: a.sigmaSquared + b.sigmaSquared)
  }

  /// Φ(Δμ / √(2β² + σ²)): the probability that a team `muDifference` stronger wins, where `sigmaSquared` is the
  /// two teams' σ² added up.
  public func winProbability(muDifference: Double, sigmaSquared: Double) -> Double {
    NormalDistribution.cdf(muDifference / (2 * squared(beta) + sigmaSquared).squareRoot())
  }

  /// openskill's `predict_draw` for two teams: with n players in all, the draw margin is √n · β · Φ⁻¹((1 + 1/n)/2),
  /// and the chance of a draw that of the performance difference falling within it. Predictions take the draw from
  /// the group's history instead (``DrawHistory``); this is kept to compare with openskill.
  public func drawProbability(teamA: [Rating], teamB: [Rating]) -> Double {
    let players = Double(teamA.count + teamB.count)
    guard players > 0 else { return 0 }
    let margin = players.squareRoot() * beta * NormalDistribution.inverseCDF((1 + 1 / players) / 2)
    let a = Self.teamRating(teamA)
    let b = Self.teamRating(teamB)
    let spread = (2 * squared(beta) + a.sigmaSquared + b.sigmaSquared).squareRoot()
    return NormalDistribution.cdf((margin - a.mu + b.mu) / spread)
      - NormalDistribution.cdf((b.mu - a.mu - margin) / spread)
  }
}
