/// A rating as people read it: one whole number from 0 to 100, the same on the page, in gatherctl and in every
/// reply, and whether it is still settling.
///
/// The number is the conservative ordinal μ − 3σ (a skill the player is almost surely above) on a scale a group
/// can read: `50 + 2 × (μ − 3σ)`, rounded, and kept within 0…100. A newcomer starts at 40 (beginner), 50 (amateur,
/// or no skill declared) or 60 (professional); as results come in σ shrinks, so the number rises for a player who
/// holds their level and falls for one whose results point lower. Two points are one unit of μ − 3σ: a settled
/// player (σ about 5) reads 20 + 2μ, 50 to 90 for the μ 15 to 35 a group's history gives. The scale is linear, so
/// a gap of ten means the same anywhere on it, and it is a pure function of (μ, σ): the same rating shows the
/// same number everywhere and always. Only a rating beyond any real history (μ − 3σ past ±25) meets the ends.
public struct ShownRating: Sendable, Hashable {
  /// The ended gathers a rating learns from before it stops settling.
  public static let settledAfter = 5
  /// The lowest and the highest number shown.
  public static let range = 0...100

  /// The number shown, 0 to 100.
  public let value: Int
  /// The ended gathers the rating has learned from.
  public let gathers: Int

  /// The shown form of `rating`, learned from `gathers` ended gathers.
  public init(_ rating: Rating, gathers: Int) {
    value = Self.value(of: rating)
    self.gathers = max(gathers, 0)
  }

  /// Whether the player has played fewer than ``settledAfter`` ended gathers: their number says more about the
  /// declared skill than about results so far.
  public var isSettling: Bool { gathers < Self.settledAfter }

  /// `50 + 2 × (μ − 3σ)`, rounded to the nearest whole number (halves away from zero), within 0…100; 0 for a
  /// rating that is not usable.
  public static func value(of rating: Rating) -> Int {
    guard rating.isUsable else { return range.lowerBound }
    let scaled = (50 + 2 * rating.ordinal).rounded()
    return Int(min(max(scaled, Double(range.lowerBound)), Double(range.upperBound)))
  }
}

extension Rating {
  /// The number every screen shows for this rating, 0 to 100 (``ShownRating``).
  public var shown: Int { ShownRating.value(of: self) }
}
