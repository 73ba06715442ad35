import GatherRPC

// The history types of the wire, and their schemas.
extension API {
  /// An ended gather from the history.
  public struct GatherRecord: Decodable, Sendable, Equatable {
    /// The id.
    public let id: API.Id
    /// The started at.
    public let startedAt: API.Timestamp
    /// The ended at.
    public let endedAt: API.Timestamp
    /// The score.
    public let score: API.Score
    /// The winner.
    public let winner: API.Winner
    /// The teams.
    public let teams: API.Teams
    /// The goals.
    public let goals: [API.Goal]
    /// The names.
    public let names: API.TeamNames
    /// The plan the gather was started from (gather.start {plan}), or null.
    public let plan: API.Id?
    /// Its man-of-the-match vote, or null for a gather without one (ended before gatherd kept them, or with fewer than
    /// two players).
    public let manOfTheMatch: API.VoteStanding?
  }

  /// One line of the history.
  public struct GatherSummary: Decodable, Sendable, Equatable {
    /// The id.
    public let id: API.Id
    /// The started at.
    public let startedAt: API.Timestamp
    /// The ended at.
    public let endedAt: API.Timestamp
    /// The score.
    public let score: API.Score
    /// The winner.
    public let winner: API.Winner
    /// The names.
    public let names: API.TeamNames
  }

  /// An ended gather as a message to share: text is ready to paste ("Full time: Reds 4-0 Blues", each side's scorers
  /// with their minutes, the man of the match when known, the next open plan), and the other fields are what it is made
  /// of.
  public struct GatherReport: Decodable, Sendable, Equatable {
    /// The gather.
    public let gather: API.Id
    /// The message, one line per part, without a trailing newline.
    public let text: String
    /// The ended at.
    public let endedAt: API.Timestamp
    /// The names.
    public let names: API.TeamNames
    /// The score.
    public let score: API.Score
    /// The winner.
    public let winner: API.Winner
    /// "Reds 4–0 Blues", with an en dash.
    public let scoreLine: String
    /// Each side's scorers in the order of their first goal, each once with the minutes of their goals; a goal noted
    /// without a scorer has name null.
    public let scorers: Scorers
    /// null while the gather's vote is open, or for a gather without one; once it closed, the winners (several on a
    /// shared vote), an empty list when nobody voted.
    public let manOfTheMatch: [ManOfTheMatch]?
    /// The man-of-the-match vote while it is open (the message invites to it: Man of the match: vote by Fri 11 Dec
    /// 12:00); null otherwise.
    public let vote: Vote?
    /// The soonest open plan, or null without one.
    public let next: Next?

    /// Each side's scorers in the order of their first goal, each once with the minutes of their goals; a goal noted
    /// without a scorer has name null.
    public struct Scorers: Decodable, Sendable, Equatable {
      /// The team a.
      public let teamA: [TeamA]
      /// The team b.
      public let teamB: [TeamB]

      /// The team a.
      public struct TeamA: Decodable, Sendable, Equatable {
        /// The id.
        public let id: API.Id?
        /// The name.
        public let name: String?
        /// "28'", "45+2'".
        public let minutes: [String]
      }

      /// The team b.
      public struct TeamB: Decodable, Sendable, Equatable {
        /// The id.
        public let id: API.Id?
        /// The name.
        public let name: String?
        /// "28'", "45+2'".
        public let minutes: [String]
      }
    }

    /// The man of the match.
    public struct ManOfTheMatch: Decodable, Sendable, Equatable {
      /// The id.
      public let id: API.Id?
      /// The name.
      public let name: String
    }

    /// The vote.
    public struct Vote: Decodable, Sendable, Equatable {
      /// The closes at.
      public let closesAt: API.Timestamp
      /// The same instant on the server's clock, with its offset.
      public let closesAtLocal: String
      /// The gather's vote link, for a controller when the page is served; null otherwise (the code is a capability).
      public let link: String?
    }

    /// The next.
    public struct Next: Decodable, Sendable, Equatable {
      /// The plan.
      public let plan: API.Id
      /// The starts at.
      public let startsAt: API.Timestamp
      /// The starts at local.
      public let startsAtLocal: String
      /// The place.
      public let place: String?
      /// The places left.
      public let placesLeft: Int64
      /// The plan's sign-up link, for a controller when the page is served; null otherwise (the code is a capability).
      public let link: String?
    }
  }

}

