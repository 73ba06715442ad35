import GatherRPC

// The gather types of the wire, and their schemas.
extension API {
  /// The match clock. duration is the length of one period; remaining and remainingMs count the current period's added
  /// time too (during a break: the break's time left); display shows the period's regular time left, and added what is
  /// left of the added time. endsAt is non-null while running or in a break.
  public struct Timer: Decodable, Sendable, Equatable {
    /// The state.
    public let state: API.TimerState
    /// The duration.
    public let duration: API.Duration
    /// Whole seconds left, rounded up.
    public let remaining: Int64
    /// The remaining ms.
    public let remainingMs: Int64
    /// The display.
    public let display: API.Display
    /// The ends at.
    public let endsAt: API.Timestamp?
    /// The period in play, or that just ended during a break; stopped after a period, the one timer.start starts.
    public let period: Int64
    /// The periods.
    public let periods: Int64
    /// The period name.
    public let periodName: String?
    /// The break between periods, in seconds.
    public let breakLength: Int64
    /// The time added to the current period, in seconds.
    public let addedSeconds: Int64
    /// The added.
    public let added: String?
    /// The break name.
    public let breakName: String?
  }

  /// The active gather.
  public struct Gather: Decodable, Sendable, Equatable {
    /// The id.
    public let id: API.Id
    /// The started at.
    public let startedAt: API.Timestamp
    /// The teams.
    public let teams: API.Teams
    /// The score.
    public let score: API.Score
    /// The goals.
    public let goals: [API.Goal]
    /// The timer.
    public let timer: API.Timer
    /// The predicted result of the sides as they now stand, from each player's rating when they joined the gather (at
    /// kick-off, or when added later): ratings learned or replayed since do not change it, and it survives a restart.
    public let prediction: API.Prediction
    /// The names.
    public let names: API.TeamNames
    /// The plan the gather was started from (gather.start {plan}), or null.
    public let plan: API.Id?
    /// Its own cost (fees.setCost {gather}), or null for its plan's, if any.
    public let fee: API.Fee?
  }

}

extension APISchemas {
  /// The schema of ``API/Timer``.
  public static let timer: Schema = .object(
    """
    The match clock. duration is the length of one period; remaining and remainingMs count the current period's \
    added time too (during a break: the break's time left); display shows the period's regular time left, and \
    added what is left of the added time. endsAt is non-null while running or in a break.
    """,
    [
      "state": .required(.ref("TimerState")),
      "duration": .required(.ref("Duration")),
      "remaining": .required(.integer("Whole seconds left, rounded up.", minimum: 0)),
      "remainingMs": .required(.integer(minimum: 0)),
      "display": .required(.ref("Display")),
      "endsAt": .required(.nullable(.ref("Timestamp"))),
      "period": .required(
        .integer(
          """
          The period in play, or that just ended during a break; stopped after a period, the one timer.start starts.
          """, minimum: 1, maximum: 4)),
      "periods": .required(.integer(minimum: 1, maximum: 4)),
      "periodName": .required(
        .nullable(.string("\"1st half\", \"3rd quarter\", \"2nd period\"; null for a match of one period."))),
      "breakLength": .required(.integer("The break between periods, in seconds.", minimum: 0, maximum: 1800)),
      "addedSeconds": .required(.integer("The time added to the current period, in seconds.", minimum: 0)),
      "added": .required(
        .nullable(
          .string(
            "The added time left, e.g. \"+1:30\"; null when none was added or not in play.",
            pattern: "^\\+[0-9]+:[0-5][0-9]$"))),
      "breakName": .required(
        .nullable(
          .choice(
            ["HT", "Break"],
            """
            What the break is called, in state break: \"HT\" (half time) for the middle break of an even number of \
            periods, \"Break\" between other periods.
            """))),
    ])

  /// The schema of ``API/Gather``.
  public static let gather: Schema = .object(
    "The active gather.",
    [
      "id": .required(.ref("Id")),
      "startedAt": .required(.ref("Timestamp")),
      "teams": .required(.ref("Teams")),
      "score": .required(.ref("Score")),
      "goals": .required(.array(of: .ref("Goal"))),
      "timer": .required(.ref("Timer")),
      "prediction": .required(
        .ref("Prediction").described(
          """
          The predicted result of the sides as they now stand, from each player's rating when they joined the gather \
          (at kick-off, or when added later): ratings learned or replayed since do not change it, and it survives a \
          restart.
          """)),
      "names": .required(.ref("TeamNames")),
      "plan": .required(
        .nullable(.ref("Id")).described("The plan the gather was started from (gather.start {plan}), or null.")),
      "fee": .required(
        .nullable(.ref("Fee")).described("Its own cost (fees.setCost {gather}), or null for its plan's, if any.")),
    ])

}
