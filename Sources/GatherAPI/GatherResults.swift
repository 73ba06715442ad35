import GatherRPC

// What the gather methods answer, and the schemas of their results.
extension API {
  /// What gather.cancel answers.
  public struct GatherCancelled: Decodable, Sendable, Equatable {
    /// The cancelled.
    public let cancelled: API.Id
  }

  /// What gathers.list answers.
  public struct HistoryPage: Decodable, Sendable, Equatable {
    /// The gathers.
    public let gathers: [API.GatherSummary]
    /// The next.
    public let next: API.Id?
  }

  /// What gather.predict answers.
  public struct SplitPrediction: Decodable, Sendable, Equatable {
    /// The team a.
    public let teamA: [API.RatedPlayer]
    /// The team b.
    public let teamB: [API.RatedPlayer]
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

  /// What gather.voteLink answers.
  public struct VoteLink: Decodable, Sendable, Equatable {
    /// The vote link on the first address.
    public let url: String
    /// The gather.
    public let gather: API.Id
    /// The vote link on every address, the first first.
    public let links: [String]
    /// Present when phones may not reach these links: why, and what to pass.
    public let note: String?
    /// With the param qr: each link's QR code as SVG (null for a link too long for one).
    public let qr: [String?]?
  }

}

extension APISchemas {
  /// The schema of ``API/GatherCancelled``.
  public static let gatherCancelled: Schema = .object(
    [
      "cancelled": .required(.ref("Id"))
    ])

  /// The schema of ``API/HistoryPage``.
  public static let historyPage: Schema = .object(
    [
      "gathers": .required(.array(of: .ref("GatherSummary"))),
      "next": .required(.nullable(.ref("Id"))),
    ])

  /// The schema of ``API/SplitPrediction``.
  public static let splitPrediction: Schema = .object(
    [
      "teamA": .required(.array(of: .ref("RatedPlayer"))),
      "teamB": .required(.array(of: .ref("RatedPlayer"))),
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

  /// The schema of ``API/VoteLink``.
  public static let voteLink: Schema = .object(
    [
      "url": .required(.string("The vote link on the first address.", format: "uri")),
      "gather": .required(.ref("Id")),
      "links": .required(
        .array(of: .string(format: "uri"), "The vote link on every address, the first first.", minItems: 1)),
      "note": .optional(.string("Present when phones may not reach these links: why, and what to pass.")),
      "qr": .optional(
        .array(
          of: .nullable(.string()),
          """
          With the param qr: each link's QR code as SVG (null for a link too long for one).
          """)),
    ])

}
