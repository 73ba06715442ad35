import GatherMQTT
import GatherRPC

/// Home Assistant's MQTT discovery configs for one device, "gatherd (<instance>)": retained messages under
/// `<discovery prefix>/<component>/<node>/<object>/config`, each with a `unique_id`, the `device`, the
/// `origin` and the `availability` topic, as HA's MQTT discovery documentation asks.
///
/// The configs are written for Home Assistant 2024.1 and later (docs/mqtt.md, "Home Assistant"): a sensor's
/// template renders `None` only where HA reads it as "unknown" (numeric sensors); a sensor of text, of an enum
/// or of a time is unavailable instead while its value is absent (a second availability on the state topic),
/// and its template renders something HA parses then, so that HA logs no warning.
struct HomeAssistantDiscovery: Sendable {
  /// One entity: its component, its object id, and what it adds to the shared keys.
  struct Entity: Sendable {
    let component: String
    let object: String
    let name: String
    let keys: JSONObject
    /// A Jinja test on the state (`value_json.…`) that holds while the entity has a value; nil when it always
    /// has one, or when HA reads its template's `None` as unknown.
    var present: String? = nil
  }

  /// The kinds of `event` messages, which the event entity announces.
  static let eventTypes = [
    "goal", "undo", "correction", "period_end", "full_time", "gather_start", "gather_end", "man_of_the_match",
  ]

  /// The kinds of `plan` messages, which the plan event entity announces.
  static let planEventTypes = [
    "created", "updated", "cancelled", "started", "joined", "left", "promoted", "checkedIn", "expired", "reminder",
  ]

  let configuration: MQTTConfiguration
  let topics: MQTTTopics
  /// The scoreboard's view link, which the device's page links to; nil when gatherd serves no page.
  let board: String?

  init(_ configuration: MQTTConfiguration, board: String? = nil) {
    self.configuration = configuration
    topics = MQTTTopics(configuration)
    self.board = board
  }

  /// Every config to publish, retained; with `--mqtt-control` off, the buttons' topics get an empty retained
  /// message instead, which removes buttons an earlier run announced.
  func messages() -> [MQTTMessage] {
    var messages = entities().map { entity in
      var config = entity.keys
      config["name"] = .string(entity.name)
      config["unique_id"] = .string("\(configuration.nodeID)_\(entity.object)")
      config["availability"] = .array(availability(entity))
      if entity.present != nil { config["availability_mode"] = "all" }
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

  /// gatherd's own availability, and for an entity whose value may be absent, whether the state has one.
  private func availability(_ entity: Entity) -> [JSONValue] {
    var topics: [JSONValue] = [
      .object([
        "topic": .string(self.topics.availability), "payload_available": "online", "payload_not_available": "offline",
      ])
    ]
    if let present = entity.present {
      topics.append(
        .object([
          "topic": .string(self.topics.state), "value_template": .string("{{ 'online' if \(present) else 'offline' }}"),
          "payload_available": "online", "payload_not_available": "offline",
        ]))
    }
    return topics
  }

  /// The one device every entity belongs to; its page links to the scoreboard when gatherd serves one.
  private var device: JSONValue {
    var device: JSONObject = [
      "identifiers": [.string(configuration.nodeID)],
      "name": .string("gatherd (\(configuration.instance))"),
      "manufacturer": "gatherd",
      "model": "Football Gather daemon",
      "sw_version": .string(DaemonStats.version),
    ]
    if let board { device["configuration_url"] = .string(board) }
    return .object(device)
  }

  /// What made the configs.
  private var origin: JSONValue {
    .object(["name": "gatherd", "sw_version": .string(DaemonStats.version)])
  }
}
