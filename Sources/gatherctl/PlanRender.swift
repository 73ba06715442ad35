import GatherAPI

/// How gatherctl shows plans and answers to people.
enum PlanRender {
  /// The fewest players a gather starts with (the daemon refuses fewer).
  static let minimumPlayers = 2

  /// "Plan 3, Thu 2026-12-03 19:00 +01:00, Astro 2: 8 going, 2 waiting, no places left of 10" (with "(expired: …)"
  /// when its time passed without a gather), then until when regulars only may join, its cost, and the lists.
  static func plan(_ plan: API.Plan) -> String {
    var head = "Plan \(plan.id), \(start(plan.startsAtLocal))"
    if let place = Render.string(plan.place) { head += ", \(place)" }
    head += ": \(plan.going.count) going, \(plan.waiting.count) waiting, "
    let left = plan.placesLeft
    head += "\(left == 0 ? "no" : String(left)) place\(left == 1 ? "" : "s") left of \(plan.capacity)"
    switch plan.status {
    case .cancelled: head += " (cancelled)"
    case .started: head += " (started as gather \(Render.text(plan.gather)))"
    case .expired: head += " (expired: its time has passed)"
    case .open: break
    }
    var lines = [head]
    if let regulars = plan.regularsFirst {
      lines.append(
        "  Regulars only until \(start(regulars.opensToAllAtLocal)) (\(Render.text(regulars.rule))); "
          + "then everyone may join.")
    }
    if let fee = plan.fee {
      lines.append("  Cost: \(CostWords.fee(fee)).")
    }
    lines.append("  Going: \(names(plan.going))")
    if !plan.waiting.isEmpty { lines.append("  Waiting: \(names(plan.waiting))") }
    for offer in plan.attendance.offers {
      lines.append("  Offered: \(Render.text(offer.name)), \(offered(offer)).")
    }
    if !plan.notGoing.isEmpty { lines.append("  Not going: \(names(plan.notGoing))") }
    if let note = Render.string(plan.note) { lines.append("  Note: \(note)") }
    return lines.joined(separator: "\n")
  }

  /// Who pays a guest's share, in words: "themselves" or "whoever brought them".
  static func guests(_ guests: API.Fee.Guests) -> String {
    switch guests {
    case .themselves: "themselves"
    case .host: "whoever brought them"
    }
  }

  /// `plan.join`'s and `plan.leave`'s confirmation: where the player stands, and who moved up.
  static func answer(_ answer: API.PlanAnswer) -> String {
    let name = Render.text(answer.player.name)
    let plan = "plan \(answer.plan.id), \(start(answer.plan.startsAtLocal))"
    var line: String
    switch answer.answer {
    case .going:
      line =
        answer.changed ? "\(name) is going to \(plan)." : "\(name) was already going to \(plan); nothing changed."
    case .waiting:
      let place = answer.plan.waiting.firstIndex { $0.id == answer.player.id }
      let position = place.map { " (number \($0 + 1))" } ?? ""
      line =
        answer.changed
        ? "\(name) is on the waiting list\(position) of \(plan)."
        : "\(name) was already on the waiting list\(position) of \(plan); nothing changed."
    case .notGoing:
      line =
        answer.changed
        ? "\(name) can't make it to \(plan)." : "\(name) had already said no to \(plan); nothing changed."
      if answer.lateDropOut {
        line +=
          "\nThat is a late drop-out (after the plan's cut-off)"
          + (answer.fine.map { ", fined \($0.text) on the fee ledger." } ?? ".")
      }
    }
    for promoted in answer.promoted {
      line += "\n\(Render.text(promoted.name)) moves up from the waiting list: going."
    }
    for offered in answer.offered {
      let offer = answer.plan.attendance.offers.first { $0.player == offered.id }
      let until = offer.map(Self.offered) ?? "to take or turn down"
      line += "\n\(Render.text(offered.name)) is offered the place, \(until)."
    }
    return line
  }

  /// Until when an offer may be taken: "to take until 2027-01-15 12:00 UTC", or when it goes out.
  static func offered(_ offer: API.PlanAttendance.Offer) -> String {
    guard let expiresAt = offer.expiresAt else { return "sent when quiet hours end" }
    return "to take until \(utc(expiresAt))"
  }

  /// "2027-01-15 12:00 UTC" for the timestamp 2027-01-15T12:00:00Z.
  static func utc(_ timestamp: API.Timestamp) -> String {
    let text = Array(Render.text(timestamp))
    guard text.count >= 16, text.last == "Z" else { return String(text) }
    return "\(String(text[0..<10])) \(String(text[11..<16])) UTC"
  }

  /// The names of a list, with "(guest)" after guests; "-" when empty.
  static func names(_ entries: [some PlanListEntry]) -> String {
    entries.isEmpty
      ? "-" : entries.map { "\(Render.text($0.name))\($0.guest ? " (guest)" : "")" }.joined(separator: ", ")
  }

  /// "Thu 2026-12-03 19:00 +01:00" from a `startsAtLocal` such as "2026-12-03T19:00:00+01:00".
  static func start(_ local: String) -> String {
    let text = Array(Render.text(local))
    guard text.count == 25 else { return String(text) }
    let date = String(text[0..<10])
    let parts = date.split(separator: "-").compactMap { Int($0) }
    let day = parts.count == 3 ? weekday(year: parts[0], month: parts[1], day: parts[2]) + " " : ""
    return "\(day)\(date) \(String(text[11..<16])) \(String(text[19...]))"
  }

  /// The day of the week of a Gregorian date, "Mon" to "Sun" (Sakamoto's method).
  static func weekday(year: Int, month: Int, day: Int) -> String {
    let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
    guard (1...12).contains(month) else { return "" }
    let y = month < 3 ? year - 1 : year
    let index = (y + y / 4 - y / 100 + y / 400 + offsets[month - 1] + day) % 7
    return ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][index]
  }
}
