import GatherRPC

// The suggestions types of the wire, and their schemas.
extension API {
  /// Another fair split of the same players, different from the first and from the other alternatives (a mirror image
  /// is the same split), oriented to keep most players on the side they have in the first.
  public struct SuggestedSplit: Decodable, Sendable, Equatable {
    /// The team a.
    public let teamA: API.SuggestedSide
    /// The team b.
    public let teamB: API.SuggestedSide
    /// |strength of Team A - strength of Team B|.
    public let difference: Double
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

  /// A player of a suggestion, with the rating the split balanced.
  public struct SuggestedPlayer: Decodable, Sendable, Equatable {
    /// The id.
    public let id: API.Id
    /// The name.
    public let name: String
    /// The position.
    public let position: API.Position?
    /// The skill.
    public let skill: API.Skill?
    /// by: rating (the default): the learned rating; by: skill: the skill points balanced.
    public let rating: Strength

    /// What a suggestion balanced of a player: their learned rating (by: rating), or their skill points (by: skill).
    public enum Strength: Decodable, Sendable, Equatable {
      /// The learned rating.
      case rating(API.Rating)
      /// Skill points: beginner 100, amateur or unknown 200, professional 300, plus after 5 ended gathers
      /// round(100 × (win rate − 0.5)).
      case points(Int64)

      /// Reads a whole number as skill points, and anything else as a rating.
      public init(from decoder: any Decoder) throws {
        if let points = try? decoder.singleValueContainer().decode(Int64.self) {
          self = .points(points)
        } else {
          self = .rating(try API.Rating(from: decoder))
        }
      }
    }
  }

  /// One side of a suggestion and why it is fair.
  public struct SuggestedSide: Decodable, Sendable, Equatable {
    /// The players.
    public let players: [API.SuggestedPlayer]
    /// by: rating, the sum of the players' mu; by: skill, the sum of their points.
    public let strength: Double
    /// The goalkeepers.
    public let goalkeepers: Int64
    /// Players by position; "unknown" for those without one.
    public let positions: [String: Int64]
    /// Players by skill; "unknown" for those without one.
    public let skills: [String: Int64]
  }

  /// Two fair sides: sizes differ by at most 1, each position (goalkeepers too) differs by at most 1, and the strength
  /// difference is the smallest found, which by rating is the split whose predicted result is closest to even.
  public struct Suggestion: Decodable, Sendable, Equatable {
    /// The team a.
    public let teamA: API.SuggestedSide
    /// The team b.
    public let teamB: API.SuggestedSide
    /// The bench.
    public let bench: [API.SuggestedPlayer]
    /// |strength of Team A - strength of Team B|.
    public let difference: Double
    /// The seed.
    public let seed: Int64
    /// true: the proven fairest split (up to 16 players); false: found by a seeded search (17 to 40).
    public let exact: Bool
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
    /// What the split balanced.
    public let by: Balance
    /// The next fairest different splits, fairest first: as many as alternatives asked for, fewer only when fewer
    /// exist; empty when not asked for.
    public let alternatives: [API.SuggestedSplit]

    /// What a suggestion balances.
    public enum Balance: String, Decodable, Sendable, Equatable {
      /// The players' learned ratings (the default).
      case rating
      /// The players' declared skill levels.
      case skill
    }
  }

}

extension APISchemas {
  /// The schema of ``API/SuggestedSplit``.
  public static let suggestedSplit: Schema = .object(
    """
    Another fair split of the same players, different from the first and from the other alternatives (a mirror \
    image is the same split), oriented to keep most players on the side they have in the first.
    """,
    [
      "teamA": .required(.ref("SuggestedSide")),
      "teamB": .required(.ref("SuggestedSide")),
      "difference": .required(.number("|strength of Team A - strength of Team B|.", minimum: 0)),
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

  /// The schema of ``API/SuggestedPlayer``.
  public static let suggestedPlayer: Schema = .object(
    "A player of a suggestion, with the rating the split balanced.",
    [
      "id": .required(.ref("Id")),
      "name": .required(.string()),
      "position": .required(.nullable(.ref("Position"))),
      "skill": .required(.nullable(.ref("Skill"))),
      "rating": .required(
        .oneOf(
          [
            .ref("Rating"),
            .integer(
              """
              by: skill: skill points (beginner 100, amateur or unknown 200, professional 300) plus, after 5 ended \
              gathers, round(100 × (win rate − 0.5)).
              """),
          ],
          """
          by: rating (the default): the learned rating; by: skill: the skill points balanced.
          """)),
    ])

  /// The schema of ``API/SuggestedSide``.
  public static let suggestedSide: Schema = .object(
    "One side of a suggestion and why it is fair.",
    [
      "players": .required(.array(of: .ref("SuggestedPlayer"))),
      "strength": .required(.number("by: rating, the sum of the players' mu; by: skill, the sum of their points.")),
      "goalkeepers": .required(.integer(minimum: 0)),
      "positions": .required(.map(of: .integer(minimum: 1), "Players by position; \"unknown\" for those without one.")),
      "skills": .required(.map(of: .integer(minimum: 1), "Players by skill; \"unknown\" for those without one.")),
    ])

  /// The schema of ``API/Suggestion``.
  public static let suggestion: Schema = .object(
    """
    Two fair sides: sizes differ by at most 1, each position (goalkeepers too) differs by at most 1, and the \
    strength difference is the smallest found, which by rating is the split whose predicted result is closest to \
    even.
    """,
    [
      "teamA": .required(.ref("SuggestedSide")),
      "teamB": .required(.ref("SuggestedSide")),
      "bench": .required(.array(of: .ref("SuggestedPlayer"))),
      "difference": .required(.number("|strength of Team A - strength of Team B|.", minimum: 0)),
      "seed": .required(.integer(minimum: 0)),
      "exact": .required(
        .boolean(
          """
          true: the proven fairest split (up to 16 players); false: found by a seeded search (17 to 40).
          """)),
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
      "by": .required(.choice(["rating", "skill"], "What the split balanced.")),
      "alternatives": .required(
        .array(
          of: .ref("SuggestedSplit"),
          """
          The next fairest different splits, fairest first: as many as alternatives asked for, fewer only when fewer \
          exist; empty when not asked for.
          """, maxItems: 5)),
    ])

}