extension APISchemas {
  /// The schema of ``API/GatherRecord``.
  public static let gatherRecord: Schema = .object(
    "An ended gather from the history.",
    [
      "id": .required(.ref("Id")),
      "startedAt": .required(.ref("Timestamp")),
      "endedAt": .required(.ref("Timestamp")),
      "score": .required(.ref("Score")),
      "winner": .required(.ref("Winner")),
      "teams": .required(.ref("Teams")),
      "goals": .required(.array(of: .ref("Goal"))),
      "names": .required(.ref("TeamNames")),
      "plan": .required(
        .nullable(.ref("Id")).described("The plan the gather was started from (gather.start {plan}), or null.")),
      "manOfTheMatch": .required(
        .nullable(.ref("VoteStanding")).described(
          """
          Its man-of-the-match vote, or null for a gather without one (ended before gatherd kept them, or with fewer \
          than two players).
          """)),
    ])

  /// The schema of ``API/GatherSummary``.
  public static let gatherSummary: Schema = .object(
    "One line of the history.",
    [
      "id": .required(.ref("Id")),
      "startedAt": .required(.ref("Timestamp")),
      "endedAt": .required(.ref("Timestamp")),
      "score": .required(.ref("Score")),
      "winner": .required(.ref("Winner")),
      "names": .required(.ref("TeamNames")),
    ])

  /// The schema of ``API/GatherReport``.
  public static let gatherReport: Schema = .object(
    """
    An ended gather as a message to share: text is ready to paste (\"Full time: Reds 4-0 Blues\", each side's \
    scorers with their minutes, the man of the match when known, the next open plan), and the other fields are \
    what it is made of.
    """,
    [
      "gather": .required(.ref("Id")),
      "text": .required(.string("The message, one line per part, without a trailing newline.")),
      "endedAt": .required(.ref("Timestamp")),
      "names": .required(.ref("TeamNames")),
      "score": .required(.ref("Score")),
      "winner": .required(.ref("Winner")),
      "scoreLine": .required(.string("\"Reds 4–0 Blues\", with an en dash.")),
      "scorers": .required(
        .object(
          """
          Each side's scorers in the order of their first goal, each once with the minutes of their goals; a goal \
          noted without a scorer has name null.
          """,
          [
            "teamA": .required(
              .array(
                of: .object(
                  [
                    "id": .required(.nullable(.ref("Id"))),
                    "name": .required(
                      .json(
                        .object([
                          "type": .array([.string("string"), .string("null")])
                        ]))),
                    "minutes": .required(.array(of: .string(), "\"28'\", \"45+2'\".", minItems: 1)),
                  ]))),
            "teamB": .required(
              .array(
                of: .object(
                  [
                    "id": .required(.nullable(.ref("Id"))),
                    "name": .required(
                      .json(
                        .object([
                          "type": .array([.string("string"), .string("null")])
                        ]))),
                    "minutes": .required(.array(of: .string(), "\"28'\", \"45+2'\".", minItems: 1)),
                  ]))),
          ])),
      "manOfTheMatch": .required(
        .oneOf(
          [
            .null,
            .array(
              of: .object(
                [
                  "id": .required(.nullable(.ref("Id"))),
                  "name": .required(.string()),
                ])),
          ],
          """
          null while the gather's vote is open, or for a gather without one; once it closed, the winners (several on \
          a shared vote), an empty list when nobody voted.
          """)),
      "vote": .required(
        .oneOf(
          [
            .null,
            .object(
              [
                "closesAt": .required(.ref("Timestamp")),
                "closesAtLocal": .required(.string("The same instant on the server's clock, with its offset.")),
                "link": .required(
                  .json(
                    .object([
                      "type": .array([.string("string"), .string("null")]),
                      "description": .string(
                        """
                        The gather's vote link, for a controller when the page is served; null otherwise (the code is a \
                        capability).
                        """),
                    ]))),
              ]),
          ],
          """
          The man-of-the-match vote while it is open (the message invites to it: Man of the match: vote by Fri 11 \
          Dec 12:00); null otherwise.
          """)),
      "next": .required(
        .oneOf(
          [
            .null,
            .object(
              [
                "plan": .required(.ref("Id")),
                "startsAt": .required(.ref("Timestamp")),
                "startsAtLocal": .required(.string()),
                "place": .required(
                  .json(
                    .object([
                      "type": .array([.string("string"), .string("null")])
                    ]))),
                "placesLeft": .required(.integer(minimum: 0)),
                "link": .required(
                  .json(
                    .object([
                      "type": .array([.string("string"), .string("null")]),
                      "description": .string(
                        """
                        The plan's sign-up link, for a controller when the page is served; null otherwise (the code is a \
                        capability).
                        """),
                    ]))),
              ]),
          ], "The soonest open plan, or null without one.")),
    ])

}
