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
  var gather: JSONValue?
  var timer: JSONValue?
  var score: JSONValue?
  var goals: [JSONValue] = []

  /// Starts over from an `events.subscribe` snapshot.
  mutating func load(snapshot: JSONValue?) {
    online = true
    adopt(snapshot?["gather"])
  }

  private mutating func adopt(_ newGather: JSONValue?) {
    gather = newGather == .null ? nil : newGather
    timer = gather?["timer"]
    score = gather?["score"]
    goals = gather?["goals"]?.arrayValue ?? []
  }

  /// Applies one event notification.
  mutating func apply(_ event: JSONValue) {
    let params = event["params"]
    switch event["method"]?.stringValue {
    case "tick":
      guard var object = timer?.objectValue, let params else { return }
      let state = params["state"]?.stringValue
      // The tick at 0 of a period that is not the last ("break", or "stopped" with no break) or of the break
      // ("stopped"): a timer event (periodEnded, breakEnded) with the whole clock follows it at once.
      let endsPeriodOrBreak = params["remaining"] == .int(0) && (state == "break" || state == "stopped")
      if endsPeriodOrBreak, followsTimer { return }
      // "added" and "period": periods and added time; "breakName": what the break is called.
      for key in ["state", "remaining", "remainingMs", "display", "added", "period", "breakName"] {
        object[key] = params[key]
      }
      if endsPeriodOrBreak { Self.settle(&object) }
      timer = .object(object)
    case "timer": timer = params?["timer"]
    case "score":
      score = params?["score"]
      if params?["change"] == "undo" { _ = goals.popLast() } else if let goal = params?["goal"] { goals.append(goal) }
    case "gather":
      let change = params?["change"]?.stringValue
      adopt(change == "ended" || change == "cancelled" ? nil : params?["gather"])
    // gatherd restarted and kept the connection: start over from the state now.
    case "events.resumed": load(snapshot: params?["snapshot"])
    default: break
    }
  }

  /// Without timer events, the clock a period's or break's last tick leads to, as far as the tick tells: the
  /// break from its first moment, or the next period waiting, stopped, at its full length.
  private static func settle(_ timer: inout JSONObject) {
    timer["added"] = .null
    if timer["state"] == "break" {
      let left = ((timer["remainingMs"]?.intValue ?? 0) + 999) / 1000
      timer["display"] = .string(Render.minutesAndSeconds(left))
      timer["remaining"] = .int(left)
      return
    }
    let duration = timer["duration"]?.intValue ?? 0
    timer["period"] = .int((timer["period"]?.intValue ?? 1) + 1)
    timer["periodName"] = .null
    timer["display"] = .string(Render.minutesAndSeconds(duration))
    timer["remaining"] = .int(duration)
    timer["remainingMs"] = .int(duration * 1000)
    timer["addedSeconds"] = .int(0)
  }

  /// The class waybar styles by: running, paused, break, finished, idle or offline.
  var stateClass: String {
    guard online else { return "offline" }
    guard gather != nil else { return "idle" }
    switch timer?["state"]?.stringValue {
    case "running": return "running"
    case "break": return "break"
    case "finished": return "finished"
    default: return "paused"
    }
  }

  /// What the sides are called, while a gather is on.
  var names: JSONValue? { gather?["names"] }

  /// "07:32 · 2-1" (in added time "00:00 +1:30 · 2-1", in the break "HT 00:53 · 2-1", at full time "FT · 3-3"),
  /// "no gather" or "offline"; with team names of their own, "07:32 · Bibs 2-1 Colours", "FT · Bibs 3-3 Colours".
  var text: String {
    guard online else { return "offline" }
    guard gather != nil else { return "no gather" }
    let score = Render.hasOwnNames(names) ? Render.score(score, names: names) : Render.text(score?["text"])
    return "\(Render.clock(timer)) · \(score)"
  }

  /// How much of the period has been played, 0 to 100, counting its added time (so adding time never makes it
  /// jump); in the break, how much of the break is over.
  var percentage: Int {
    guard online, gather != nil, let timer, let left = timer["remainingMs"]?.intValue else { return 0 }
    let seconds =
      timer["state"] == "break"
      ? timer["breakLength"]?.intValue ?? 0
      : (timer["duration"]?.intValue ?? 0) + (timer["addedSeconds"]?.intValue ?? 0)
    guard seconds > 0 else { return 0 }
    return Int(max(0, min(100, (seconds * 1000 - left) * 100 / (seconds * 1000))))
  }

  var tooltip: String {
    guard online else { return "gatherd is not reachable" }
    guard gather != nil else { return "No gather is being played." }
    var lines = [Render.score(score, names: names), Render.timer(timer)]
    lines += goals.map { Render.goal($0, names: names) }
    return lines.joined(separator: "\n")
  }

  /// The line to print for `format`. Names come through `Render`, so their control characters show as escapes
  /// and never break a line; polybar's line has its `%{` escaped too (`Printable.polybar`); json is exact.
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
          "online": .bool(online), "state": gather == nil ? .string(stateClass) : timer?["state"] ?? .null,
          "display": timer?["display"] ?? .null, "added": timer?["added"] ?? .null, "period": timer?["period"] ?? .null,
          "remaining": timer?["remaining"] ?? .null, "score": score ?? .null, "gather": gather?["id"] ?? .null,
          "names": names ?? .null,
        ]))
    }
  }
}
