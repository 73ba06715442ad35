import GatherRPC

// The votes types of the wire, and their schemas.
extension API {
  /// A closed vote's outcome, in totals only.
  public struct ManOfTheMatch: Decodable, Sendable, Equatable {
    /// The winners, by name: all of those tied for the most votes; none when nobody voted.
    public let players: [Players]
    /// The votes each winner had.
    public let votes: Int64
    /// The voters.
    public let voters: Int64
    /// The eligible.
    public let eligible: Int64
    /// The closed at.
    public let closedAt: API.Timestamp

    /// The players.
    public struct Players: Decodable, Sendable, Equatable {
      /// The id.
      public let id: API.Id
      /// The name.
      public let name: String
      /// The team.
      public let team: API.Side
    }
  }

  /// A gather's man-of-the-match vote: who may vote and who has, when it closes, and once closed its outcome; never
  /// whom anyone chose.
  public struct VoteStatus: Decodable, Sendable, Equatable {
    /// The gather.
    public let gather: API.Id
    /// Whether votes are still taken.
    public let status: API.VoteState
    /// The closes at.
    public let closesAt: API.Timestamp
    /// The close on the server's clock, with its offset: 2027-01-16T12:00:00+00:00.
    public let closesAtLocal: String
    /// The names.
    public let names: API.TeamNames
    /// The score.
    public let score: API.Score
    /// Those who played (Team A and Team B), by name: each may vote once for another of them.
    public let players: [Players]
    /// The voted.
    public let voted: Int64
    /// The eligible.
    public let eligible: Int64
    /// null while the vote is open.
    public let manOfTheMatch: API.ManOfTheMatch?

    /// The players.
    public struct Players: Decodable, Sendable, Equatable {
      /// The id.
      public let id: API.Id
      /// The name.
      public let name: String
      /// The team.
      public let team: API.Side
      /// The voted.
      public let voted: Bool
    }
  }

  /// Whether a man-of-the-match vote still takes votes.
  public enum VoteState: String, Decodable, Sendable, Equatable {
    /// Those who played may vote until it closes.
    case open
    /// It closed: the outcome is known.
    case closed
  }

  /// Where a gather's man-of-the-match vote stands: open with its counts, or closed with its outcome.
  public enum VoteStanding: Decodable, Sendable, Equatable {
    /// Open until `closesAt`: `voted` of the `eligible` players have voted.
    case open(closesAt: API.Timestamp, voted: Int64, eligible: Int64)
    /// Closed, with its outcome.
    case closed(API.ManOfTheMatch)

    private enum Keys: String, CodingKey {
      case status, closesAt, voted, eligible
    }

    /// Reads the standing its `status` names.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      switch try container.decode(API.VoteState.self, forKey: .status) {
      case .open:
        self = .open(
          closesAt: try container.decode(API.Timestamp.self, forKey: .closesAt),
          voted: try container.decode(Int64.self, forKey: .voted),
          eligible: try container.decode(Int64.self, forKey: .eligible))
      case .closed: self = .closed(try API.ManOfTheMatch(from: decoder))
      }
    }

    /// Whether votes are still taken.
    public var state: API.VoteState {
      switch self {
      case .open: .open
      case .closed: .closed
      }
    }
  }

}

extension APISchemas {
  /// The schema of ``API/ManOfTheMatch``.
  public static let manOfTheMatch: Schema = .object(
    "A closed vote's outcome, in totals only.",
    [
      "players": .required(
        .array(
          of: .object(
            [
              "id": .required(.ref("Id")),
              "name": .required(.string()),
              "team": .required(.choice(["teamA", "teamB"])),
            ]),
          """
          The winners, by name: all of those tied for the most votes; none when nobody voted.
          """)),
      "votes": .required(.integer("The votes each winner had.", minimum: 0)),
      "voters": .required(.integer(minimum: 0)),
      "eligible": .required(.integer(minimum: 2)),
      "closedAt": .required(.ref("Timestamp")),
    ])

  /// The schema of ``API/VoteStatus``.
  public static let voteStatus: Schema = .object(
    """
    A gather's man-of-the-match vote: who may vote and who has, when it closes, and once closed its outcome; \
    never whom anyone chose.
    """,
    [
      "gather": .required(.ref("Id")),
      "status": .required(.choice(["open", "closed"])),
      "closesAt": .required(.ref("Timestamp")),
      "closesAtLocal": .required(
        .string("The close on the server's clock, with its offset: 2027-01-16T12:00:00+00:00.")),
      "names": .required(.ref("TeamNames")),
      "score": .required(.ref("Score")),
      "players": .required(
        .array(
          of: .object(
            [
              "id": .required(.ref("Id")),
              "name": .required(.string()),
              "team": .required(.choice(["teamA", "teamB"])),
              "voted": .required(.boolean()),
            ]),
          """
          Those who played (Team A and Team B), by name: each may vote once for another of them.
          """)),
      "voted": .required(.integer(minimum: 0)),
      "eligible": .required(.integer(minimum: 2)),
      "manOfTheMatch": .required(.nullable(.ref("ManOfTheMatch")).described("null while the vote is open.")),
    ])

  /// The schema of ``API/VoteStanding``.
  public static let voteStanding: Schema = .oneOf(
    [
      .object(
        [
          "status": .required(
            .json(
              .object([
                "const": .string("open")
              ]))),
          "closesAt": .required(.ref("Timestamp")),
          "voted": .required(.integer(minimum: 0)),
          "eligible": .required(.integer(minimum: 2)),
        ]),
      .object(
        [
          "status": .required(
            .json(
              .object([
                "const": .string("closed")
              ]))),
          "players": .required(
            .array(
              of: .object(
                [
                  "id": .required(.ref("Id")),
                  "name": .required(.string()),
                  "team": .required(.choice(["teamA", "teamB"])),
                ]),
              """
              The winners, by name: all of those tied for the most votes; none when nobody voted.
              """)),
          "votes": .required(.integer("The votes each winner had.", minimum: 0)),
          "voters": .required(.integer(minimum: 0)),
          "eligible": .required(.integer(minimum: 2)),
          "closedAt": .required(.ref("Timestamp")),
        ]),
    ],
    """
    Where a gather's man-of-the-match vote stands: open with its counts, or closed with its outcome.
    """)

}
