import struct FoundationEssentials.Date

/// The terms a plan was opened on, beyond when, where and how many: the schedule that made it, whether regulars
/// had it first and until when, and when its reminders go out.
public struct PlanTerms: Sendable, Hashable {
  /// The weekly schedule that opened it; nil for a plan made by hand.
  public var schedule: PlanSchedule.ID?
  /// Who may join before ``opensToAllAt``; nil when anyone may from the start.
  public var regulars: RegularsRule?
  /// When the plan opens to everyone, with ``regulars``.
  public var opensToAllAt: Date?
  /// How long before the start each reminder goes out; nil for the daemon's own (``PlanTimes``).
  public var reminders: [Duration]?
  /// The moment of the last reminder sent (or passed over): later ones are still to come.
  public var remindedUntil: Date?
  /// How long before the start a freed place is offered to the first waiting player rather than given
  /// (Plan+Offers.swift); nil: always given, as before any offer period.
  public var offerPeriod: Duration? = nil
  /// How long before the start leaving a place is a late drop-out (Plan+Strikes.swift); nil for 24 hours.
  public var cutOff: Duration? = nil

  /// Terms as made or as the store keeps them; all empty by default (a plan made by hand).
  public init(
    schedule: PlanSchedule.ID? = nil, regulars: RegularsRule? = nil, opensToAllAt: Date? = nil,
    reminders: [Duration]? = nil, remindedUntil: Date? = nil
  ) {
    self.schedule = schedule
    self.regulars = regulars
    self.opensToAllAt = regulars == nil ? nil : opensToAllAt
    self.reminders = reminders
    self.remindedUntil = remindedUntil
  }
}
