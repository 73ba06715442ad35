import GatherRPC

// The schedules types of the wire, and their schemas.
extension API {
  /// A day of the week, in any case: its English name or its first three letters.
  public typealias WeekdayInput = String

  /// A weekly game: each week's plan opens by itself, opensBefore its start. Durations are in seconds.
  public struct Schedule: Decodable, Sendable, Equatable {
    /// The id.
    public let id: API.Id
    /// The weekday.
    public let weekday: String
    /// 19:00
    public let time: String
    /// A fixed offset, or null for the server's zone.
    public let utcOffset: String?
    /// The server's zone's name (Europe/Lisbon) when the schedule follows it and it has one.
    public let zone: String?
    /// The capacity.
    public let capacity: Int64
    /// The place.
    public let place: String?
    /// The note.
    public let note: String?
    /// The opens before.
    public let opensBefore: Int64
    /// The regulars first.
    public let regularsFirst: RegularsFirst?
    /// Seconds before the start, earliest first; null for gatherd's own.
    public let reminders: [Int64]?
    /// What each week's game costs, which each plan it opens takes; null for nothing.
    public let fee: API.Fee?
    /// The offer period and cut-off each week's plan takes.
    public let attendance: API.ScheduleAttendance
    /// The week it opens next.
    public let next: Next
    /// The start of the last week it opened a plan for.
    public let lastStart: API.Timestamp?
    /// The created at.
    public let createdAt: API.Timestamp
    /// The changed at.
    public let changedAt: API.Timestamp

    /// The regulars first.
    public struct RegularsFirst: Decodable, Sendable, Equatable {
      /// The head start.
      public let headStart: Int64
      /// The played.
      public let played: Int64?
      /// The of last.
      public let ofLast: Int64?
      /// Who counts as a regular, in words.
      public let rule: String
    }

    /// The week it opens next.
    public struct Next: Decodable, Sendable, Equatable {
      /// The starts at.
      public let startsAt: API.Timestamp
      /// The starts at local.
      public let startsAtLocal: String
      /// The opens at.
      public let opensAt: API.Timestamp
      /// The opens to all at.
      public let opensToAllAt: API.Timestamp?
    }
  }

  /// Regulars have the plan to themselves until opensToAllAt; from then on anyone may join. Everyone stands in one
  /// queue in the order they joined, so regulars who joined before stand ahead of everyone who joined after, and after
  /// the opening a regular has no precedence.
  public struct RegularsFirst: Decodable, Sendable, Equatable {
    /// The opens to all at.
    public let opensToAllAt: API.Timestamp
    /// The same on the wall clock of the plan's start: 2026-12-01T19:00:00+00:00.
    public let opensToAllAtLocal: String
    /// Who counts as a regular: Players marked regular, or who played 3 of the last 5 gathers.
    public let rule: String
    /// The played.
    public let played: Int64?
    /// The of last.
    public let ofLast: Int64?
  }

}

extension APISchemas {
  /// The schema of ``API/WeekdayInput``.
  public static let weekdayInput: Schema = .choice(
    [
      "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "wed", "thu", "fri",
      "sat", "sun",
    ], "A day of the week, in any case: its English name or its first three letters.")

  /// The schema of ``API/Schedule``.
  public static let schedule: Schema = .object(
    """
    A weekly game: each week's plan opens by itself, opensBefore its start. Durations are in seconds.
    """,
    [
      "id": .required(.ref("Id")),
      "weekday": .required(.choice(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])),
      "time": .required(.string("19:00")),
      "utcOffset": .required(.nullable(.string("+01:00")).described("A fixed offset, or null for the server's zone.")),
      "zone": .required(
        .nullable(.string()).described(
          """
          The server's zone's name (Europe/Lisbon) when the schedule follows it and it has one.
          """)),
      "capacity": .required(.integer(minimum: 2, maximum: 40)),
      "place": .required(.nullable(.string(maxLength: 400))),
      "note": .required(.nullable(.string(maxLength: 2000))),
      "opensBefore": .required(.integer(minimum: 60)),
      "regularsFirst": .required(
        .nullable(
          .object(
            [
              "headStart": .required(.integer(minimum: 60)),
              "played": .required(.nullable(.integer(minimum: 1))),
              "ofLast": .required(.nullable(.integer(minimum: 1))),
              "rule": .required(.string("Who counts as a regular, in words.")),
            ]))),
      "reminders": .required(
        .nullable(.array(of: .integer(minimum: 60))).described(
          "Seconds before the start, earliest first; null for gatherd's own.")),
      "fee": .required(
        .nullable(.ref("Fee")).described(
          "What each week's game costs, which each plan it opens takes; null for nothing.")),
      "attendance": .required(.ref("ScheduleAttendance")),
      "next": .required(
        .object(
          "The week it opens next.",
          [
            "startsAt": .required(.ref("Timestamp")),
            "startsAtLocal": .required(.string()),
            "opensAt": .required(.ref("Timestamp")),
            "opensToAllAt": .required(.nullable(.ref("Timestamp"))),
          ])),
      "lastStart": .required(
        .nullable(.ref("Timestamp")).described("The start of the last week it opened a plan for.")),
      "createdAt": .required(.ref("Timestamp")),
      "changedAt": .required(.ref("Timestamp")),
    ])

  /// The schema of ``API/RegularsFirst``.
  public static let regularsFirst: Schema = .object(
    """
    Regulars have the plan to themselves until opensToAllAt; from then on anyone may join. Everyone stands in \
    one queue in the order they joined, so regulars who joined before stand ahead of everyone who joined after, \
    and after the opening a regular has no precedence.
    """,
    [
      "opensToAllAt": .required(.ref("Timestamp")),
      "opensToAllAtLocal": .required(
        .string("The same on the wall clock of the plan's start: 2026-12-01T19:00:00+00:00.")),
      "rule": .required(
        .string(
          """
          Who counts as a regular: Players marked regular, or who played 3 of the last 5 gathers.
          """)),
      "played": .required(.nullable(.integer(minimum: 1))),
      "ofLast": .required(.nullable(.integer(minimum: 1))),
    ])

}
