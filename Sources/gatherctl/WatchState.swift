import GatherRPC

/// What `gatherctl watch` knows of the match: built from the subscription's snapshot, then kept current by
/// events, and rendered in one of the status-bar formats.
struct WatchState {
  /// The output formats.
  enum Format: String, CaseIterable {
    case plain, json, waybar, i3blocks, polybar
  }

  var online = false
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
      guard var object = timer?.objectValue else { return }
      // "added" and "period": periods and added time (issue 9).
      for key in ["state", "remaining", "remainingMs", "display", "added", "period"] { object[key] = params?[key] }
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

  /// The class waybar styles by: running, paused, finished, idle or offline.
  var stateClass: String {
    guard online else { return "offline" }
    guard gather != nil else { return "idle" }
    switch timer?["state"]?.stringValue {
    case "running": return "running"
    case "finished": return "finished"
    default: return "paused"
    }
  }

  /// "07:32 · 2-1" (in added time "00:00 +1:30 · 2-1"), "no gather" or "offline".
  var text: String {
    guard online else { return "offline" }
    guard gather != nil else { return "no gather" }
    let added = timer?["added"]?.stringValue.map { " " + $0 } ?? ""
    return "\(Render.text(timer?["display"]))\(added) · \(Render.text(score?["text"]))"
  }

  /// How much of the match has been played, 0 to 100.
  var percentage: Int {
    guard online, gather != nil, let duration = timer?["duration"]?.intValue, duration > 0,
      let left = timer?["remainingMs"]?.intValue
    else {
      return 0
    }
    return Int(max(0, min(100, (duration * 1000 - left) * 100 / (duration * 1000))))
  }

  var tooltip: String {
    guard online else { return "gatherd is not reachable" }
    guard gather != nil else { return "No gather is being played." }
    var lines = [Render.score(score), Render.timer(timer)]
    lines += goals.map(Render.goal)
    return lines.joined(separator: "\n")
  }

  /// The line to print for `format`.
  func line(_ format: Format) -> String {
    switch format {
    case .plain, .polybar, .i3blocks: text
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
          "display": timer?["display"] ?? .null,
          "remaining": timer?["remaining"] ?? .null, "score": score ?? .null, "gather": gather?["id"] ?? .null,
        ]))
    }
  }
}
