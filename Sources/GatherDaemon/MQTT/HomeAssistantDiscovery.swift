import GatherMQTT
import GatherRPC

/// Home Assistant's MQTT discovery configs for one device, "gatherd (<instance>)": retained messages under
/// `<discovery prefix>/<component>/<node>/<object>/config`, each with a `unique_id`, the `device`, the
/// `origin` and the `availability` topic, as HA's MQTT discovery documentation asks.
///
/// The configs are written for Home Assistant 2024.1 and later (docs/mqtt.md, "Home Assistant"). A value that is
/// absent while gatherd is online renders `None`, which HA shows as "unknown": every numeric sensor from 2024.1 on,
/// and every sensor from 2024.10 on. HA 2024.1 to 2024.9 show a text's `None` as the text and warn about an enum's or
/// a time's, so there the templates ask HA whether it is 2024.10 or later (``showsUnknown``); where it is not, the
/// sensor of text, of an enum or of a time is unavailable while its value is absent (a second availability on the
/// state topic), and its template renders something HA parses then, so that HA logs no warning.
struct HomeAssistantDiscovery: Sendable {
  /// One entity: its component, its object id, and what it adds to the shared keys.
  struct Entity: Sendable {
    let component: String
    let object: String
    let name: String
    let keys: JSONObject
    /// A Jinja test on the state (`value_json.…`) that holds while the entity is available (beside gatherd's own
    /// availability); nil when it is available whenever gatherd is online.
    var available: String? = nil
    /// The topic ``available`` reads; nil for the state.
    var availabilityTopic: String? = nil
  }

  /// A Jinja test that holds on Home Assistant 2024.10 and later, which shows every sensor's `None` as "unknown"
  /// (earlier releases, only a number's): `merge_response` is the template function that came with that release.
  static let showsUnknown = "merge_response is defined"

  /// The kinds of `event` messages, which the event entity announces.
  static let eventTypes = [
    "goal", "undo", "correction", "period_end", "full_time", "gather_start", "gather_end", "man_of_the_match",
  ]

  /// The kinds of `plan` messages, which the plan event entity announces.
  static let planEventTypes = [
    "created", "updated", "cancelled", "restored", "started", "joined", "left", "promoted", "offered", "accepted",
    "declined", "lapsed", "checkedIn", "expired", "reminder",
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

  /// Every config to publish, retained; the topics of entities this configuration does not announce (the buttons
  /// without `--mqtt-control`, the live clock's sensors without ticks) get an empty retained message instead, which
  /// removes what an earlier run announced.
  func messages() -> [MQTTMessage] {
    var messages = entities().map { entity in
      var config = entity.keys
      config["name"] = .string(entity.name)
      config["unique_id"] = .string("\(configuration.nodeID)_\(entity.object)")
      config["availability"] = .array(availability(entity))
      if entity.available != nil { config["availability_mode"] = "all" }
      config["device"] = device
      config["origin"] = origin
      return MQTTMessage(topic: topic(entity), payload: JSONWriter.bytes(.object(config)), retain: true)
    }
    var removed = configuration.control ? [] : Self.buttons.map { ("button", $0.object) }
    if !configuration.ticks { removed += Self.liveClockSensors.map { ("sensor", $0) } }
    messages += removed.map { component, object in
      MQTTMessage(
        topic: topics.discovery(component, node: configuration.nodeID, object: object), payload: [], retain: true)
    }
    return messages
  }

  func topic(_ entity: Entity) -> String {
    topics.discovery(entity.component, node: configuration.nodeID, object: entity.object)
  }

  /// gatherd's own availability, and for an entity that is not always available, whether the state allows it.
  private func availability(_ entity: Entity) -> [JSONValue] {
    var topics: [JSONValue] = [
      .object([
        "topic": .string(self.topics.availability), "payload_available": "online", "payload_not_available": "offline",
      ])
    ]
    if let available = entity.available {
      topics.append(
        .object([
          "topic": .string(entity.availabilityTopic ?? self.topics.state),
          "value_template": .string("{{ 'online' if \(available) else 'offline' }}"),
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
