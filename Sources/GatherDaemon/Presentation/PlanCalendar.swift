import FoundationEssentials
import GatherModel
import GatherRPC

/// The plans' calendar feed (`GET /calendar.ics`): one VEVENT per plan, an hour long (a plan has no end), with a
/// UID that stays the same for the plan's life (`plan-ID@HOST`), the place as LOCATION, who is going and the
/// place left in the SUMMARY and DESCRIPTION, and an open plan's sign-up link in its DESCRIPTION and URL. A plan
/// where no game was played (cancelled, or expired: its start passed and no gather started from it) says so in its
/// SUMMARY and is `STATUS:CANCELLED`; SEQUENCE is how many times its start or status changed (``Plan/sequence``),
/// so a calendar that saw the plan before takes the change.
enum PlanCalendar {
  /// How long an event lasts in the feed.
  static let length: TimeInterval = 3600

  /// The feed for `plans` and the weekly `schedules` (``series(_:now:host:into:)``) at `now`; `host` names this
  /// daemon in the UIDs; `signUpLink` gives an open plan's link, or nil.
  static func ics(
    _ plans: [PlanSnapshot], schedules: [ScheduleSnapshot] = [], now: Date, host: String,
    signUpLink: (Plan) -> String?
  ) -> [UInt8] {
    var text = ICalendarText()
    for (name, value) in [
      ("BEGIN", "VCALENDAR"), ("VERSION", "2.0"), ("PRODID", "-//gatherd//gatherd \(GatherVersion.current)//EN"),
      ("CALSCALE", "GREGORIAN"), ("METHOD", "PUBLISH"), ("X-WR-CALNAME", "Football"),
      ("REFRESH-INTERVAL;VALUE=DURATION", "PT1H"), ("X-PUBLISHED-TTL", "PT1H"),
    ] {
      text.line(name, value)
    }
    // The server's zone, once, for the series that read their times in it.
    if let local = schedules.first(where: { $0.schedule.details.utcOffset == nil }) {
      timeZone(local, now: now, into: &text)
    }
    for snapshot in plans { event(snapshot, now: now, host: host, link: signUpLink(snapshot.plan), into: &text) }
    for schedule in schedules { series(schedule, now: now, host: host, into: &text) }
    text.line("END", "VCALENDAR")
    return text.bytes
  }

  private static func event(
    _ snapshot: PlanSnapshot, now: Date, host: String, link: String?, into text: inout ICalendarText
  ) {
    let plan = snapshot.plan
    let details = plan.details
    text.line("BEGIN", "VEVENT")
    text.line("UID", "plan-\(plan.id)@\(host)")
    text.line("DTSTAMP", ICalendarText.time(now))
    text.line("CREATED", ICalendarText.time(plan.createdAt))
    text.line("DTSTART", ICalendarText.time(details.startsAt))
    text.line("DTEND", ICalendarText.time(details.startsAt.addingTimeInterval(length)))
    text.line("SUMMARY", ICalendarText.text(summary(plan)))
    if let place = details.place { text.line("LOCATION", ICalendarText.text(place)) }
    text.line("DESCRIPTION", ICalendarText.text(description(snapshot, link: link)))
    text.line("STATUS", status(plan))
    text.line("SEQUENCE", "\(plan.sequence)")
    if let link { text.line("URL", link) }
    text.line("END", "VEVENT")
  }

  /// "Football: 2 places left"; "Football: full"; "Football (cancelled)"; "Football (not played)" once its start
  /// passed with no gather; "Football" once played.
  static func summary(_ plan: Plan) -> String {
    switch plan.status {
    case .open:
      let left = plan.placesLeft
      return "Football: " + (left == 0 ? "full" : "\(left) place\(left == 1 ? "" : "s") left")
    case .cancelled: return "Football (cancelled)"
    case .expired: return "Football (not played)"
    case .started: return "Football"
    }
  }

  /// `CANCELLED` where no game was played (cancelled or expired), else `CONFIRMED`.
  static func status(_ plan: Plan) -> String {
    switch plan.status {
    case .cancelled, .expired: "CANCELLED"
    case .open, .started: "CONFIRMED"
    }
  }

  /// The note, who is going and waiting, the regulars' head start, and the sign-up link, a paragraph each.
  static func description(_ snapshot: PlanSnapshot, link: String?) -> String {
    let plan = snapshot.plan
    let names = { (list: ArraySlice<SignUp>) in
      list.map { snapshot.roster[$0.player]?.name ?? $0.name }.joined(separator: ", ")
    }
    var parts: [String] = []
    if let note = plan.details.note { parts.append(note) }
    if plan.status == .cancelled { parts.append("Called off.") }
    if plan.status == .expired { parts.append("Not played: its start passed and no game was started from it.") }
    parts.append(
      "Going (\(plan.going.count) of \(plan.details.capacity)): "
        + (plan.going.isEmpty ? "nobody yet" : names(plan.going)))
    if !plan.waiting.isEmpty { parts.append("Waiting: " + names(plan.waiting)) }
    if plan.status == .open, let rule = plan.terms.regulars, let opensToAll = plan.opensToAllText {
      parts.append("\(rule.text) may join first; everyone from \(opensToAll).")
    }
    if let link { parts.append("Sign up: " + link) }
    return parts.joined(separator: "\n\n")
  }
}
