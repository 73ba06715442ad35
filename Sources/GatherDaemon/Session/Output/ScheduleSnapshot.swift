import FoundationEssentials
import GatherModel

/// A weekly schedule at one instant, with the next week it will make a plan for: when that plan starts (with the
/// offset in force then), and so when it opens, and opens to everyone.
public struct ScheduleSnapshot: Sendable {
  /// The schedule.
  public var schedule: PlanSchedule
  /// The start of the next week's plan, and the offset its wall clock reads then.
  public var next: (date: Date, utcOffset: Int)
  /// The server's zone's name, for a schedule in the server's zone ("Europe/Lisbon"); nil when it has none or the
  /// schedule has a fixed offset.
  public var zoneName: String?
  /// The roster, which names who paid the pitch of each week's game.
  public var roster: [Player.ID: Player] = [:]
  /// The server's zone, which the schedule's wall clock reads in unless it has a fixed offset.
  public var zone: ZoneRule

  /// When the next week's plan opens.
  public var nextOpensAt: Date { schedule.opening(of: next.date, zone: zone) }
  /// When the next week's plan opens to everyone, with regulars first.
  public var nextOpensToAllAt: Date? { schedule.openingToAll(of: next.date, zone: zone) }
}
