/// How often the group's own gathers end level, and so how likely a draw is: the share of draws among its ended
/// gathers, smoothed toward a prior share while the history is short.
///
/// The estimate is the mean of a Beta prior worth ``priorWeight`` gathers at ``priorShare`` once the history is
/// added: `(draws + 0.2 × 10) / (gathers + 10)`. With no history that is one draw in five, about what small-sided
/// football gives (a fifth of a trial's gathers, a sixth in a simulated season); after ten gathers the group's own
/// share weighs as much as the prior, after ninety nine times as much. openskill's own draw estimate, from the
/// players' ratings, says 5 to 6% for ten or eleven players, a third of what small-sided games give; forecasting the draw
/// from the share so far improves a season's log-loss more than learning the ratings does (docs/performance.md).
public struct DrawHistory: Sendable, Hashable {
  /// The share of draws the estimate starts from.
  public static let priorShare = 0.2
  /// How many gathers the prior weighs as.
  public static let priorWeight = 10.0

  /// Ended gathers.
  public private(set) var gathers: Int
  /// Of those, drawn.
  public private(set) var draws: Int

  /// A history of `gathers` ended gathers, `draws` of them drawn (kept within 0…gathers).
  public init(gathers: Int = 0, draws: Int = 0) {
    self.gathers = max(gathers, 0)
    self.draws = min(max(draws, 0), self.gathers)
  }

  /// The probability that the next gather is drawn: strictly between 0 and 1.
  public var probability: Double {
    (Double(draws) + Self.priorShare * Self.priorWeight) / (Double(gathers) + Self.priorWeight)
  }

  /// Counts one more ended gather, which `winner` won (`.none`: a draw).
  public mutating func record(_ winner: Winner) {
    gathers += 1
    if winner == .none { draws += 1 }
  }
}
