import GatherRPC

extension SessionView {
  /// The match as the retained `state` message shows it: the gather as `gather.current` returns it, and the
  /// fields Home Assistant's entities read, flat: `teams`, `score`, `clock` (the clock's state), `running`,
  /// `period`, `periods`, `periodName`, `remaining` (seconds), `display`, `added` and `endsAt`. Without a
  /// gather, each is null (`running` false). `nextPlan` is the soonest open plan's figures
  /// (``MQTTEventMessages/planSummary(_:)``), or null. `seq` is the last event the state includes.
  func mqttState() -> JSONValue {
    let current = currentGather
    let gather = current?.json ?? .null
    let timer = current?.timer.json
    var state: JSONObject = [
      "gather": gather,
      "teams": gather["teams"] ?? .null,
      "score": current.map(\.gather.score.json) ?? .null,
      "clock": current.map { .string($0.timer.state.rawValue) } ?? .null,
      "running": .bool(current?.timer.state == .running),
    ]
    for key in ["period", "periods", "periodName", "remaining", "display", "added", "endsAt"] {
      state[key] = timer?[key] ?? .null
    }
    state["nextPlan"] = self.state.openPlans.first.map { .object(MQTTEventMessages.planSummary($0)) } ?? .null
    state["seq"] = .int(seq)
    return .object(state)
  }
}
