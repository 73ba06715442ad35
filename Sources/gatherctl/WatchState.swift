import GatherAPI
import GatherRPC

/// What `gatherctl watch` knows of the match: built from the subscription's snapshot, then kept current by
/// events, and rendered in one of the status-bar formats.
struct WatchState {
  /// The output formats.
  enum Format: String, CaseIterable {
    case plain, json, waybar, i3blocks, polybar
  }

  var online = false
  /// Whether the subscription has the `timer` topic, whose events carry the whole clock at each period's end.
  var followsTimer = true
  var gather: API.Gather?
  var timer: WatchClock?
  var score: API.Score?
  var goals: [API.Goal] = []

  /// Starts over from an `events.subscribe` snapshot.
  mutating func load(snapshot: API.Snapshot) {
    online = true
    adopt(snapshot.gather)
  }

  private mutating func adopt(_ newGather: API.Gather?) {
    gather = newGather
    timer = newGather.map { WatchClock($0.timer) }
    score = newGather?.score
    goals = newGather?.goals ?? []
  }

  /// Applies one event.
  mutating func apply(_ event: API.Event) {
    switch event {
    case .tick(let tick):
      guard var clock = timer else { return }
      // The tick at 0 of a period that is not the last ("break", or "stopped" with no break) or of the break
      // ("stopped"): a timer event (periodEnded, breakEnded) with the whole clock follows it at once.
      let endsPeriodOrBreak = tick.remaining == 0 && (tick.state == .break || tick.state == .stopped)
      if endsPeriodOrBreak, followsTimer { return }
      clock.apply(tick)
      if endsPeriodOrBreak { clock.settle() }
      timer = clock
    case .timer(let change): timer = WatchClock(change.timer)
    case .score(let change):
      score = change.score
      if change.change == .undo { _ = goals.popLast() } else { goals.append(change.goal) }
    case .gather(let change): adopt(change.gather)
    // gatherd restarted and kept the connection: start over from the state now.
    case .resumed(let resumed): load(snapshot: resumed.snapshot)
    case .overflow, .other: break
    }
  }

  /// The class waybar styles by: running, paused, break, finished, idle or offline.
  var stateClass: String {
    guard online else { return "offline" }
    guard gather != nil else { return "idle" }
    switch timer?.state {
    case .running: return "running"
    case .break: return "break"
    case .finished: return "finished"
    default: return "paused"
    }
  }

  /// What the sides are called, while a gather is on.
  var names: API.TeamNames? { gather?.names }

  /// "07:32 · 2-1" (in added time "00:00 +1:30 · 2-1", in the break "HT 00:53 · 2-1", at full time "FT · 3-3"),
  /// "no gather" or "offline"; with team names of their own, "07:32 · Bibs 2-1 Colours", "FT · Bibs 3-3 Colours".
  var text: String {
    guard online else { return "offline" }
    guard gather != nil, let timer, let score else { return "no gather" }
    let shown = Render.hasOwnNames(names) ? Render.score(score, names: names) : Render.text(score.text)
    return "\(Render.clock(timer)) · \(shown)"
  }

  /// How much of the period has been played, 0 to 100, counting its added time; in the break, how much of the
  /// break is over.
  var percentage: Int {
    guard online, gather != nil, let timer else { return 0 }
    return timer.percentage
  }

  var tooltip: String {
    guard online else { return "gatherd is not reachable" }
    guard gather != nil, let timer, let score else { return "No gather is being played." }
    var lines = [Render.score(score, names: names), Render.timer(timer)]
    lines += goals.map { Render.goal($0, names: names) }
    return lines.joined(separator: "\n")
  }

  /// The line to print for `format`. Names come through `Render`, so their control characters show as escapes
  /// and never break a line; polybar's line has its `%{` escaped too (`Printable.polybar`); json gives the
  /// daemon's values as they are.
  func line(_ format: Format) -> String {
    switch format {
    case .plain, .i3blocks: text
    case .polybar: Printable.polybar(text)
    case .waybar:
      JSONWriter.string(
        .object([
          "text": .string(text), "tooltip": .string(tooltip), "class": .string(stateClass),
          "percentage": .int(Int64(percentage)),
        ]))
    case .json:
      JSONWriter.string(
        .object([
          "online": .bool(online),
          "state": gather == nil ? .string(stateClass) : timer.map { .string($0.state.rawValue) } ?? .null,
          "display": timer.map { .string($0.display) } ?? .null, "added": timer?.added.map { .string($0) } ?? .null,
          "period": timer.map { .int($0.period) } ?? .null, "remaining": timer.map { .int($0.remaining) } ?? .null,
          "score": score.map(Self.json) ?? .null, "gather": gather.map { .int($0.id) } ?? .null,
          "names": names.map(Self.json) ?? .null,
        ]))
    }
  }

  /// A score as gatherd writes it: `{"teamA": 2, "teamB": 1, "text": "2-1"}`.
  private static func json(_ score: API.Score) -> JSONValue {
    .object(["teamA": .int(score.teamA), "teamB": .int(score.teamB), "text": .string(score.text)])
  }

  /// Team names as gatherd writes them: `{"teamA": "Bibs", "teamB": "Colours"}`.
  private static func json(_ names: API.TeamNames) -> JSONValue {
    .object(["teamA": .string(names.teamA), "teamB": .string(names.teamB)])
  }
}
