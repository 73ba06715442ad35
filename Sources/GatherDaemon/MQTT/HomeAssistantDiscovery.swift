import GatherMQTT
import GatherRPC

/// Home Assistant's MQTT discovery configs for one device, "gatherd (<instance>)": retained messages under
/// `<discovery prefix>/<component>/<node>/<object>/config`, each with a `unique_id`, the `device`, the
/// `origin` and the `availability` topic, as HA's MQTT discovery documentation asks.
struct HomeAssistantDiscovery: Sendable {
  /// One entity: its component, its object id, and what it adds to the shared keys.
  struct Entity: Sendable {
    let component: String
    let object: String
    let name: String
    let keys: JSONObject
  }

  /// The kinds of `event` messages, which the event entity announces.
  static let eventTypes = ["goal", "undo", "correction", "period_end", "full_time", "gather_start", "gather_end"]

  /// The kinds of `plan` messages, which the plan event entity announces.
  static let planEventTypes = ["created", "updated", "cancelled", "started", "joined", "left", "promoted", "checkedIn"]

  /// The buttons, with the JSON-RPC notification each publishes on `<prefix>/rpc`.
  static let buttons: [(object: String, name: String, icon: String, method: String, params: JSONObject?)] = [
    ("start_pause", "Start/pause", "mdi:play-pause", "timer.toggle", nil),
    ("goal_a", "Goal Team A", "mdi:soccer", "score.goal", ["team": "teamA"]),
    ("goal_b", "Goal Team B", "mdi:soccer", "score.goal", ["team": "teamB"]),
    ("undo", "Undo last goal", "mdi:undo", "score.undo", nil),
    ("end_gather", "End gather", "mdi:flag-checkered", "gather.end", nil),
  ]

  let configuration: MQTTConfiguration
  let topics: MQTTTopics

  init(_ configuration: MQTTConfiguration) {
    self.configuration = configuration
    topics = MQTTTopics(configuration)
  }

  /// Every config to publish, retained; with `--mqtt-control` off, the buttons' topics get an empty retained
  /// message instead, which removes buttons an earlier run announced.
  func messages() -> [MQTTMessage] {
    var messages = entities().map { entity in
      var config = entity.keys
      config["name"] = .string(entity.name)
      config["unique_id"] = .string("\(configuration.nodeID)_\(entity.object)")
      config["availability"] = [
        .object([
          "topic": .string(topics.availability), "payload_available": "online", "payload_not_available": "offline",
        ])
      ]
      config["device"] = device
      config["origin"] = origin
      return MQTTMessage(topic: topic(entity), payload: JSONWriter.bytes(.object(config)), retain: true)
    }
    if !configuration.control {
      messages += Self.buttons.map { button in
        MQTTMessage(
          topic: topics.discovery("button", node: configuration.nodeID, object: button.object), payload: [],
          retain: true)
      }
    }
    return messages
  }

  func topic(_ entity: Entity) -> String {
    topics.discovery(entity.component, node: configuration.nodeID, object: entity.object)
  }

  /// The sensors, the binary sensor, the event entity, and with `--mqtt-control` the buttons.
  func entities() -> [Entity] {
    let state = JSONValue.string(topics.state)
    func sensor(_ object: String, _ name: String, _ template: String, _ extra: JSONObject = [:]) -> Entity {
      var keys = extra
      keys["state_topic"] = state
      keys["value_template"] = .string(template)
      return Entity(component: "sensor", object: object, name: name, keys: keys)
    }
    var entities = [
      sensor(
        "score_a", "Score Team A", "{{ value_json.score.teamA if value_json.score else None }}", ["icon": "mdi:soccer"]),
      sensor(
        "score_b", "Score Team B", "{{ value_json.score.teamB if value_json.score else None }}", ["icon": "mdi:soccer"]),
      sensor("score", "Score", "{{ value_json.score.text if value_json.score else None }}", ["icon": "mdi:scoreboard"]),
      sensor("clock", "Clock", "{{ value_json.clock }}", ["icon": "mdi:timer-outline"]),
      sensor(
        "remaining", "Remaining", "{{ value_json.remaining }}",
        ["device_class": "duration", "unit_of_measurement": "s", "icon": "mdi:timer-sand"]),
      sensor("ends_at", "Ends at", "{{ value_json.endsAt }}", ["device_class": "timestamp"]),
      sensor("period", "Period", "{{ value_json.period }}", ["icon": "mdi:numeric"]),
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
      sensor(
        "next_plan", "Next gather", "{{ value_json.nextPlan.startsAt if value_json.nextPlan else None }}",
        ["device_class": "timestamp"]),
      sensor(
        "places_left", "Places left", "{{ value_json.nextPlan.placesLeft if value_json.nextPlan else None }}",
        ["icon": "mdi:account-plus", "unit_of_measurement": "players"]),
      sensor(
        "going", "Going", "{{ value_json.nextPlan.going if value_json.nextPlan else None }}",
        ["icon": "mdi:account-group", "unit_of_measurement": "players"]),
      Entity(
        component: "event", object: "plan_event", name: "Sign-up",
        keys: [
          "state_topic": .string(topics.plan), "event_types": .array(Self.planEventTypes.map { .string($0) }),
          "icon": "mdi:clipboard-account",
        ]),
    ]
    if configuration.control {
      entities += Self.buttons.map { button in
        var request: JSONObject = ["jsonrpc": "2.0", "method": .string(button.method)]
        if let params = button.params { request["params"] = .object(params) }
        return Entity(
          component: "button", object: button.object, name: button.name,
          keys: [
            "command_topic": .string(topics.rpc), "payload_press": .string(JSONWriter.string(.object(request))),
            "qos": 1, "icon": .string(button.icon),
          ])
      }
    }
    return entities
  }

  /// The one device every entity belongs to.
  private var device: JSONValue {
    .object([
      "identifiers": [.string(configuration.nodeID)],
      "name": .string("gatherd (\(configuration.instance))"),
      "manufacturer": "gatherd",
      "model": "Football Gather daemon",
      "sw_version": .string(DaemonStats.version),
    ])
  }

  /// What made the configs.
  private var origin: JSONValue {
    .object(["name": "gatherd", "sw_version": .string(DaemonStats.version)])
  }
}
