import GatherMQTT
import GatherRPC

/// Which of the session's events become messages on `<prefix>/tick` and `<prefix>/event`, and how.
///
/// Every event also makes the retained state due, so a new topic (issue 24's plans, say) reaches MQTT's state
/// by itself; to give it `event` messages too, add its changes to ``eventType(_:_:)`` and their names to
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
    guard let object = (try? JSONParser.parse(params))?.objectValue,
      let type = eventType(event.topic, object["change"]?.stringValue)
    else { return nil }
    var payload: JSONObject = ["event_type": .string(type)]
    for member in object.members { payload[member.key] = member.value }
    return MQTTMessage(topic: topics.event, payload: JSONWriter.bytes(.object(payload)))
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
