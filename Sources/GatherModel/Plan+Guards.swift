import struct FoundationEssentials.Date

/// The two changes to plans that people seldom mean, refused unless the caller says they are meant (`force`): a
/// gather started from a plan long before its start, which closes the plan's sign-ups for good, and a second
/// plan at the very start of an open one.
extension Plan {
  /// How long before its start a plan may become a gather unforced: 12 hours.
  public static let dueWithin: Duration = .seconds(12 * 3600)

  /// Refuses to start the plan as a gather at `now` while its start is more than ``dueWithin`` away; the refusal
  /// names the start on the plan's own wall clock and about how long it is from `now`.
  public func requireDue(at now: Date) throws(GatherError) {
    let ahead = Int(details.startsAt.timeIntervalSince(now).rounded(.down))
    guard ahead > Int(Self.dueWithin.inSeconds) else { return }
    let starts = GatherReport.localTime(details.startsAt, utcOffset: details.utcOffset)
    throw .planNotDue(id, starts: starts, wait: Self.roughWait(seconds: ahead))
  }

  /// About how long `seconds` is, to the nearest hour: "13 hours" below two days, else "3 days and 4 hours".
  static func roughWait(seconds: Int) -> String {
    let hours = (seconds + 1799) / 3600
    guard hours >= 48 else { return "\(hours) hours" }
    let rest = hours % 24
    return "\(hours / 24) days" + (rest == 0 ? "" : " and \(rest) hour" + (rest == 1 ? "" : "s"))
  }
}

extension FootballGather {
  /// Refuses a start that an open plan other than `except` has too: to the second, however it was written. The
  /// refusal names that plan, its start on its wall clock and its place; `except` is the plan being moved (nil
  /// for a new plan).
  public func requireNoPlanStarting(at start: Date, except: Plan.ID? = nil) throws(GatherError) {
    let other = openPlans.first { plan in
      plan.id != except && Int(plan.details.startsAt.timeIntervalSince(start).rounded(.down)) == 0
    }
    guard let other else { return }
    let starts = GatherReport.localTime(other.details.startsAt, utcOffset: other.details.utcOffset)
    throw .sameTime(other.id, starts: starts, place: other.details.place, moving: except != nil)
  }
}
