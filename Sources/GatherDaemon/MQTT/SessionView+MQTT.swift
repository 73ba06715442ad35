import GatherRPC

extension SessionView {
  /// The match as the retained `state` message shows it: the gather as `gather.current` returns it, and the
  /// fields Home Assistant's entities read, flat: `teams`, `score`, `clock` (the clock's state), `running`,
  /// `period`, `periods`, `periodName`, `remaining` (seconds), `display`, `added` and `endsAt`. Without a
  /// gather, each is null (`running` false). `nextPlan` is the soonest open plan's figures
  /// (``MQTTEventMessages/planSummary(_:)``), or null. `seq` is the last event the state includes.
  func mqttState() -> JSONValue {
    let gather = currentGatherJSON()
    let timer = gather["timer"]
    var state: JSONObject = [
      "gather": gather,
      "teams": gather["teams"] ?? .null,
      "score": gather["score"] ?? .null,
      "clock": timer?["state"] ?? .null,
      "running": .bool(timer?["state"] == "running"),
    ]
    for key in ["period", "periods", "periodName", "remaining", "display", "added", "endsAt"] {
      state[key] = timer?[key] ?? .null
    }
    let roster = self.state.roster
    state["nextPlan"] =
      self.state.openPlans.first.map { .object(MQTTEventMessages.planSummary($0.json(roster: roster))) } ?? .null
    state["seq"] = .int(seq)
    return .object(state)
  }
}
