import GatherRPC

// The ratings types of the wire, and their schemas.
extension API {
  /// A learned rating: openskill's Plackett-Luce model with its defaults (mu 25, sigma 25/3, beta 25/6, kappa 0.0001,
  /// tau 25/300). A new player starts at mu 20 (beginner), 25 (amateur or unknown) or 30 (professional), sigma 25/3;
  /// every ended gather played on Team A or Team B updates it. mu, sigma and ordinal are exact doubles, not rounded;
  /// display is the one number screens show.
  public struct Rating: Decodable, Sendable, Equatable {
    /// The mean: the skill the results point to.
    public let mu: Double
    /// The standard deviation: how unsure that is.
    public let sigma: Double
    /// mu - 3 sigma: what stats tables sort by.
    public let ordinal: Double
    /// The number every screen shows (the page, gatherctl): 50 + 2 x ordinal, rounded (halves away from zero), within
    /// 0..100. A newcomer shows 40 (beginner), 50 (amateur or unknown) or 60 (professional); it never goes down when
    /// the ordinal goes up.
    public let display: Int64
    /// true while the rating has learned from fewer than 5 ended gathers: screens show "settling" beside it.
    public let settling: Bool
    /// The ended gathers the rating has learned from (every one the player played on Team A or Team B, whatever a stats
    /// period counts).
    public let gathers: Int64
  }

  /// The three-way forecast: Team A winProbability x (1 - drawProbability), draw drawProbability, Team B (1 -
  /// winProbability) x (1 - drawProbability); they add up to 1.
  public struct ThreeWay: Decodable, Sendable, Equatable {
    /// The team a.
    public let teamA: Double
    /// The draw.
    public let draw: Double
    /// The team b.
    public let teamB: Double
  }

  /// threeWay in whole percentages that add up to exactly 100, as every screen shows them: each rounded down, the
  /// missing points to the largest remainders (the draw first among equal ones, and to the draw when one point is left
  /// for two sides alike).
  public struct Percent: Decodable, Sendable, Equatable {
    /// The team a.
    public let teamA: Int64
    /// The draw.
    public let draw: Int64
    /// The team b.
    public let teamB: Int64
  }

  /// How a match between the two sides is predicted to go, from their players' ratings.
  public struct Prediction: Decodable, Sendable, Equatable {
    /// Team A's win probability if the match is not drawn, openskill's predict_win: Phi((muA - muB) / sqrt(2 beta^2 +
    /// sigmaA^2 + sigmaB^2)), over the sums of each side's players' mu and sigma^2 (by: skill, over the sides' points
    /// at 20 to one mu, each player at sigma 25/3, so equal strength is 0.5). Team B's is 1 minus it.
    public let winProbability: Double
    /// The draw probability, from the group's own history: (draws + 0.2 x 10) / (ended gathers + 10), the share of
    /// drawn gathers smoothed toward one in five while the history is short. The three-way forecast is threeWay.
    public let drawProbability: Double
    /// The three way.
    public let threeWay: API.ThreeWay
    /// The percent.
    public let percent: API.Percent
  }

  /// A player of gather.predict with their rating now.
  public struct RatedPlayer: Decodable, Sendable, Equatable {
    /// The id.
    public let id: API.Id
    /// The name.
    public let name: String
    /// The rating.
    public let rating: API.Rating
  }

}

extension APISchemas {
  /// The schema of ``API/Rating``.
  public static let rating: Schema = .object(
    """
    A learned rating: openskill's Plackett-Luce model with its defaults (mu 25, sigma 25/3, beta 25/6, kappa \
    0.0001, tau 25/300). A new player starts at mu 20 (beginner), 25 (amateur or unknown) or 30 (professional), \
    sigma 25/3; every ended gather played on Team A or Team B updates it. mu, sigma and ordinal are exact \
    doubles, not rounded; display is the one number screens show.
    """,
    [
      "mu": .required(.number("The mean: the skill the results point to.")),
      "sigma": .required(.number("The standard deviation: how unsure that is.", exclusiveMinimum: 0)),
      "ordinal": .required(.number("mu - 3 sigma: what stats tables sort by.")),
      "display": .required(
        .integer(
          """
          The number every screen shows (the page, gatherctl): 50 + 2 x ordinal, rounded (halves away from zero), \
          within 0..100. A newcomer shows 40 (beginner), 50 (amateur or unknown) or 60 (professional); it never goes \
          down when the ordinal goes up.
          """, minimum: 0, maximum: 100)),
      "settling": .required(
        .boolean(
          """
          true while the rating has learned from fewer than 5 ended gathers: screens show \"settling\" beside it.
          """)),
      "gathers": .required(
        .integer(
          """
          The ended gathers the rating has learned from (every one the player played on Team A or Team B, whatever a \
          stats period counts).
          """, minimum: 0)),
    ])

  /// The schema of ``API/ThreeWay``.
  public static let threeWay: Schema = .object(
    """
    The three-way forecast: Team A winProbability x (1 - drawProbability), draw drawProbability, Team B (1 - \
    winProbability) x (1 - drawProbability); they add up to 1.
    """,
    [
      "teamA": .required(.number(minimum: 0, maximum: 1)),
      "draw": .required(.number(minimum: 0, maximum: 1)),
      "teamB": .required(.number(minimum: 0, maximum: 1)),
    ])

  /// The schema of ``API/Percent``.
  public static let percent: Schema = .object(
    """
    threeWay in whole percentages that add up to exactly 100, as every screen shows them: each rounded down, the \
    missing points to the largest remainders (the draw first among equal ones, and to the draw when one point is \
    left for two sides alike).
    """,
    [
      "teamA": .required(.integer(minimum: 0, maximum: 100)),
      "draw": .required(.integer(minimum: 0, maximum: 100)),
      "teamB": .required(.integer(minimum: 0, maximum: 100)),
    ])

  /// The schema of ``API/Prediction``.
  public static let prediction: Schema = .object(
    """
    How a match between the two sides is predicted to go, from their players' ratings.
    """,
    [
      "winProbability": .required(
        .number(
          """
          Team A's win probability if the match is not drawn, openskill's predict_win: Phi((muA - muB) / sqrt(2 \
          beta^2 + sigmaA^2 + sigmaB^2)), over the sums of each side's players' mu and sigma^2 (by: skill, over the \
          sides' points at 20 to one mu, each player at sigma 25/3, so equal strength is 0.5). Team B's is 1 minus \
          it.
          """, minimum: 0, maximum: 1)),
      "drawProbability": .required(
        .number(
          """
          The draw probability, from the group's own history: (draws + 0.2 x 10) / (ended gathers + 10), the share \
          of drawn gathers smoothed toward one in five while the history is short. The three-way forecast is \
          threeWay.
          """, minimum: 0, maximum: 1)),
      "threeWay": .required(.ref("ThreeWay")),
      "percent": .required(.ref("Percent")),
    ])

  /// The schema of ``API/RatedPlayer``.
  public static let ratedPlayer: Schema = .object(
    "A player of gather.predict with their rating now.",
    [
      "id": .required(.ref("Id")),
      "name": .required(.string()),
      "rating": .required(.ref("Rating")),
    ])

}
