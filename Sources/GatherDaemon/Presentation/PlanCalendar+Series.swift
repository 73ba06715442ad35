import FoundationEssentials
import GatherModel

/// A weekly schedule in the calendar feed, as a series: one VEVENT with `RRULE:FREQ=WEEKLY` from the next week it
/// has still to open, `STATUS:TENTATIVE` (nobody has signed up for those weeks yet), so that a subscribed calendar
/// shows the weeks to come. The weeks it opened are the plans' own events: as a week opens, the series starts one
/// week later and that week's plan shows in its place, with who is going. A schedule in the server's zone names it
/// (`DTSTART;TZID=Europe/Berlin`), so 19:00 stays 19:00 across its clock changes, and the feed describes that zone
/// in a VTIMEZONE (RFC 5545 asks for one per TZID) with its changes over the next year; one with a fixed offset is
/// written in UTC, which that offset keeps.
extension PlanCalendar {
  /// How far ahead the VTIMEZONE lists the server's zone's clock changes (the feed is read again every hour).
  static let zoneSpan: Int64 = 400 * 86400

  /// The series of `snapshot`'s weeks to come, read at `now`; `host` names this daemon in its UID.
  static func series(_ snapshot: ScheduleSnapshot, now: Date, host: String, into text: inout ICalendarText) {
    let schedule = snapshot.schedule
    let details = schedule.details
    let start = snapshot.next.date
    text.line("BEGIN", "VEVENT")
    text.line("UID", "schedule-\(schedule.id)@\(host)")
    text.line("DTSTAMP", ICalendarText.time(now))
    text.line("CREATED", ICalendarText.time(schedule.createdAt))
    if details.utcOffset == nil {
      let zone = zoneID(snapshot)
      text.line("DTSTART;TZID=\(zone)", localTime(start, zone: snapshot.zone))
      text.line("DTEND;TZID=\(zone)", localTime(start.addingTimeInterval(length), zone: snapshot.zone))
    } else {
      text.line("DTSTART", ICalendarText.time(start))
      text.line("DTEND", ICalendarText.time(start.addingTimeInterval(length)))
    }
    text.line("RRULE", "FREQ=WEEKLY")
    text.line("SUMMARY", ICalendarText.text("Football (weekly: sign-up not open yet)"))
    if let place = details.place { text.line("LOCATION", ICalendarText.text(place)) }
    let days = Int(details.opensBefore.components.seconds / 86400)
    let notice = days >= 1 ? "\(days) day\(days == 1 ? "" : "s")" : "\(details.opensBefore.components.seconds / 3600) h"
    var description = "The weekly game, for up to \(details.capacity). Each week's sign-up opens \(notice) before it;"
    description += " that week then shows with who is going."
    if let note = details.note { description = note + "\n\n" + description }
    text.line("DESCRIPTION", ICalendarText.text(description))
    text.line("STATUS", "TENTATIVE")
    text.line("SEQUENCE", "\(sequence(schedule))")
    text.line("END", "VEVENT")
  }

  /// How often the series changed: the minutes from its making to its last change or the last week it opened, each
  /// of which moves it, so that it only grows.
  static func sequence(_ schedule: PlanSchedule) -> Int64 {
    let last = max(schedule.changedAt, schedule.lastStart ?? schedule.createdAt)
    return max(0, Int64(last.timeIntervalSince(schedule.createdAt) / 60))
  }

  /// The TZID of the server's zone: its name, or "gatherd" when it has none (the VTIMEZONE then says all).
  static func zoneID(_ snapshot: ScheduleSnapshot) -> String { snapshot.zoneName ?? "gatherd" }

  /// The VTIMEZONE of the server's zone as `snapshot` reads it, from `now` for ``zoneSpan``: the offset in force
  /// then, and each clock change after it, as one observance each.
  static func timeZone(_ snapshot: ScheduleSnapshot, now: Date, into text: inout ICalendarText) {
    let zone = snapshot.zone
    let from = Int64(now.timeIntervalSince1970.rounded(.down)) - 7 * 86400
    let changes = zone.transitions(from: from, to: from + zoneSpan)
    text.line("BEGIN", "VTIMEZONE")
    text.line("TZID", zoneID(snapshot))
    let first = zone.offset(from)
    observance(daylight: changes.first.map { $0.to < first } ?? false, onset: "19700101T000000", first, first, &text)
    for change in changes {
      let onset = localTime(Date(timeIntervalSince1970: Double(change.at)), offset: change.from)
      observance(daylight: change.to > change.from, onset: onset, change.from, change.to, &text)
    }
    text.line("END", "VTIMEZONE")
  }

  private static func observance(
    daylight: Bool, onset: String, _ from: Int, _ to: Int, _ text: inout ICalendarText
  ) {
    let kind = daylight ? "DAYLIGHT" : "STANDARD"
    text.line("BEGIN", kind)
    text.line("DTSTART", onset)
    text.line("TZOFFSETFROM", offset(from))
    text.line("TZOFFSETTO", offset(to))
    text.line("END", kind)
  }

  /// "+0100", "-0300", "+0530": an offset as iCalendar writes it.
  static func offset(_ seconds: Int) -> String {
    let minutes = abs(seconds) / 60
    let hours = minutes / 60
    return (seconds < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + "\(hours)" + (minutes % 60 < 10 ? "0" : "")
      + "\(minutes % 60)"
  }

  /// A local DATE-TIME ("20270107T190000") as `zone`'s wall clock reads `date`.
  static func localTime(_ date: Date, zone: ZoneRule) -> String {
    localTime(date, offset: zone.offset(Int64(date.timeIntervalSince1970.rounded(.down))))
  }

  /// A local DATE-TIME as a wall clock `offset` seconds east of UTC reads `date`.
  static func localTime(_ date: Date, offset: Int) -> String {
    let zoned = ISO8601.zonedString(date, utcOffset: offset)  // 2027-01-07T19:00:00+01:00
    return String(zoned.prefix(19).filter { $0 != "-" && $0 != ":" })
  }
}
