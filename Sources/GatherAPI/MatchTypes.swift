import GatherRPC

// The match types of the wire, and their schemas.
extension API {
  /// A goals as the wire writes it.
  public typealias Goals = Int64

  /// Whole seconds, 1 s to 99:59.
  public typealias Duration = Int64

  /// MM:SS, e.g. 07:12.
  public typealias Display = String

  /// A player in a gather's lineup; id is null in history once the player was deleted.
  public struct Member: Decodable, Sendable, Equatable {
    /// The id.
    public let id: API.Id?
    /// The name.
    public let name: String
    /// The position.
    public let position: API.Position?
  }

  /// The teams.
  public struct Teams: Decodable, Sendable, Equatable {
    /// The team a.
    public let teamA: [API.Member]
    /// The team b.
    public let teamB: [API.Member]
    /// The bench.
    public let bench: [API.Member]
  }

  /// The score.
  public struct Score: Decodable, Sendable, Equatable {
    /// The team a.
    public let teamA: API.Goals
    /// The team b.
    public let teamB: API.Goals
    /// e.g. 2-1
    public let text: String
  }

  /// A goal-log entry: a goal, or a score correction (team and player null). score is the score after it.
  public struct Goal: Decodable, Sendable, Equatable {
    /// A goal, or a correction of the score.
    public let kind: Kind
    /// The side it counts for; null for a correction.
    public let team: API.Side?
    /// The player.
    public let player: Player?
    /// How far into its period, added time included.
    public let matchTimeMs: Int64
    /// The match time.
    public let matchTime: API.Display
    /// The score.
    public let score: API.Score
    /// The at.
    public let at: API.Timestamp
    /// The period the goal was scored in.
    public let period: Int64
    /// The period name.
    public let periodName: String?
    /// The period and the time into it: "2nd half, 07:12" (or "07:12" for one period). Kept for compatibility; minute
    /// is how football writes it.
    public let when: String
    /// The match minute as football writes it: "28'", or "45+2'" in a period's added time. A moment m:ss into the match
    /// is in minute m+1; period k starts at the sum of the earlier periods' regular lengths, even when one was ended
    /// early; in added time, the period's last minute plus the started minute of added time.
    public let minute: String

    /// The player.
    public struct Player: Decodable, Sendable, Equatable {
      /// The id.
      public let id: API.Id?
      /// The name.
      public let name: String
    }

    /// What a goal-log entry is.
    public enum Kind: String, Decodable, Sendable, Equatable {
      /// A goal scored.
      case goal
      /// The score set outright (score.set).
      case correction
    }
  }

  /// What the sides are called: "Team A" and "Team B" unless the gather named them. teamA and teamB stay the protocol's
  /// keys.
  public struct TeamNames: Decodable, Sendable, Equatable {
    /// The team a.
    public let teamA: String
    /// The team b.
    public let teamB: String
  }

  /// New names for either side or both; a side left out keeps its name ("Team A"/"Team B" at start). Each is typed
  /// text, NFC, trimmed, no control or formatting character (Unicode Cc, Cf, Zl, Zp: line breaks, escape codes,
  /// zero-width spaces, direction overrides), 1 to 24 characters and at most 96 UTF-8 bytes, and the two must not look
  /// alike (ignoring case and invisible characters): otherwise -32602 naming the param.
  public struct TeamNamesInput: Decodable, Sendable, Equatable {
    /// Team A's name, e.g. "Bibs".
    public let teamA: String?
    /// Team B's name, e.g. "Colours".
    public let teamB: String?
  }

}

extension APISchemas {
  /// The schema of ``API/Goals``.
  public static let goals: Schema = .integer(minimum: 0, maximum: 99)

  /// The schema of ``API/Duration``.
  public static let duration: Schema = .integer("Whole seconds, 1 s to 99:59.", minimum: 1, maximum: 5999)

  /// The schema of ``API/Display``.
  public static let display: Schema = .string("MM:SS, e.g. 07:12.", pattern: "^[0-9]{2}:[0-9]{2}$")

  /// The schema of ``API/Member``.
  public static let member: Schema = .object(
    """
    A player in a gather's lineup; id is null in history once the player was deleted.
    """,
    [
      "id": .required(.nullable(.ref("Id"))),
      "name": .required(.string()),
      "position": .required(.nullable(.ref("Position"))),
    ])

  /// The schema of ``API/Teams``.
  public static let teams: Schema = .object(
    [
      "teamA": .required(.array(of: .ref("Member"))),
      "teamB": .required(.array(of: .ref("Member"))),
      "bench": .required(.array(of: .ref("Member"))),
    ])

  /// The schema of ``API/Score``.
  public static let score: Schema = .object(
    [
      "teamA": .required(.ref("Goals")),
      "teamB": .required(.ref("Goals")),
      "text": .required(.string("e.g. 2-1", pattern: "^[0-9]{1,2}-[0-9]{1,2}$")),
    ])

  /// The schema of ``API/Goal``.
  public static let goal: Schema = .object(
    """
    A goal-log entry: a goal, or a score correction (team and player null). score is the score after it.
    """,
    [
      "kind": .required(.choice(["goal", "correction"])),
      "team": .required(.nullable(.ref("Side"))),
      "player": .required(
        .nullable(
          .object(
            [
              "id": .required(.nullable(.ref("Id"))),
              "name": .required(.string()),
            ]))),
      "matchTimeMs": .required(.integer("How far into its period, added time included.", minimum: 0)),
      "matchTime": .required(.ref("Display")),
      "score": .required(.ref("Score")),
      "at": .required(.ref("Timestamp")),
      "period": .required(.integer("The period the goal was scored in.", minimum: 1, maximum: 4)),
      "periodName": .required(.nullable(.string("e.g. \"2nd half\"; null for a match of one period."))),
      "when": .required(
        .string(
          """
          The period and the time into it: \"2nd half, 07:12\" (or \"07:12\" for one period). Kept for compatibility; \
          minute is how football writes it.
          """)),
      "minute": .required(
        .string(
          """
          The match minute as football writes it: \"28'\", or \"45+2'\" in a period's added time. A moment m:ss into the \
          match is in minute m+1; period k starts at the sum of the earlier periods' regular lengths, even when one \
          was ended early; in added time, the period's last minute plus the started minute of added time.
          """, pattern: "^[0-9]+(\\+[0-9]+)?'$")),
    ])

  /// The schema of ``API/TeamNames``.
  public static let teamNames: Schema = .object(
    """
    What the sides are called: \"Team A\" and \"Team B\" unless the gather named them. teamA and teamB stay the \
    protocol's keys.
    """,
    [
      "teamA": .required(.string(minLength: 1, maxLength: 96)),
      "teamB": .required(.string(minLength: 1, maxLength: 96)),
    ])

  /// The schema of ``API/TeamNamesInput``.
  public static let teamNamesInput: Schema = .object(
    """
    New names for either side or both; a side left out keeps its name (\"Team A\"/\"Team B\" at start). Each is \
    typed text, NFC, trimmed, no control or formatting character (Unicode Cc, Cf, Zl, Zp: line breaks, escape \
    codes, zero-width spaces, direction overrides), 1 to 24 characters and at most 96 UTF-8 bytes, and the two \
    must not look alike (ignoring case and invisible characters): otherwise -32602 naming the param.
    """,
    [
      "teamA": .optional(.string("Team A's name, e.g. \"Bibs\".", minLength: 1, maxLength: 96)),
      "teamB": .optional(.string("Team B's name, e.g. \"Colours\".", minLength: 1, maxLength: 96)),
    ])

}
