import Glibc

/// openskill's default model, Plackett–Luce (Weng and Lin 2011, algorithm 4), for two teams, with its default
/// constants: β 25/6, κ 0.0001, τ 25/300, no weights, no margin, σ not limited.
///
/// ``rate(teamA:teamB:winner:)`` gives, for the same inputs, the numbers openskill 6.2.0's
/// `PlackettLuce().rate([teamA, teamB], ranks: …)` gives, operation for operation, so they agree to the last bit
/// or within a few units of it (where `exp` or `erf` round differently). A team's rating is the sum of its
/// players' μ and of their σ²; a draw is a tie (equal ranks). Teams of unequal size are rated as they are.
public struct PlackettLuce: Sendable, Hashable {
  /// The model with openskill's defaults.
  public static let standard = PlackettLuce()

  /// β: how much a single match's performance varies around skill, 25/6.
  public var beta = 25.0 / 6.0
  /// κ: the smallest factor a variance may shrink by in one update, 0.0001.
  public var kappa = 0.0001
  /// τ: the additive dynamics, added to every σ (in quadrature) before each update so it never reaches 0: 25/300.
  public var tau = 25.0 / 300.0

  /// The model with openskill's default constants.
  public init() {}

  /// Both teams after a match that `winner` won (`.none`: a draw). Ratings come back in the order given.
  ///
  /// Whatever the inputs hold, the result is usable: a player whose update would not be finite keeps the rating
  /// they had (which happens only with ratings no history produces).
  public func rate(teamA: [Rating], teamB: [Rating], winner: Winner) -> (teamA: [Rating], teamB: [Rating]) {
    guard !teamA.isEmpty, !teamB.isEmpty else { return (teamA, teamB) }
    // τ first: every σ grows to √(σ² + τ²).
    let tauSquared = tau * tau
    let widened = [teamA, teamB].map { team in
      team.map { Rating(mu: $0.mu, sigma: ($0.sigma * $0.sigma + tauSquared).squareRoot()) }
    }
    // openskill sorts the teams by rank (stably) and works in that order: the winner first, Team A on a draw.
    let ranks = [winner == .teamB ? 2 : 1, winner == .teamA ? 2 : 1]
    let order = ranks[1] < ranks[0] ? [1, 0] : [0, 1]
    let updated = update(order.map { widened[$0] }, ranks: order.map { ranks[$0] })
    var result = [[Rating]](repeating: [], count: 2)
    for (position, team) in order.enumerated() { result[team] = updated[position] }
    let keep = { (new: [Rating], old: [Rating]) in zip(new, old).map { $0.isUsable ? $0 : $1 } }
    return (keep(result[0], teamA), keep(result[1], teamB))
  }

  /// The sum of a team's μ and of its σ², added up in openskill's order (by ordinal, highest first).
  static func teamRating(_ team: [Rating]) -> (mu: Double, sigmaSquared: Double) {
    var mu = 0.0
    var sigmaSquared = 0.0
    for player in team.enumerated().sorted(by: { ($0.element.ordinal, $1.offset) > ($1.element.ordinal, $0.offset) }) {
      mu += player.element.mu
      sigmaSquared += squared(player.element.sigma)
    }
    return (mu, sigmaSquared)
  }

  /// openskill's `_compute` for teams already sorted by rank (lower is better).
  private func update(_ teams: [[Rating]], ranks: [Int]) -> [[Rating]] {
    let ratings = teams.map(Self.teamRating)
    let betaSquared = squared(beta)
    var collective = 0.0
    for team in ratings { collective += team.sigmaSquared + betaSquared }
    let c = collective.squareRoot()
    let strengths = Self.strengths(ratings.map { $0.mu / c })
    // sumQ[q]: the strengths of the teams ranked q or worse; tiedCount[q]: the teams that share q's rank.
    var sumQ = [Double](repeating: 0, count: teams.count)
    for i in teams.indices {
      for q in teams.indices where ranks[i] >= ranks[q] { sumQ[q] += strengths[i] }
    }
    let tiedCount = ranks.map { rank in Double(ranks.count { $0 == rank }) }
    return teams.indices.map { i in
      var omega = 0.0
      var delta = 0.0
      for q in teams.indices where ranks[q] <= ranks[i] {
        let share = strengths[i] / sumQ[q]
        delta += share * (1 - share) / tiedCount[q]
        omega += q == i ? (1 - share) / tiedCount[q] : -share / tiedCount[q]
      }
      let sigmaSquared = ratings[i].sigmaSquared
      omega *= sigmaSquared / c
      delta *= sigmaSquared / squared(c)
      delta *= sigmaSquared.squareRoot() / c
      return teams[i].map { player in
        let share = squared(player.sigma) / sigmaSquared
        return Rating(
          mu: player.mu + share * omega, sigma: player.sigma * max(1 - share * delta, kappa).squareRoot())
      }
    }
  }

  /// exp(μ/c) of each team; when that overflows or vanishes (ratings far beyond any real history), the same
  /// ratios from exp(μ/c − max μ/c), which is how a careful softmax is computed.
  private static func strengths(_ exponents: [Double]) -> [Double] {
    let plain = exponents.map { exp($0) }
    if plain.allSatisfy({ $0.isFinite && $0 > 0 }) { return plain }
    let top = exponents.max() ?? 0
    return exponents.map { exp($0 - top) }
  }
}

/// x², as openskill writes it (`x ** 2`): Python's power, which is libm's `pow`, not `x * x`. glibc's `pow(x, 2)`
/// differs from `x * x` in the last bit for about 1 x in 1,200, and the ratings are to be openskill's to the last
/// bit. Not optimised, so that LLVM does not turn the call into `x * x` in a release build.
@_optimize(none)
func squared(_ x: Double) -> Double { pow(x, 2) }
