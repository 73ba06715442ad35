import GatherRPC

// The plans types of the wire, and their schemas.
extension API {
  /// One player's answer to a plan: going and waiting players with the time they joined, notGoing ones with the time
  /// they said no.
  public struct SignUp: Decodable, Sendable, Equatable {
    /// The id.
    public let id: API.Id
    /// The roster's name, or the name it had for a player deleted since.
    public let name: String
    /// The at.
    public let at: API.Timestamp
    /// Added by name through the sign-up link.
    public let guest: Bool
    /// Who brought a guest (plan.join's broughtBy), or null when not known.
    public let broughtBy: BroughtBy?

    /// The brought by.
    public struct BroughtBy: Decodable, Sendable, Equatable {
      /// The id.
      public let id: API.Id
      /// The name.
      public let name: String
    }
  }

  /// expired: its start passed by more than gatherd's --plan-expiry and it closed by itself.
  public enum PlanStatus: String, Decodable, Sendable, Equatable {
    /// Players may join and leave.
    case open
    /// Called off (plan.cancel).
    case cancelled
    /// A gather started from it.
    case started
    /// Its start passed by more than gatherd's --plan-expiry and it closed by itself.
    case expired
  }

  /// A coming gather. Everyone who said "I'm in" stands in one queue in the order they joined: the first capacity are
  /// going, the rest waiting. A going player who leaves lets the first waiting one move up; a higher capacity moves the
  /// first waiting up in order; a lower one moves the last to join among the going back to the head of the waiting
  /// list. The sign-up code is never part of it (plan.link).
  public struct Plan: Decodable, Sendable, Equatable {
    /// The id.
    public let id: API.Id
    /// The status.
    public let status: API.PlanStatus
    /// The starts at.
    public let startsAt: API.Timestamp
    /// The start as it was written, in its time zone: 2026-12-03T19:00:00+01:00 (with milliseconds only if it has any:
    /// 2026-12-03T19:00:00.250+01:00).
    public let startsAtLocal: String
    /// The capacity.
    public let capacity: Int64
    /// The place.
    public let place: String?
    /// The note.
    public let note: String?
    /// In the order they joined.
    public let going: [API.SignUp]
    /// In the order they joined: the first moves up first.
    public let waiting: [API.SignUp]
    /// Those who said no or left, in the order they answered.
    public let notGoing: [API.SignUp]
    /// The places left.
    public let placesLeft: Int64
    /// The gather it started, once started.
    public let gather: API.Id?
    /// Who turned up, once checked in (plan.checkIn).
    public let checkIn: API.CheckIn?
    /// The created at.
    public let createdAt: API.Timestamp
    /// The weekly schedule that opened it (plan.schedule); null for a plan made with plan.create, or once its schedule
    /// is deleted.
    public let schedule: API.Id?
    /// When regulars have (or had) it first: until when, and who counts; null when anyone may join from the start.
    public let regularsFirst: API.RegularsFirst?
    /// The reminders that apply to it, in seconds before the start, earliest first: its schedule's, else gatherd's
    /// own (--plan-reminders); empty for none.
    public let reminders: [Int64]
    /// The last reminder that went out: how long before the start, and when; null before the first.
    public let lastReminder: LastReminder?
    /// What it costs (fees.setCost), or null.
    public let fee: API.Fee?
    /// Its offer period and cut-off, and the places it offers now.
    public let attendance: API.PlanAttendance

    /// The last reminder.
    public struct LastReminder: Decodable, Sendable, Equatable {
      /// Seconds before the start.
      public let before: Int64
      /// The at.
      public let at: String
    }
  }

  /// The plan member.
  public struct PlanMember: Decodable, Sendable, Equatable {
    /// The id.
    public let id: API.Id
    /// The name.
    public let name: String
  }

  /// What an answer did: the plan as it now is, where the player stands, whether anything changed (false: they had
  /// already given this answer) and who moved up from the waiting list.
  public struct PlanAnswer: Decodable, Sendable, Equatable {
    /// The plan.
    public let plan: API.Plan
    /// The player.
    public let player: API.PlanMember
    /// Where the player now stands.
    public let answer: API.Answer
    /// The changed.
    public let changed: Bool
    /// The promoted.
    public let promoted: [API.PlanMember]
    /// The waiting players offered the places the answer freed (within the plan's offer period).
    public let offered: [API.PlanMember]
    /// Whether the answer was a late drop-out: a going place left after the plan's cut-off.
    public let lateDropOut: Bool
    /// What gatherd's settings fined that late drop-out, written to the fee ledger; null when nothing.
    public let fine: API.Money?
  }

  /// Where a player stands on a plan: going, on the waiting list, or not going (said no, or left).
  public enum Answer: String, Decodable, Sendable, Equatable {
    /// Among the first capacity to join.
    case going
    /// Past the capacity: waiting to move up.
    case waiting
    /// Said no, or left.
    case notGoing
  }

}

