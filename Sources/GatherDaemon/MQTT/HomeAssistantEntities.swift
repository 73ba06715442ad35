import GatherRPC

/// The entities gatherd announces to Home Assistant, read from the retained state (``SessionView/mqttState()``),
/// the live clock (``SessionView/mqttClock()``), the ratings and the event topics: what each shows, and its
/// attributes (`json_attributes_template`, snake_case keys, as the events' fields are).
extension HomeAssistantDiscovery {
  /// The states of the clock, the options of its `enum` sensor.
  static let clockStates = ["stopped", "running", "paused", "break", "finished"]

  /// What a time sensor's template renders while its value is absent on Home Assistant before 2024.10: a time HA
  /// parses without a warning, never shown, since the sensor is unavailable there then.
  static let absentTime = "1970-01-01T00:00:00+00:00"

  /// The sensors that read the live clock, which counts each second only with ticks on: without them they are
  /// not announced, since they would stand still while the match runs.
  static let liveClockSensors = ["remaining", "display"]

  /// The sensors, the binary sensor, the event entities, and with `--mqtt-control` the buttons.
  func entities() -> [Entity] {
    var entities = matchEntities() + planEntities()
    if configuration.control { entities += Self.buttons.map(buttonEntity) }
    return entities
  }

  /// The match: its score, clock, time left, period, last goal and events.
  private func matchEntities() -> [Entity] {
    let teamA = attributes(
      ["team": "value_json.names.teamA", "scorers": "value_json.scorers.teamA"], when: "value_json.names")
    let teamB = attributes(
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
    let live = JSONValue.string(topics.clock)
    var entities = [
      number(
        "score_a", "Score Team A", "value_json.score.teamA", when: "value_json.score",
        teamA.merging(["icon": "mdi:soccer"])),
      number(
        "score_b", "Score Team B", "value_json.score.teamB", when: "value_json.score",
        teamB.merging(["icon": "mdi:soccer"])),
      optional(
        "score", "Score", "value_json.score.text", present: "value_json.score",
        match.merging(["icon": "mdi:scoreboard"])),
      optional(
        "clock", "Clock", "value_json.clock", present: "value_json.clock", absent: Self.clockStates[0],
        clock.merging([
          "device_class": "enum", "options": .array(Self.clockStates.map { .string($0) }), "icon": "mdi:timer-outline",
        ])),
      optional(
        "ends_at", "Ends at", "value_json.endsAt", present: "value_json.endsAt", absent: Self.absentTime,
        ["device_class": "timestamp"]),
      // A number with no statistics: the long-term mean of a period is meaningless.
      number(
        "period", "Period", "value_json.period", when: "value_json.period", ["icon": "mdi:numeric"], statistics: false),
      optional(
        "last_goal", "Last goal", "value_json.lastGoal", present: "value_json.lastGoal",
        ["icon": "mdi:soccer-field"]),
      Entity(
        component: "binary_sensor", object: "running", name: "Match running",
        keys: [
          "state_topic": .string(topics.state), "value_template": "{{ 'ON' if value_json.running else 'OFF' }}",
          "payload_on": "ON", "payload_off": "OFF", "device_class": "running",
        ]),
      Entity(
        component: "event", object: "match_event", name: "Match event",
        keys: [
          "state_topic": .string(topics.event), "event_types": .array(Self.eventTypes.map { .string($0) }),
          "icon": "mdi:whistle",
        ]),
    ]
    if configuration.ticks {
      // The live clock: each second while it runs, and at every change.
      entities += [
        number(
          "remaining", "Remaining", "value_json.remaining", when: "value_json.remaining is number",
          ["state_topic": live, "device_class": "duration", "unit_of_measurement": "s", "icon": "mdi:timer-sand"],
          statistics: false),
        optional(
          "display", "Clock display", "value_json.display", present: "value_json.display",
          ["state_topic": live, "icon": "mdi:timer-outline"], availableOn: topics.clock),
      ]
    }
    return entities
  }

  /// A sensor of `template`, reading the state unless `extra` names another topic.
  func sensor(_ object: String, _ name: String, _ template: String, _ extra: JSONObject = [:]) -> Entity {
    var keys = extra
    if keys["state_topic"] == nil { keys["state_topic"] = .string(topics.state) }
    keys["value_template"] = .string(template)
    return Entity(component: "sensor", object: object, name: name, keys: keys)
  }

  /// A sensor of a number, `None` (unknown) unless `when` holds; with `statistics`, `state_class: measurement`, so
  /// that HA draws it and keeps its statistics, else `suggested_display_precision: 0`, which keeps it a number.
  func number(
    _ object: String, _ name: String, _ value: String, when: String, _ extra: JSONObject, statistics: Bool = true
  ) -> Entity {
    var extra = extra
    if statistics { extra["state_class"] = "measurement" } else { extra["suggested_display_precision"] = 0 }
    return sensor(object, name, "{{ \(value) if \(when) else None }}", extra)
  }

  /// A sensor of text, of an enum or of a time, whose value is absent unless `present` holds (on `availableOn`,
  /// the state by default): then it renders `None` ("unknown") where HA shows it so, and elsewhere `absent`,
  /// while it is unavailable (``HomeAssistantDiscovery/showsUnknown``).
  func optional(
    _ object: String, _ name: String, _ value: String, present: String, absent: String = "",
    _ extra: JSONObject, availableOn topic: String? = nil
  ) -> Entity {
    let template = "{{ \(value) if \(present) else (None if \(Self.showsUnknown) else '\(absent)') }}"
    var entity = sensor(object, name, template, extra)
    entity.available = "\(Self.showsUnknown) or \(present)"
    entity.availabilityTopic = topic
    return entity
  }

  /// Attributes from the state: `pairs` (key, Jinja expression) while `when` holds, none otherwise.
  func attributes(_ pairs: KeyValuePairs<String, String>, when: String, topic: String? = nil) -> JSONObject {
    let dictionary = pairs.map { "'\($0.key)': \($0.value)" }.joined(separator: ", ")
    return [
      "json_attributes_topic": .string(topic ?? topics.state),
      "json_attributes_template": .string("{{ {\(dictionary)} | tojson if \(when) else '{}' }}"),
    ]
  }
}

extension JSONObject {
  /// These members, with `other`'s added (replacing any of the same key).
  func merging(_ other: JSONObject) -> JSONObject {
    var merged = self
    for member in other.members { merged[member.key] = member.value }
    return merged
  }
}
