import GatherMQTT
import GatherRPC

/// Which of the session's events become messages on `<prefix>/tick`, `<prefix>/event` and `<prefix>/plan`, and
/// how.
///
/// Every event also makes the retained state due, so a new topic reaches MQTT's state by itself; to give it
/// `event` messages too, add its changes to ``eventType(_:_:)`` and their names to
/// ``HomeAssistantDiscovery/eventTypes``.
enum MQTTEventMessages {
  /// The `event_type` of an event's message, or nil when it makes none.
  static func eventType(_ topic: Topic, _ change: String?) -> String? {
    switch (topic, change) {
    case (.score, "goal"): "goal"
    case (.score, "undo"): "undo"
    case (.score, "correction"): "correction"
    case (.timer, "periodEnded"): "period_end"
    case (.timer, "finished"): "full_time"
    case (.gather, "started"): "gather_start"
    case (.gather, "ended"), (.gather, "cancelled"): "gather_end"
    default: nil
    }
  }

  /// The message for one event: a tick's params as they are, on `tick` (QoS 0); an event's params after its
  /// `event_type`, on `event` (QoS 1); nil for the rest. Neither is retained.
  static func message(for event: EncodedEvent, topics: MQTTTopics) -> MQTTMessage? {
    let params = event.params
    if event.topic == .tick { return MQTTMessage(topic: topics.tick, payload: params, qos: 0) }
    guard let object = (try? JSONParser.parse(params))?.objectValue else { return nil }
    if event.topic == .plan { return MQTTMessage(topic: topics.plan, payload: JSONWriter.bytes(planMessage(object))) }
    guard let type = eventType(event.topic, object["change"]?.stringValue) else { return nil }
    var payload: JSONObject = ["event_type": .string(type)]
    for member in object.members { payload[member.key] = member.value }
    return MQTTMessage(topic: topics.event, payload: JSONWriter.bytes(.object(payload)))
  }

  /// A `plan` event as Home Assistant's event entity shows it: `event_type` is the change (`joined`, `left`,
  /// `promoted`, `created`, `updated`, `cancelled`, `started`), and the attributes say who and how many places are
  /// left, flat, so an automation can announce "Ana is in: 2 places left" without parsing lists.
  static func planMessage(_ event: JSONObject) -> JSONValue {
    var payload: JSONObject = ["event_type": event["change"] ?? .null, "seq": event["seq"] ?? .null]
    payload["player"] = event["player"]?["name"] ?? .null
    for member in planSummary(event["plan"] ?? .null).members { payload[member.key] = member.value }
    return .object(payload)
  }

  /// A plan's figures for Home Assistant: `plan` (its id), `startsAt`, `place`, `capacity`, `going` and `waiting`
  /// (counts), `placesLeft`.
  static func planSummary(_ plan: JSONValue) -> JSONObject {
    [
      "plan": plan["id"] ?? .null, "startsAt": plan["startsAt"] ?? .null, "place": plan["place"] ?? .null,
      "capacity": plan["capacity"] ?? .null, "going": .int(Int64(plan["going"]?.arrayValue?.count ?? 0)),
      "waiting": .int(Int64(plan["waiting"]?.arrayValue?.count ?? 0)), "placesLeft": plan["placesLeft"] ?? .null,
    ]
  }
}

extension EncodedEvent {
  /// The notification's params without the subscription id, as a JSON object: `{"seq":N,…}`. The tail is
  /// `,"seq":N,…}}\n`, so this is `{` and the tail without its first byte and its last two.
  var params: [UInt8] {
    var bytes: [UInt8] = [UInt8(ascii: "{")]
    bytes += tail[1..<(tail.count - 2)]
    return bytes
  }
}
