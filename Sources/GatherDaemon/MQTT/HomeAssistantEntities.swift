import GatherRPC

/// The entities gatherd announces to Home Assistant, read from the retained state (``SessionView/mqttState()``)
/// and the event topics: what each shows, and its attributes (`json_attributes_template`, snake_case keys).
extension HomeAssistantDiscovery {
  /// A button: its object id, name and icon, the JSON-RPC notification it publishes on `<prefix>/rpc`, and whether
  /// it belongs with the device's settings (`entity_category: config`), off the default dashboard, since a
  /// press cannot be taken back there.
  struct Button: Sendable {
    let object: String
    let name: String
    let icon: String
    let method: String
    let params: JSONObject?
    let dangerous: Bool
  }

  /// The buttons, with `--mqtt-control`.
  static let buttons = [
    Button(
      object: "start_pause", name: "Start/pause", icon: "mdi:play-pause", method: "timer.toggle", params: nil,
      dangerous: false),
    Button(
      object: "goal_a", name: "Goal Team A", icon: "mdi:soccer", method: "score.goal", params: ["team": "teamA"],
      dangerous: false),
    Button(
      object: "goal_b", name: "Goal Team B", icon: "mdi:soccer", method: "score.goal", params: ["team": "teamB"],
      dangerous: false),
    Button(
      object: "undo", name: "Undo last goal", icon: "mdi:undo", method: "score.undo", params: nil, dangerous: true),
    Button(
      object: "end_gather", name: "End gather", icon: "mdi:flag-checkered", method: "gather.end", params: nil,
      dangerous: true),
  ]

  /// The states of the clock, the options of its `enum` sensor.
  static let clockStates = ["stopped", "running", "paused", "break", "finished"]

  /// What a time sensor's template renders while its value is absent: a time HA parses without a warning, never
  /// shown, since the sensor is unavailable then.
  static let absentTime = "1970-01-01T00:00:00+00:00"

