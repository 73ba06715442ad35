import GatherRPC

// The stats types of the wire, and their schemas.
extension API {
  /// How a gather went for a player.
  public enum MatchResult: String, Decodable, Sendable, Equatable {
    /// Their side won.
    case win
    /// A draw.
    case draw
    /// Their side lost.
    case loss
  }

  /// A player's record over ended gathers played on Team A or Team B (the bench does not count).
  public struct PlayerStats: Decodable, Sendable, Equatable {
    /// The id.
    public let id: API.Id
    /// The name.
    public let name: String
    /// The played.
    public let played: Int64
    /// The wins.
    public let wins: Int64
    /// The draws.
    public let draws: Int64
    /// The losses.
    public let losses: Int64
    /// The goals.
    public let goals: Int64
    /// Rounded to 3 decimals.
    public let goalsPerGather: Double
    /// wins / played, rounded to 3 decimals.
    public let winRate: Double
    /// The rating.
    public let rating: API.Rating
    /// How the last 5 of the gathers counted went for the player, newest first.
    public let form: [API.MatchResult]
    /// The attendance.
    public let attendance: API.Attendance
    /// Man-of-the-match votes won, alone or shared, among the gathers counted.
    public let manOfTheMatch: Int64
  }

  /// PlayerStats over all ended gathers, with recent results and best teammates.
  public struct PlayerReport: Decodable, Sendable, Equatable {
    /// The id.
    public let id: API.Id
    /// The name.
    public let name: String
    /// The played.
    public let played: Int64
    /// The wins.
    public let wins: Int64
    /// The draws.
    public let draws: Int64
    /// The losses.
    public let losses: Int64
    /// The goals.
    public let goals: Int64
    /// Rounded to 3 decimals.
    public let goalsPerGather: Double
    /// wins / played, rounded to 3 decimals.
    public let winRate: Double
    /// The last 10 results, newest first.
    public let recent: [Recent]
    /// The teammates won with most (on the same side), most wins first.
    public let teammates: [Teammates]
    /// The rating.
    public let rating: API.Rating
    /// How the last 5 of the gathers counted went for the player, newest first.
    public let form: [API.MatchResult]
    /// The rating after each ended gather the player played (Team A or Team B), oldest first: for a chart.
    public let ratings: [Ratings]
    /// The attendance.
    public let attendance: API.Attendance
    /// Man-of-the-match votes won, alone or shared, among the gathers counted.
    public let manOfTheMatch: Int64

    /// The recent.
    public struct Recent: Decodable, Sendable, Equatable {
      /// The gather.
      public let gather: API.Id
      /// The ended at.
      public let endedAt: API.Timestamp
      /// The team.
      public let team: API.Side
      /// The result.
      public let result: API.MatchResult
      /// The score.
      public let score: API.Score
      /// The goals.
      public let goals: Int64
      /// What the sides were called in that gather.
      public let names: API.TeamNames
      /// The name of the player's side in that gather ("Reds").
      public let side: String
    }

    /// The teammates.
    public struct Teammates: Decodable, Sendable, Equatable {
      /// The id.
      public let id: API.Id
      /// The name.
      public let name: String
      /// The played.
      public let played: Int64
      /// The wins.
      public let wins: Int64
    }

    /// The ratings.
    public struct Ratings: Decodable, Sendable, Equatable {
      /// The gather.
      public let gather: API.Id
      /// The ended at.
      public let endedAt: API.Timestamp
      /// The mu.
      public let mu: Double
      /// The sigma.
      public let sigma: Double
      /// The number screens show for this rating (Rating.display).
      public let display: Int64
    }
  }

}

extension APISchemas {
  /// The schema of ``API/PlayerStats``.
  public static let playerStats: Schema = .object(
    """
    A player's record over ended gathers played on Team A or Team B (the bench does not count).
    """,
    [
      "id": .required(.ref("Id")),
      "name": .required(.string()),
      "played": .required(.integer(minimum: 0)),
      "wins": .required(.integer(minimum: 0)),
      "draws": .required(.integer(minimum: 0)),
      "losses": .required(.integer(minimum: 0)),
      "goals": .required(.integer(minimum: 0)),
      "goalsPerGather": .required(.number("Rounded to 3 decimals.", minimum: 0)),
      "winRate": .required(.number("wins / played, rounded to 3 decimals.", minimum: 0, maximum: 1)),
      "rating": .required(.ref("Rating")),
      "form": .required(
        .array(
          of: .choice(["win", "draw", "loss"]),
          "How the last 5 of the gathers counted went for the player, newest first.", maxItems: 5)),
      "attendance": .required(.ref("Attendance")),
      "manOfTheMatch": .required(
        .integer("Man-of-the-match votes won, alone or shared, among the gathers counted.", minimum: 0)),
    ])

  /// The schema of ``API/PlayerReport``.
  public static let playerReport: Schema = .object(
    "PlayerStats over all ended gathers, with recent results and best teammates.",
    [
      "id": .required(.ref("Id")),
      "name": .required(.string()),
      "played": .required(.integer(minimum: 0)),
      "wins": .required(.integer(minimum: 0)),
      "draws": .required(.integer(minimum: 0)),
      "losses": .required(.integer(minimum: 0)),
      "goals": .required(.integer(minimum: 0)),
      "goalsPerGather": .required(.number("Rounded to 3 decimals.", minimum: 0)),
      "winRate": .required(.number("wins / played, rounded to 3 decimals.", minimum: 0, maximum: 1)),
      "recent": .required(
        .array(
          of: .object(
            [
              "gather": .required(.ref("Id")),
              "endedAt": .required(.ref("Timestamp")),
              "team": .required(.ref("Side")),
              "result": .required(.choice(["win", "draw", "loss"])),
              "score": .required(.ref("Score")),
              "goals": .required(.integer(minimum: 0)),
              "names": .required(.ref("TeamNames").described("What the sides were called in that gather.")),
              "side": .required(.string("The name of the player's side in that gather (\"Reds\").")),
            ]), "The last 10 results, newest first.", maxItems: 10)),
      "teammates": .required(
        .array(
          of: .object(
            [
              "id": .required(.ref("Id")),
              "name": .required(.string()),
              "played": .required(.integer(minimum: 1)),
              "wins": .required(.integer(minimum: 1)),
            ]), "The teammates won with most (on the same side), most wins first.", maxItems: 5)),
      "rating": .required(.ref("Rating")),
      "form": .required(
        .array(
          of: .choice(["win", "draw", "loss"]),
          "How the last 5 of the gathers counted went for the player, newest first.", maxItems: 5)),
      "ratings": .required(
        .array(
          of: .object(
            [
              "gather": .required(.ref("Id")),
              "endedAt": .required(.ref("Timestamp")),
              "mu": .required(.number()),
              "sigma": .required(.number(exclusiveMinimum: 0)),
              "display": .required(
                .integer("The number screens show for this rating (Rating.display).", minimum: 0, maximum: 100)),
            ]),
          """
          The rating after each ended gather the player played (Team A or Team B), oldest first: for a chart.
          """)),
      "attendance": .required(.ref("Attendance")),
      "manOfTheMatch": .required(
        .integer("Man-of-the-match votes won, alone or shared, among the gathers counted.", minimum: 0)),
    ])

}
