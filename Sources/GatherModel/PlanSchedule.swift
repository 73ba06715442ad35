import struct FoundationEssentials.Date

/// A weekly game that plans itself: each week's plan opens by itself, `opensBefore` its start, with the
/// schedule's capacity, place, note, regulars and reminders.
///
/// Which weeks it makes: one plan a week (Monday to Sunday, on the schedule's wall clock), for the occurrences
/// whose opening comes after the schedule was made or last changed (so that setting it up, or changing it, never
/// makes a plan for a week that should already have been open: that week stays as the organiser left it), in a
/// later week than the last one it made, and still to start. A change to the schedule changes the plans it makes
/// from then on; the plans already open keep theirs, and their week gets no second plan. Skipping a week is
/// cancelling that week's plan.
public struct PlanSchedule: Sendable, Hashable, Identifiable {
  /// A schedule's identity, assigned by the store.
  public typealias ID = Int64

  /// The identity.
  public let id: ID
  /// The game as the schedule describes it.
  public internal(set) var details: ScheduleDetails
  /// When it was made.
  public let createdAt: Date
  /// When it was made or last changed: weeks that open before it are not made.
  public internal(set) var changedAt: Date
  /// The start of the last week it made a plan for; nil before the first.
  public internal(set) var lastStart: Date?

  /// A schedule as made or as the store keeps it.
  public init(id: ID, details: ScheduleDetails, createdAt: Date, changedAt: Date? = nil, lastStart: Date? = nil) {
    self.id = id
    self.details = details
    self.createdAt = createdAt
    self.changedAt = changedAt ?? createdAt
    self.lastStart = lastStart
  }

  /// The zone its times are read in: its fixed offset, else `serverZone`.
  public func zone(_ serverZone: ZoneRule) -> ZoneRule {
    details.utcOffset.map(ZoneRule.fixed) ?? serverZone
  }

  /// The next week it makes a plan for, as of `now` (see the type's rules): its start and the offset in force
  /// then. The opening (``opening(of:)``) may have passed already, while gatherd was not running: the plan is then
  /// due at once.
  public func nextStart(now: Date, zone serverZone: ZoneRule) -> (date: Date, utcOffset: Int) {
    let zone = zone(serverZone)
    let lastWeek = lastStart.map { Self.week(of: $0, in: zone) }
    var after = max(lastStart ?? changedAt, now)
    while true {
      let start = zone.next(details.weekday, at: details.time, after: after)
      if opening(of: start.date, zone: serverZone) >= changedAt,
        lastWeek.map({ Self.week(of: start.date, in: zone) > $0 }) ?? true
      {
        return start
      }
      after = start.date
    }
  }

  /// This week's game when it is still to start but its plan should already be open (its opening passed before the
  /// schedule was made): its start and offset; nil when the soonest start's opening is still to come, which the
  /// schedule opens by itself. A schedule set up on the day of the game starts with it when asked to
  /// (`plan.schedule`'s `firstWeek: "this"`).
  public func thisWeek(now: Date, zone serverZone: ZoneRule) -> (date: Date, utcOffset: Int)? {
    let start = zone(serverZone).next(details.weekday, at: details.time, after: now)
    return opening(of: start.date, zone: serverZone) <= now ? start : nil
  }

  /// The week (Monday to Sunday) `date` falls in on `zone`'s wall clock, counted from the week of 1970-01-01.
  static func week(of date: Date, in zone: ZoneRule) -> Int64 {
    let wall = zone.wallSeconds(at: date)
    let day = wall >= 0 ? wall / 86400 : (wall - 86399) / 86400
    // 1970-01-01 was a Thursday: day 0 is the fourth of its week.
    let shifted = day + 3
    return shifted >= 0 ? shifted / 7 : (shifted - 6) / 7
  }

  /// When the plan of a week starting at `start` opens: `opensBefore` before it on the schedule's wall clock (in
  /// its zone, the server's `serverZone` unless it has a fixed offset), so that a week with a clock change between
  /// the opening and the start opens at the same wall time as the others ("six days before, at the same time").
  public func opening(of start: Date, zone serverZone: ZoneRule) -> Date {
    Self.wallTime(start, moved: .zero - details.opensBefore, in: zone(serverZone))
  }

  /// When the plan of a week starting at `start` opens to everyone: the regulars' head start after its opening, on
  /// the schedule's wall clock, if it has one.
  public func openingToAll(of start: Date, zone serverZone: ZoneRule) -> Date? {
    details.regulars.map {
      Self.wallTime(opening(of: start, zone: serverZone), moved: $0.headStart, in: zone(serverZone))
    }
  }

  /// The instant `by` from `date` on `zone`'s wall clock: across a clock change, the wall time moves by `by`, not
  /// the real time (a wall time the change skips or repeats takes one of the offsets around it).
  static func wallTime(_ date: Date, moved by: Duration, in zone: ZoneRule) -> Date {
    let wall = zone.wallSeconds(at: date) + by.components.seconds
    let fraction = date.timeIntervalSince1970 - date.timeIntervalSince1970.rounded(.down)
    return zone.instant(wallSeconds: wall).date.addingTimeInterval(fraction)
  }

  /// The details and terms of the plan for the week starting at `start` (with its offset), made at `now`; `serverZone`
  /// places the regulars' head start on the wall clock.
  public func plan(
    for start: (date: Date, utcOffset: Int), now: Date, zone serverZone: ZoneRule
  ) throws(GatherError) -> (PlanDetails, PlanTerms) {
    let details = try PlanDetails(
      startsAt: start.date, utcOffset: start.utcOffset, capacity: self.details.capacity, place: self.details.place,
      note: self.details.note, now: now)
    var terms = PlanTerms(
      schedule: id, regulars: self.details.regulars, opensToAllAt: openingToAll(of: start.date, zone: serverZone),
      reminders: self.details.reminders)
    terms.offerPeriod = self.details.offerPeriod
    terms.cutOff = self.details.cutOff
    return (details, terms)
  }

  /// The schedule with `changes` made at `now`; the plans already open keep their own details.
  public func changed(by changes: ScheduleChanges, now: Date) throws(GatherError) -> PlanSchedule {
    var schedule = self
    schedule.details = try changes.applied(to: details)
    schedule.changedAt = now
    return schedule
  }
}

extension PlanSchedule {
  /// The schedule once it has made (or passed over) the plan of the week starting at `start`.
  public func moved(to start: Date) -> PlanSchedule {
    var schedule = self
    schedule.lastStart = start
    return schedule
  }
}
