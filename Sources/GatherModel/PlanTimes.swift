/// The daemon's own times for plans (gatherd's settings): how long after its start an open plan expires, and when
/// reminders go out for a plan whose schedule names none.
public struct PlanTimes: Sendable, Hashable {
  /// How long after its start an open plan may stay open: from 0 to 30 days.
  public static let expiryRange: ClosedRange<Duration> = .zero ... .seconds(30 * 86400)
  /// How long before the start a reminder may go out: from 1 minute to 28 days.
  public static let reminderRange: ClosedRange<Duration> = .seconds(60) ... .seconds(28 * 86400)
  /// The most reminders one plan may have.
  public static let maxReminders = 5

  /// An open plan whose start passed by more than this expires.
  public let expiry: Duration
  /// How long before the start each reminder goes out, for plans whose schedule names none.
  public let reminders: [Duration]
  /// When no place is offered, and an offer's time to answer stops (gatherd's `quiet-hours`); nil for none.
  public var quietHours: QuietHours? = .standard

  /// The times when nothing says: plans expire 6 hours after their start, and reminders go out 48 and 3 hours
  /// before it.
  public static let standard = PlanTimes(checked: .seconds(6 * 3600), [.seconds(48 * 3600), .seconds(3 * 3600)])

  private init(checked expiry: Duration, _ reminders: [Duration]) {
    self.expiry = expiry
    self.reminders = reminders
  }

  /// Times as the settings give them; refusals name `plan-expiry` and `plan-reminders`.
  public init(expiry: Duration = standard.expiry, reminders: [Duration] = standard.reminders) throws(GatherError) {
    guard Self.expiryRange.contains(expiry) else {
      throw .validation("plan-expiry", "A plan may stay open from 0 to 30 days after its start.")
    }
    self.expiry = expiry
    self.reminders = try Self.checkReminders(reminders, field: "plan-reminders")
  }

  /// Reminders checked: at most 5, each from 1 minute to 28 days before the start, none twice; sorted, the
  /// earliest (the longest before the start) first.
  public static func checkReminders(_ reminders: [Duration], field: String) throws(GatherError) -> [Duration] {
    guard reminders.count <= maxReminders else {
      throw .validation(field, "A plan has at most \(maxReminders) reminders; \(reminders.count) were given.")
    }
    for reminder in reminders where !reminderRange.contains(reminder) {
      throw .validation(
        field, "A reminder goes out from 1 minute to 28 days before the start (in seconds: 60 to 2419200).")
    }
    guard Set(reminders).count == reminders.count else {
      throw .validation(field, "A reminder is given twice.")
    }
    return reminders.sorted(by: >)
  }
}
