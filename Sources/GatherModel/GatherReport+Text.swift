import struct FoundationEssentials.Date

/// The report as a message, ready to paste in the group's chat:
///
///     Full time: Reds 4–0 Blues
///     Reds: Fatima 12', 30'; Ana 44'
///     Man of the match: Fatima
///     Next: Thu 10 Dec 19:00 at Astro 2, 3 places left. Sign up: http://192.168.1.20:8080/#signup=…
///
/// While the man-of-the-match vote is open, its line invites to it instead: "Man of the match: vote by Fri 11 Dec
/// 12:00. Vote: http://192.168.1.20:8080/#vote=…".
extension GatherReport {
  /// The message, one line per part, without a trailing newline.
  public var text: String {
    var lines = ["Full time: \(scoreLine)"]
    for team in [Team.teamA, .teamB] {
      let theirs = scorers.filter { $0.team == team }
      guard !theirs.isEmpty else { continue }
      let names = theirs.map { scorer in
        "\(scorer.name ?? "Unknown scorer") \(scorer.minutes.map(\.description).joined(separator: ", "))"
      }
      lines.append("\(record.names[team]): \(names.joined(separator: "; "))")
    }
    if let best = manOfTheMatch, !best.isEmpty {
      lines.append("Man of the match: \(best.map(\.name).joined(separator: " and "))")
    } else if let vote {
      lines.append(
        "Man of the match: vote by \(Self.localTime(vote.closesAt, utcOffset: vote.utcOffset))."
          + (vote.link.map { " Vote: \($0)" } ?? ""))
    }
    if let next { lines.append(Self.invitation(next)) }
    return lines.joined(separator: "\n")
  }

  /// "Reds 4–0 Blues", with an en dash as a scoreboard writes it.
  public var scoreLine: String {
    "\(record.names.teamA) \(record.score.teamA)\u{2013}\(record.score.teamB) \(record.names.teamB)"
  }

  /// "Next: Thu 10 Dec 19:00 at Astro 2, 3 places left. Sign up: LINK"; "full, join the waiting list" when no
  /// place is left.
  static func invitation(_ next: NextPlan) -> String {
    let details = next.plan.details
    var line = "Next: \(localTime(details.startsAt, utcOffset: details.utcOffset))"
    if let place = details.place { line += " at \(place)" }
    let left = next.plan.placesLeft
    line += left == 0 ? ", full (waiting list open)" : ", \(left) place\(left == 1 ? "" : "s") left"
    line += "."
    if let link = next.link { line += " Sign up: \(link)" }
    return line
  }

  /// "Thu 10 Dec 19:00" (or "19:00:56" off a whole minute): the moment as a wall clock `utcOffset` seconds from UTC
  /// shows it.
  static func localTime(_ date: Date, utcOffset: Int) -> String {
    let seconds = Int64((date.timeIntervalSince1970).rounded(.down)) + Int64(utcOffset)
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    let (_, month, day) = civil(days: days)
    let weekday = ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday: 0 is Sunday
    let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    let hour = secondOfDay / 3600
    let minute = secondOfDay % 3600 / 60
    let second = secondOfDay % 60
    // The seconds only when the time is not on a whole minute, so that "until 13:50:56" is not read as 13:50.
    return "\(weekdays[Int(weekday)]) \(day) \(months[month - 1]) \(hour < 10 ? "0" : "")\(hour):"
      + "\(minute < 10 ? "0" : "")\(minute)" + (second == 0 ? "" : "\(second < 10 ? ":0" : ":")\(second)")
  }

  /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
  static func civil(days: Int64) -> (year: Int64, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
    let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
