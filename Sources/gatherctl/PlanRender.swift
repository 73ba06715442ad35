import GatherRPC

/// How gatherctl shows plans and answers to people.
enum PlanRender {
  /// The fewest players a gather starts with (the daemon refuses fewer).
  static let minimumPlayers = 2

  /// "Plan 3, Thu 2026-12-03 19:00 +01:00, Astro 2: 8 going, 2 waiting, no places left of 10" (with "(expired: …)"
  /// when its time passed without a gather), then until when regulars only may join, its cost, and the lists.
  static func plan(_ plan: JSONValue) -> String {
    let going = plan["going"]?.arrayValue ?? []
    let waiting = plan["waiting"]?.arrayValue ?? []
    let notGoing = plan["notGoing"]?.arrayValue ?? []
    var head = "Plan \(Render.text(plan["id"])), \(start(plan["startsAtLocal"]))"
    if let place = Render.string(plan["place"]) { head += ", \(place)" }
    head += ": \(going.count) going, \(waiting.count) waiting, "
    let left = plan["placesLeft"]?.intValue ?? 0
    head += "\(left == 0 ? "no" : String(left)) place\(left == 1 ? "" : "s") left of \(Render.text(plan["capacity"]))"
    switch plan["status"]?.stringValue {
    case "cancelled": head += " (cancelled)"
    case "started": head += " (started as gather \(Render.text(plan["gather"])))"
    case "expired": head += " (expired: its time has passed)"
    default: break
    }
    var lines = [head]
    if let regulars = plan["regularsFirst"], regulars != .null {
      lines.append(
        "  Regulars only until \(start(regulars["opensToAllAtLocal"])) (\(Render.text(regulars["rule"]))); "
          + "then everyone may join.")
    }
    if let fee = plan["fee"], fee != .null {
      let guests = fee["guests"] == "host" ? "whoever brought them" : "themselves"
      lines.append(
        "  Cost: \(Render.text(fee["cost"]?["text"])), split among those who play; guests' shares: \(guests).")
    }
    lines.append("  Going: \(names(going))")
    if !waiting.isEmpty { lines.append("  Waiting: \(names(waiting))") }
    if !notGoing.isEmpty { lines.append("  Not going: \(names(notGoing))") }
    if let note = Render.string(plan["note"]) { lines.append("  Note: \(note)") }
    return lines.joined(separator: "\n")
  }

  /// `plan.join`'s and `plan.leave`'s confirmation: where the player stands, and who moved up.
  static func answer(_ answer: JSONValue) -> String {
    let name = Render.text(answer["player"]?["name"])
    let plan = "plan \(Render.text(answer["plan"]?["id"])), \(start(answer["plan"]?["startsAtLocal"]))"
    let changed = answer["changed"] == .bool(true)
    var line: String
    switch answer["answer"]?.stringValue {
    case "going":
      line = changed ? "\(name) is going to \(plan)." : "\(name) was already going to \(plan); nothing changed."
    case "waiting":
      let place = (answer["plan"]?["waiting"]?.arrayValue ?? []).firstIndex { $0["id"] == answer["player"]?["id"] }
      let position = place.map { " (number \($0 + 1))" } ?? ""
      line =
        changed
        ? "\(name) is on the waiting list\(position) of \(plan)."
        : "\(name) was already on the waiting list\(position) of \(plan); nothing changed."
    default:
      line = changed ? "\(name) can't make it to \(plan)." : "\(name) had already said no to \(plan); nothing changed."
    }
    for promoted in answer["promoted"]?.arrayValue ?? [] {
      line += "\n\(Render.text(promoted["name"])) moves up from the waiting list: going."
    }
    return line
  }

  /// The check-in list of `plan check-in` without players: the going and waiting players by id, ticked when
  /// checked in, the walk-ins already checked in, and how to mark them.
  static func checkInList(_ plan: JSONValue) -> String {
    let checkIn = plan["checkIn"].flatMap { $0 == .null ? nil : Optional($0) }
    let here = Set((checkIn?["present"]?.arrayValue ?? []).compactMap { $0["id"]?.intValue })
    func row(_ entry: JSONValue) -> String {
      let id = Render.text(entry["id"])
      let tick = here.contains(entry["id"]?.intValue ?? -1) ? "[x]" : "[ ]"
      let padding = String(repeating: " ", count: max(0, 4 - id.count))
      let guest = entry["guest"] == .bool(true) ? " (guest)" : ""
      return "  \(tick) \(padding)\(id)  \(Render.text(entry["name"]))\(guest)"
    }
    var head = "Plan \(Render.text(plan["id"])), \(start(plan["startsAtLocal"]))"
    if let place = Render.string(plan["place"]) { head += ", \(place)" }
    var lines = [head + ": who is here?", "Going:"]
    let going = plan["going"]?.arrayValue ?? []
    lines += going.isEmpty ? ["  nobody"] : going.map(row)
    let waiting = plan["waiting"]?.arrayValue ?? []
    if !waiting.isEmpty { lines += ["Waiting (name them to bring them in):"] + waiting.map(row) }
    let walkedIn = (checkIn?["present"]?.arrayValue ?? []).filter { $0["from"] == "walkIn" }
    if !walkedIn.isEmpty { lines += ["Walked in:"] + walkedIn.map(row) }
    if plan["status"]?.stringValue != "open" {
      lines.append("The plan is \(Render.text(plan["status"])): it takes no check-in.")
    } else {
      lines.append(
        "Mark who is here: gatherctl plan check-in --plan \(Render.text(plan["id"])) ID|NAME … [--walk-in NAME] [--start]"
      )
    }
    return lines.joined(separator: "\n")
  }

  /// `plan.checkIn`'s confirmation: who is here (and from where), who is not, and what comes next: the command that
  /// starts fair teams of them, or how many more must check in for a gather of at least 2.
  static func checkedIn(_ plan: JSONValue, starting: Bool) -> String {
    let present = plan["checkIn"]?["present"]?.arrayValue ?? []
    let noShows = plan["checkIn"]?["noShows"]?.arrayValue ?? []
    let here = present.map { entry in
      let name = Render.text(entry["name"])
      switch entry["from"]?.stringValue {
      case "waiting": return "\(name) (from the waiting list)"
      case "walkIn": return "\(name) (walked in\(entry["guest"] == .bool(true) ? ", new" : ""))"
      default: return name
      }
    }
    var lines = [
      "Checked in \(present.count) for plan \(Render.text(plan["id"])), \(start(plan["startsAtLocal"])): "
        + (here.isEmpty ? "nobody" : here.joined(separator: ", ")) + ".",
      "Not here: \(noShows.isEmpty ? "nobody missing" : names(noShows)).",
    ]
    if !starting {
      let missing = minimumPlayers - present.count
      lines.append(
        missing > 0
          ? "A gather needs at least \(minimumPlayers) players: check in \(missing) more to start fair teams."
          : "Start fair teams of them with: gatherctl gather start --plan \(Render.text(plan["id"]))")
    }
    return lines.joined(separator: "\n")
  }

  /// The names of a list, with "(guest)" after guests; "-" when empty.
  static func names(_ entries: [JSONValue]) -> String {
    entries.isEmpty
      ? "-"
      : entries.map { "\(Render.text($0["name"]))\($0["guest"] == .bool(true) ? " (guest)" : "")" }
        .joined(separator: ", ")
  }

  /// "Thu 2026-12-03 19:00 +01:00" from a `startsAtLocal` such as "2026-12-03T19:00:00+01:00".
  static func start(_ value: JSONValue?) -> String {
    let text = Array(Render.text(value))
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
