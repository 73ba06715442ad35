import GatherAPI

/// How gatherctl shows weekly schedules to people.
enum ScheduleRender {
  /// "Schedule 1: Thursdays at 19:00 (the server's zone, Europe/Lisbon), 10 players, Astro 2", then when each
  /// week opens, to whom, the reminders and the next week.
  static func schedule(_ schedule: API.Schedule) -> String {
    let weekday = Render.text(schedule.weekday)
    let day = weekday.prefix(1).uppercased() + weekday.dropFirst()
    let zone: String
    if let offset = Render.string(schedule.utcOffset) {
      zone = "UTC\(offset)"
    } else {
      zone = "the server's zone" + (Render.string(schedule.zone).map { ", \($0)" } ?? "")
    }
    var head = "Schedule \(schedule.id): \(day)s at \(Render.text(schedule.time)) (\(zone))"
    head += ", \(schedule.capacity) players"
    if let place = Render.string(schedule.place) { head += ", \(place)" }
    var lines = [head, "  Opens \(duration(schedule.opensBefore)) before the start."]
    if let regulars = schedule.regularsFirst {
      lines.append("  Regulars first for \(duration(regulars.headStart)): \(Render.text(regulars.rule)).")
    }
    if let reminders = schedule.reminders {
      lines.append(
        reminders.isEmpty
          ? "  No reminders." : "  Reminders \(reminders.map(duration).joined(separator: " and ")) before.")
    }
    if let note = Render.string(schedule.note) { lines.append("  Note: \(note)") }
    lines.append("  Next: \(PlanRender.start(schedule.next.startsAtLocal)).")
    return lines.joined(separator: "\n")
  }

  /// What to say when no plan is open, from `plan.schedules`' answer: with a weekly game, when its next plan opens
  /// by itself; either way, how to make one now.
  static func noPlanOpen(_ schedules: API.ScheduleList) -> String {
    let make = "gatherctl plan new thu 19:00 --capacity 10"
    let soonest = schedules.schedules.min { $0.next.startsAt < $1.next.startsAt }
    guard let soonest else { return "No plan is open; make one with: \(make)" }
    return "No plan is open; the weekly game's next plan (schedule \(soonest.id)), for "
      + "\(PlanRender.start(soonest.next.startsAtLocal)), opens by itself \(duration(soonest.opensBefore)) "
      + "before it. To make one now: \(make)"
  }

  /// "6 days", "1 day 12 h", "3 h", "90 min" from seconds.
  static func duration(_ total: Int64) -> String {
    var seconds = total
    var parts: [String] = []
    for (size, one, many) in [(Int64(86400), " day", " days"), (3600, " h", " h"), (60, " min", " min")]
    where seconds >= size {
      parts.append("\(seconds / size)\(seconds / size == 1 ? one : many)")
      seconds %= size
    }
    if seconds > 0 || parts.isEmpty { parts.append("\(seconds) s") }
    return parts.joined(separator: " ")
  }
}
