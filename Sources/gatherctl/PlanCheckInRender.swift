import GatherAPI

/// How gatherctl shows a plan's check-in: the list to tick on the night, and who turned up.
extension PlanRender {
  /// The check-in list of `plan check-in` without players: the going and waiting players by id, ticked when
  /// checked in, the walk-ins already checked in, and how to mark them.
  static func checkInList(_ plan: API.Plan) -> String {
    let present = plan.checkIn?.present ?? []
    let here = Set(present.map(\.id))
    func row(_ entry: some PlanListEntry) -> String {
      let id = String(entry.id)
      let tick = here.contains(entry.id) ? "[x]" : "[ ]"
      let padding = String(repeating: " ", count: max(0, 4 - id.count))
      return "  \(tick) \(padding)\(id)  \(Render.text(entry.name))\(entry.guest ? " (guest)" : "")"
    }
    var head = "Plan \(plan.id), \(start(plan.startsAtLocal))"
    if let place = Render.string(plan.place) { head += ", \(place)" }
    var lines = [head + ": who is here?", "Going:"]
    lines += plan.going.isEmpty ? ["  nobody"] : plan.going.map(row)
    if !plan.waiting.isEmpty { lines += ["Waiting (name them to bring them in):"] + plan.waiting.map(row) }
    let walkedIn = present.filter { $0.from == .walkIn }
    if !walkedIn.isEmpty { lines += ["Walked in:"] + walkedIn.map(row) }
    if plan.status != .open {
      lines.append("The plan is \(plan.status.rawValue): it takes no check-in.")
    } else {
      lines.append("Mark who is here: gatherctl plan check-in --plan \(plan.id) ID|NAME … [--walk-in NAME] [--start]")
    }
    return lines.joined(separator: "\n")
  }

  /// `plan.checkIn`'s confirmation: who is here (and from where), who is not, and what comes next: the command that
  /// starts fair teams of them, or how many more must check in for a gather of at least 2.
  static func checkedIn(_ plan: API.Plan, starting: Bool) -> String {
    let present = plan.checkIn?.present ?? []
    let noShows = plan.checkIn?.noShows ?? []
    let here = present.map { entry in
      let name = Render.text(entry.name)
      switch entry.from {
      case .waiting: return "\(name) (from the waiting list)"
      case .walkIn: return "\(name) (walked in\(entry.guest ? ", new" : ""))"
      case .going: return name
      }
    }
    var lines = [
      "Checked in \(present.count) for plan \(plan.id), \(start(plan.startsAtLocal)): "
        + (here.isEmpty ? "nobody" : here.joined(separator: ", ")) + ".",
      "Not here: \(noShows.isEmpty ? "nobody missing" : names(noShows)).",
    ]
    if !starting {
      let missing = minimumPlayers - present.count
      lines.append(
        missing > 0
          ? "A gather needs at least \(minimumPlayers) players: check in \(missing) more to start fair teams."
          : "Start fair teams of them with: gatherctl gather start --plan \(plan.id)")
    }
    return lines.joined(separator: "\n")
  }
}

/// A player on one of a plan's lists (going, waiting, checked in, no-show), as gatherctl lists them: by id and
/// name, with "(guest)" after a guest.
protocol PlanListEntry {
  /// The player's id.
  var id: Int64 { get }
  /// The player's name.
  var name: String { get }
  /// Whether they came as a guest.
  var guest: Bool { get }
}

extension API.SignUp: PlanListEntry {}
extension API.CheckIn.Present: PlanListEntry {}
extension API.CheckIn.NoShows: PlanListEntry {}