  /// The sensors, the binary sensor, the event entities, and with `--mqtt-control` the buttons.
  func entities() -> [Entity] {
    let state = JSONValue.string(topics.state)
    func sensor(_ object: String, _ name: String, _ template: String, _ extra: JSONObject = [:]) -> Entity {
      var keys = extra
      keys["state_topic"] = state
      keys["value_template"] = .string(template)
      return Entity(component: "sensor", object: object, name: name, keys: keys)
    }
    /// A sensor of a number: HA reads `None` as unknown, and keeps its statistics.
    func number(_ object: String, _ name: String, _ value: String, when: String? = nil, _ extra: JSONObject) -> Entity {
      var extra = extra
      extra["state_class"] = "measurement"
      return sensor(object, name, when.map { "{{ \(value) if \($0) else None }}" } ?? "{{ \(value) }}", extra)
    }
    /// Attributes from the state: `pairs` (key, Jinja expression) while `when` holds, none otherwise.
    func attributes(_ pairs: KeyValuePairs<String, String>, when: String) -> JSONObject {
      let dictionary = pairs.map { "'\($0.key)': \($0.value)" }.joined(separator: ", ")
      return [
        "json_attributes_topic": state,
        "json_attributes_template": .string("{{ {\(dictionary)} | tojson if \(when) else '{}' }}"),
      ]
    }
    let scoreA = attributes(
      ["team": "value_json.names.teamA", "scorers": "value_json.scorers.teamA"], when: "value_json.names")
    let scoreB = attributes(
      ["team": "value_json.names.teamB", "scorers": "value_json.scorers.teamB"], when: "value_json.names")
    let match = attributes(
      [
        "team_a": "value_json.names.teamA", "team_b": "value_json.names.teamB",
        "scorers_a": "value_json.scorers.teamA", "scorers_b": "value_json.scorers.teamB",
      ], when: "value_json.names")
    let clock = attributes(
      [
        "display": "value_json.display", "period": "value_json.period", "period_name": "value_json.periodName",
        "periods": "value_json.periods", "added": "value_json.added",
      ], when: "value_json.clock")
    let plan = attributes(
      [
        "plan": "value_json.nextPlan.plan", "place": "value_json.nextPlan.place",
        "capacity": "value_json.nextPlan.capacity", "going": "value_json.nextPlan.going",
        "waiting": "value_json.nextPlan.waiting", "places_left": "value_json.nextPlan.placesLeft",
      ], when: "value_json.nextPlan")
    var entities = [
      number(
        "score_a", "Score Team A", "value_json.score.teamA", when: "value_json.score",
        scoreA.merging(["icon": "mdi:soccer"])),
      number(
        "score_b", "Score Team B", "value_json.score.teamB", when: "value_json.score",
        scoreB.merging(["icon": "mdi:soccer"])),
      Entity(
        sensor(
          "score", "Score", "{{ value_json.score.text if value_json.score else None }}",
          match.merging(["icon": "mdi:scoreboard"])), present: "value_json.score"),
      Entity(
        sensor(
          "clock", "Clock", "{{ value_json.clock }}",
          clock.merging([
            "device_class": "enum", "options": .array(Self.clockStates.map { .string($0) }),
            "icon": "mdi:timer-outline",
          ])), present: "value_json.clock"),
      number(
        "remaining", "Remaining", "value_json.remaining",
        ["device_class": "duration", "unit_of_measurement": "s", "icon": "mdi:timer-sand"]),
      Entity(
        sensor("ends_at", "Ends at", "{{ value_json.endsAt or '\(Self.absentTime)' }}", ["device_class": "timestamp"]),
        present: "value_json.endsAt"),
      number("period", "Period", "value_json.period", ["icon": "mdi:numeric"]),
      Entity(
        component: "binary_sensor", object: "running", name: "Match running",
        keys: [
          "state_topic": state, "value_template": "{{ 'ON' if value_json.running else 'OFF' }}",
          "payload_on": "ON", "payload_off": "OFF", "device_class": "running",
        ]),
      Entity(
        component: "event", object: "match_event", name: "Match event",
        keys: [
          "state_topic": .string(topics.event), "event_types": .array(Self.eventTypes.map { .string($0) }),
          "icon": "mdi:whistle",
        ]),
      // Who's coming to the soonest open plan, and each sign-up as it happens.
      Entity(
        sensor(
          "next_plan", "Next gather",
          "{{ value_json.nextPlan.startsAt if value_json.nextPlan else '\(Self.absentTime)' }}",
          plan.merging(["device_class": "timestamp"])), present: "value_json.nextPlan"),
      number(
        "places_left", "Places left", "value_json.nextPlan.placesLeft", when: "value_json.nextPlan",
        ["icon": "mdi:account-plus", "unit_of_measurement": "players"]),
      number(
        "going", "Going", "value_json.nextPlan.going", when: "value_json.nextPlan",
        ["icon": "mdi:account-group", "unit_of_measurement": "players"]),
      Entity(
        component: "event", object: "plan_event", name: "Sign-up",
        keys: [
          "state_topic": .string(topics.plan), "event_types": .array(Self.planEventTypes.map { .string($0) }),
          "icon": "mdi:clipboard-account",
        ]),
    ]
    if configuration.control { entities += Self.buttons.map(buttonEntity) }
    return entities
  }

  /// A button's entity: a press publishes its request as a notification (no id: nobody waits for the reply).
  private func buttonEntity(_ button: Button) -> Entity {
    var request: JSONObject = ["jsonrpc": "2.0", "method": .string(button.method)]
    if let params = button.params { request["params"] = .object(params) }
    var keys: JSONObject = [
      "command_topic": .string(topics.rpc), "payload_press": .string(JSONWriter.string(.object(request))),
      "qos": 1, "icon": .string(button.icon),
    ]
    if button.dangerous { keys["entity_category"] = "config" }
    return Entity(component: "button", object: button.object, name: button.name, keys: keys)
  }
}

extension HomeAssistantDiscovery.Entity {
  /// `entity`, with a value only while `present` holds on the state.
  init(_ entity: Self, present: String) {
    self.init(
      component: entity.component, object: entity.object, name: entity.name, keys: entity.keys, present: present)
  }
}

extension JSONObject {
  /// These members, with `other`'s added (replacing any of the same key).
  fileprivate func merging(_ other: JSONObject) -> JSONObject {
    var merged = self
    for member in other.members { merged[member.key] = member.value }
    return merged
  }
}
