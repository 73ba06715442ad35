/// A three-way forecast as screens show it: whole percentages for Team A's win, a draw and Team B's win that add
/// up to exactly 100.
///
/// Each is rounded down, and the points still missing go to the largest remainders (Hamilton's method), the draw
/// first among equal remainders; when one point is left for two sides with equal remainders it goes to the draw,
/// so that sides predicted alike are shown alike. The percentages are first rounded to a millionth, so that the
/// last bit of a floating-point product (23% computed as 22.999999999999996) decides nothing.
public struct Percentages: Sendable, Hashable {
  /// Team A's win, in percent.
  public let teamA: Int
  /// A draw, in percent.
  public let draw: Int
  /// Team B's win, in percent.
  public let teamB: Int

  /// The percentages of a forecast whose three probabilities add up to 1 (within rounding); a probability that
  /// is not a number counts as 0.
  public init(_ forecast: (teamA: Double, draw: Double, teamB: Double)) {
    // In the order the points are handed out among equal remainders: the draw, Team A, Team B.
    let raw = [forecast.draw, forecast.teamA, forecast.teamB].map { probability in
      probability.isFinite ? (min(max(probability, 0), 1) * 100 * 1e6).rounded() / 1e6 : 0
    }
    var shown = raw.map { Int($0.rounded(.down)) }
    var missing = max(0, 100 - shown.reduce(0, +))
    let remainders = raw.indices.map { raw[$0] - Double(shown[$0]) }
    let order = raw.indices.sorted { (remainders[$0], -$0) > (remainders[$1], -$1) }
    let sidesTie = remainders[1] == remainders[2]
    if missing == 1, sidesTie, order.first != 0 {
      shown[0] += 1
      missing = 0
    }
    var next = 0
    while missing > 0 {
      shown[order[next % order.count]] += 1
      missing -= 1
      next += 1
    }
    draw = shown[0]
    teamA = shown[1]
    teamB = shown[2]
  }
}
