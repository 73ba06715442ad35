/// How a match between two teams is expected to go, from their players' ratings: openskill's `predict_win` and
/// `predict_draw`.
///
/// The two are separate estimates, as in openskill: `winProbability` and its complement split the match between
/// the sides as if it could not be drawn, and `drawProbability` is the chance of a draw on its own. A three-way
/// forecast takes the draw first: Team A wins with `winProbability × (1 − drawProbability)` (``threeWay``).
public struct Prediction: Sendable, Hashable {
  /// The probability that Team A wins: Φ((μA − μB) / √(2β² + σA² + σB²)) over the teams' sums.
  public var winProbability: Double
  /// The probability of a draw.
  public var drawProbability: Double

  /// A prediction of these probabilities.
  public init(winProbability: Double, drawProbability: Double) {
    self.winProbability = winProbability
    self.drawProbability = drawProbability
  }

  /// The prediction for Team A against Team B by `model`.
  public init(teamA: [Rating], teamB: [Rating], model: PlackettLuce = .standard) {
    self.init(
      winProbability: model.winProbability(teamA: teamA, teamB: teamB),
      drawProbability: model.drawProbability(teamA: teamA, teamB: teamB))
  }

  /// Team A's win, a draw and Team B's win, adding up to 1.
  public var threeWay: (teamA: Double, draw: Double, teamB: Double) {
    (winProbability * (1 - drawProbability), drawProbability, (1 - winProbability) * (1 - drawProbability))
  }

  /// How far the win probability is from an even match, 0 to 0.5: what a fair split makes small.
  public var imbalance: Double { abs(winProbability - 0.5) }
}

extension PlackettLuce {
  /// openskill's `predict_win` for two teams: the probability that Team A wins.
  public func winProbability(teamA: [Rating], teamB: [Rating]) -> Double {
    let a = Self.teamRating(teamA)
    let b = Self.teamRating(teamB)
    return NormalDistribution.cdf((a.mu - b.mu) / (2 * squared(beta) + a.sigmaSquared + b.sigmaSquared).squareRoot())
  }

  /// openskill's `predict_draw` for two teams: with n players in all, the draw margin is √n · β · Φ⁻¹((1 + 1/n)/2),
  /// and the chance of a draw that of the performance difference falling within it.
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
