import GatherRPC

// What the plan methods answer, and the schemas of their results.
extension API {
  /// What plans.list answers.
  public struct PlanList: Decodable, Sendable, Equatable {
    /// The plans.
    public let plans: [API.Plan]
  }

  /// What plan.link answers.
  public struct SignUpLink: Decodable, Sendable, Equatable {
    /// The sign-up link on the first address (--public-url, else the listener's, a wildcard's LAN addresses by the
    /// default route first).
    public let url: String
    /// The plan.
    public let plan: API.Id
    /// The sign-up link on every address, the first first.
    public let links: [String]
    /// Present when phones may not reach these links: why, and what to pass (--http 0.0.0.0:PORT, --public-url).
    public let note: String?
    /// With the param qr: the QR code of each link in links, as SVG (null for a link too long for one).
    public let qr: [String?]?
  }

  /// What plan.schedules answers.
  public struct ScheduleList: Decodable, Sendable, Equatable {
    /// The schedules.
    public let schedules: [API.Schedule]
  }

  /// What plan.unschedule answers.
  public struct Unscheduled: Decodable, Sendable, Equatable {
    /// The unscheduled.
    public let unscheduled: API.Id
  }

  /// What plan.calendarLink answers.
  public struct CalendarLink: Decodable, Sendable, Equatable {
    /// The feed on the first address (--public-url, else the listener's, a wildcard's LAN addresses by the default
    /// route first).
    public let url: String
    /// The same link as webcal://, which calendar apps open as a subscription.
    public let webcal: String
    /// The feed on every address, the first first.
    public let links: [String]
    /// Present when phones may not reach these links: why, and what to pass.
    public let note: String?
    /// With the param qr: the QR code of each link in links, as SVG (null for a link too long for one).
    public let qr: [String?]?
  }

}

extension APISchemas {
  /// The schema of ``API/PlanList``.
  public static let planList: Schema = .object(
    [
      "plans": .required(.array(of: .ref("Plan")))
    ])

  /// The schema of ``API/SignUpLink``.
  public static let signUpLink: Schema = .object(
    [
      "url": .required(
        .string(
          """
          The sign-up link on the first address (--public-url, else the listener's, a wildcard's LAN addresses by \
          the default route first).
          """, format: "uri")),
      "plan": .required(.ref("Id")),
      "links": .required(
        .array(of: .string(format: "uri"), "The sign-up link on every address, the first first.", minItems: 1)),
      "note": .optional(
        .string(
          """
          Present when phones may not reach these links: why, and what to pass (--http 0.0.0.0:PORT, --public-url).
          """)),
      "qr": .optional(
        .array(
          of: .nullable(.string()),
          """
          With the param qr: the QR code of each link in links, as SVG (null for a link too long for one).
          """)),
    ])

  /// The schema of ``API/ScheduleList``.
  public static let scheduleList: Schema = .object(
    [
      "schedules": .required(.array(of: .ref("Schedule")))
    ])

  /// The schema of ``API/Unscheduled``.
  public static let unscheduled: Schema = .object(
    [
      "unscheduled": .required(.ref("Id"))
    ])

  /// The schema of ``API/CalendarLink``.
  public static let calendarLink: Schema = .object(
    [
      "url": .required(
        .string(
          """
          The feed on the first address (--public-url, else the listener's, a wildcard's LAN addresses by the \
          default route first).
          """, format: "uri")),
      "webcal": .required(.string("The same link as webcal://, which calendar apps open as a subscription.")),
      "links": .required(
        .array(of: .string(format: "uri"), "The feed on every address, the first first.", minItems: 1)),
      "note": .optional(.string("Present when phones may not reach these links: why, and what to pass.")),
      "qr": .optional(
        .array(
          of: .nullable(.string()),
          """
          With the param qr: the QR code of each link in links, as SVG (null for a link too long for one).
          """)),
    ])

}
