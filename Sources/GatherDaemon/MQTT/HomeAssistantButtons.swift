import GatherRPC

/// The buttons gatherd announces with `--mqtt-control`: each publishes its JSON-RPC notification on `<prefix>/rpc`,
/// and each is available only while a press can work, as the retained state says (no goal without a gather, no
/// undo unless the last change was a goal), so that a press never does nothing.
extension HomeAssistantDiscovery {
  /// A button: its object id, name and icon, the notification it publishes, when a press can work (a Jinja test
  /// on the state), and whether it belongs with the device's settings (`entity_category: config`), off the
  /// default dashboard, since a press cannot be taken back there.
  struct Button: Sendable {
    let object: String
    let name: String
    let icon: String
    let method: String
    let params: JSONObject?
    let usable: String
    let dangerous: Bool
  }

  /// The buttons, with `--mqtt-control`.
  static let buttons = [
    Button(
      object: "start_pause", name: "Start/pause", icon: "mdi:play-pause", method: "timer.toggle", params: nil,
      usable: "value_json.clock and value_json.clock != 'finished'", dangerous: false),
    Button(
      object: "goal_a", name: "Goal Team A", icon: "mdi:soccer", method: "score.goal", params: ["team": "teamA"],
      usable: "value_json.score", dangerous: false),
    Button(
      object: "goal_b", name: "Goal Team B", icon: "mdi:soccer", method: "score.goal", params: ["team": "teamB"],
      usable: "value_json.score", dangerous: false),
    Button(
      object: "undo", name: "Undo last goal", icon: "mdi:undo", method: "score.undo", params: nil,
      usable: "value_json.undoable", dangerous: true),
    Button(
      object: "end_gather", name: "End gather", icon: "mdi:flag-checkered", method: "gather.end", params: nil,
      usable: "value_json.score", dangerous: true),
  ]

  /// A button's entity: a press publishes its request as a notification (no id: nobody waits for the reply).
  func buttonEntity(_ button: Button) -> Entity {
    var request: JSONObject = ["jsonrpc": "2.0", "method": .string(button.method)]
    if let params = button.params { request["params"] = .object(params) }
    var keys: JSONObject = [
      "command_topic": .string(topics.rpc), "payload_press": .string(JSONWriter.string(.object(request))),
      "qos": 1, "icon": .string(button.icon),
    ]
    if button.dangerous { keys["entity_category"] = "config" }
    return Entity(component: "button", object: button.object, name: button.name, keys: keys, available: button.usable)
  }
}