extension APISchemas {
  /// The schema of ``API/SignUp``.
  public static let signUp: Schema = .object(
    """
    One player's answer to a plan: going and waiting players with the time they joined, notGoing ones with the \
    time they said no.
    """,
    [
      "id": .required(.ref("Id")),
      "name": .required(.string("The roster's name, or the name it had for a player deleted since.")),
      "at": .required(.ref("Timestamp")),
      "guest": .required(.boolean("Added by name through the sign-up link.")),
      "broughtBy": .required(
        .nullable(
          .object(
            [
              "id": .required(.ref("Id")),
              "name": .required(.string()),
            ])
        ).described("Who brought a guest (plan.join's broughtBy), or null when not known.")),
    ])

  /// The schema of ``API/PlanStatus``.
  public static let planStatus: Schema = .choice(
    ["open", "cancelled", "started", "expired"],
    """
    expired: its start passed by more than gatherd's --plan-expiry and it closed by itself.
    """)

  /// The schema of ``API/Plan``.
  public static let plan: Schema = .object(
    """
    A coming gather. Everyone who said \"I'm in\" stands in one queue in the order they joined: the first capacity \
    are going, the rest waiting. A going player who leaves lets the first waiting one move up; a higher capacity \
    moves the first waiting up in order; a lower one moves the last to join among the going back to the head of \
    the waiting list. The sign-up code is never part of it (plan.link).
    """,
    [
      "id": .required(.ref("Id")),
      "status": .required(.ref("PlanStatus")),
      "startsAt": .required(.ref("Timestamp")),
      "startsAtLocal": .required(
        .string(
          """
          The start as it was written, in its time zone: 2026-12-03T19:00:00+01:00 (with milliseconds only if it has \
          any: 2026-12-03T19:00:00.250+01:00).
          """)),
      "capacity": .required(.integer(minimum: 2, maximum: 40)),
      "place": .required(.nullable(.string(maxLength: 400))),
      "note": .required(.nullable(.string(maxLength: 2000))),
      "going": .required(.array(of: .ref("SignUp"), "In the order they joined.")),
      "waiting": .required(.array(of: .ref("SignUp"), "In the order they joined: the first moves up first.")),
      "notGoing": .required(.array(of: .ref("SignUp"), "Those who said no or left, in the order they answered.")),
      "placesLeft": .required(.integer(minimum: 0)),
      "gather": .required(.nullable(.ref("Id")).described("The gather it started, once started.")),
      "checkIn": .required(.nullable(.ref("CheckIn")).described("Who turned up, once checked in (plan.checkIn).")),
      "createdAt": .required(.ref("Timestamp")),
      "schedule": .required(
        .nullable(.ref("Id")).described(
          """
          The weekly schedule that opened it (plan.schedule); null for a plan made with plan.create, or once its \
          schedule is deleted.
          """)),
      "regularsFirst": .required(
        .nullable(.ref("RegularsFirst")).described(
          """
          When regulars have (or had) it first: until when, and who counts; null when anyone may join from the \
          start.
          """)),
      "reminders": .required(
        .array(of: .integer(minimum: 60)).described(
          """
          The reminders that apply to it, in seconds before the start, earliest first: its schedule's, else \
          gatherd's own (--plan-reminders); [] for none.
          """)),
      "lastReminder": .required(
        .nullable(
          .object(
            [
              "before": .required(.integer("Seconds before the start.", minimum: 60)),
              "at": .required(.string(format: "date-time")),
            ])
        ).described(
          """
          The last reminder that went out: how long before the start, and when; null before the first.
          """)),
      "fee": .required(.nullable(.ref("Fee")).described("What it costs (fees.setCost), or null.")),
      "attendance": .required(.ref("PlanAttendance")),
    ])

  /// The schema of ``API/PlanMember``.
  public static let planMember: Schema = .object(
    [
      "id": .required(.ref("Id")),
      "name": .required(.string()),
    ])

  /// The schema of ``API/PlanAnswer``.
  public static let planAnswer: Schema = .object(
    """
    What an answer did: the plan as it now is, where the player stands, whether anything changed (false: they \
    had already given this answer) and who moved up from the waiting list.
    """,
    [
      "plan": .required(.ref("Plan")),
      "player": .required(.ref("PlanMember")),
      "answer": .required(.choice(["going", "waiting", "notGoing"])),
      "changed": .required(.boolean()),
      "promoted": .required(.array(of: .ref("PlanMember"))),
      "offered": .required(
        .array(of: .ref("PlanMember"), "The waiting players offered the places it freed (within the offer period).")),
      "lateDropOut": .required(
        .boolean("Whether the answer was a late drop-out: a going place left after the plan's cut-off.")),
      "fine": .required(
        .nullable(.ref("Money")).described(
          "What gatherd's settings fined that late drop-out, written to the fee ledger; null when nothing.")),
    ])

}
