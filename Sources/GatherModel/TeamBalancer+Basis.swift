/// What a fair split balances.
extension TeamBalancer {
  /// The strength the balancer adds up for each player.
  public enum Basis: String, Sendable, Hashable, CaseIterable {
    /// The learned rating's μ (the default): the split whose predicted result is closest to even.
    case rating
    /// The declared skill's points and, after enough gathers, form (``Candidate/points``).
    case skill

    /// What `candidate` adds to their side's strength.
    func strength(of candidate: Candidate) -> Double {
      switch self {
      case .rating: candidate.rating.mu
      case .skill: Double(candidate.points)
      }
    }

    /// The same as a whole number the exact search can add without rounding: points as they are, μ in units of
    /// 10⁻⁹ (kept within ±10⁷, far beyond any rating a history produces, so 40 of them cannot overflow).
    func weight(of candidate: Candidate) -> Int {
      switch self {
      case .rating:
        let mu = candidate.rating.mu.isFinite ? min(max(candidate.rating.mu, -1e7), 1e7) : 0
        return Int((mu * 1e9).rounded())
      case .skill: return candidate.points
      }
    }
  }
}
