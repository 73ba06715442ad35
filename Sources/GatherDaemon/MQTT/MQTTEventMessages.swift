import GatherMQTT
import GatherModel
import GatherRPC

/// Which of the session's events become messages on `<prefix>/tick`, `<prefix>/event` and `<prefix>/plan`, and
/// how: each is mapped from the typed event; ticks have the fields of their JSON-RPC notification.
///
/// Every event also makes the retained state due, so a new topic reaches MQTT's state by itself; to give it
/// `event` messages too, add it to ``eventType(_:)`` and its name to ``HomeAssistantDiscovery/eventTypes``.
enum MQTTEventMessages {
  /// The `event_type` of an event's message on `<prefix>/event`, or nil when it makes none there.
  static func eventType(_ event: SessionEvent) -> String? {
    switch event {
    case .score(let change):
      switch change.kind {
      case .goal: "goal"
      case .undo: "undo"
      case .correction: "correction"
      }
    case .timer(let change):
      switch change.kind {
      case .periodEnded: "period_end"
      case .finished: "full_time"
      default: nil
      }
    case .gather(.started): "gather_start"
    case .gather(.ended), .gather(.cancelled): "gather_end"
    case .vote(let change) where change.kind == .closed: "man_of_the_match"
    case .gather, .tick, .roster, .plan, .vote: nil
    }
  }

  /// The message for one event: a tick's params on `tick` (QoS 0), its `display` read as a screen reads it
  /// (``MQTTClockDisplay``); a plan's on `plan`; a match event's slim payload (``MQTTMatchEvents``) on `event`
  /// (QoS 1); nil for the rest. None is retained. The `plan` and `event` payloads, which Home Assistant shows as
  /// attributes, name their fields in snake_case, as its sensors' attributes do, and carry `event_id`: `run`
  /// (what tells this run of gatherd from the others, ``MQTTEventID``) and the event's seq.
  static func message(for event: PublishedEvent, topics: MQTTTopics, run: MQTTEventID) -> MQTTMessage? {
    switch event.event {
    case .tick(let tick):
      var params = numbered(event.seq, tick.json)
      params["display"] = .string(MQTTClockDisplay.display(tick))
      if tick.clockState == .finished { params["added"] = .null }
      return MQTTMessage(topic: topics.tick, payload: JSONWriter.bytes(.object(params)), qos: 0)
    case .plan(let plan):
      var payload = planMessage(plan, seq: event.seq)
      payload["event_id"] = .string(run.id(of: event.seq))
      return MQTTMessage(topic: topics.plan, payload: JSONWriter.bytes(.object(payload)))
    default:
      guard let type = eventType(event.event) else { return nil }
      var payload = MQTTMatchEvents.payload(event.event, type: type, seq: event.seq).snakeCased()
      payload["event_id"] = .string(run.id(of: event.seq))
      return MQTTMessage(topic: topics.event, payload: JSONWriter.bytes(.object(payload)))
    }
  }

  /// A `plan` event as Home Assistant's event entity shows it: `event_type` is the change (`joined`, `left`,
  /// `promoted`, `offered`, `accepted`, `declined`, `lapsed`, `created`, `updated`, `cancelled`, `restored`,
  /// `started`, `checkedIn`, `expired`, `reminder`), and the
  /// attributes say who and how many places are left, flat, so an automation can announce "Ana is in: 2 places
  /// left" without parsing lists. Its fields are in snake_case (`starts_at`, `places_left`). A reminder also has
  /// `before` (seconds before the start), `minutes_before` (whole minutes), `hours_before` (whole, or to 2 decimals;
  /// null under an hour, which `minutes_before` says) and `going_names`, the names of those going, in the order they
  /// joined. An offer also has `expires_at`, until when the player may take the place.
  static func planMessage(_ event: PlanEvent, seq: Int64) -> JSONObject {
    var payload: JSONObject = ["event_type": .string(event.kind.rawValue), "seq": .int(seq)]
    payload["player"] = event.player.map { .string(event.plan.roster[$0]?.name ?? "player \($0)") } ?? .null
    for member in planSummary(event.plan.plan).snakeCased().members { payload[member.key] = member.value }
    if event.kind == .offered, let player = event.player {
      payload["expires_at"] =
        event.plan.plan.offer(to: player)?.expiresAt.map { .string(ISO8601.string($0)) } ?? .null
    }
    if let before = event.before {
      let seconds = before.inMilliseconds / 1000
      payload["before"] = .int(seconds)
      payload["minutes_before"] = .int((seconds + 30) / 60)
      payload["hours_before"] =
        seconds < 3600
        ? .null : seconds % 3600 == 0 ? .int(seconds / 3600) : .double((Double(seconds) / 36).rounded() / 100)
      payload["going_names"] = .array(
        event.plan.plan.going.map { .string(event.plan.roster[$0.player]?.name ?? $0.name) })
    }
    return payload
  }

  /// A plan's figures, as the retained state names them: `plan` (its id), `startsAt`, `place`, `capacity`, `going`
  /// and `waiting` (counts), `placesLeft`.
  static func planSummary(_ plan: Plan) -> JSONObject {
    [
      "plan": .int(plan.id), "startsAt": .string(ISO8601.string(plan.details.startsAt)),
      "place": plan.details.place.map { .string($0) } ?? .null, "capacity": .int(Int64(plan.details.capacity)),
      "going": .int(Int64(plan.going.count)), "waiting": .int(Int64(plan.waiting.count)),
      "placesLeft": .int(Int64(plan.placesLeft)),
    ]
  }

  /// The live clock as `tick` leaves it, as ``SessionView/mqttClock()`` shows it between ticks.
  static func liveClock(_ tick: ClockTick) -> JSONValue {
    .object([
      "remaining": .int(Int64(MQTTClockDisplay.remaining(tick))), "display": .string(MQTTClockDisplay.display(tick)),
    ])
  }

  /// `params` after `{"seq": seq}`, as the notification's params are.
  private static func numbered(_ seq: Int64, _ params: JSONObject) -> JSONObject {
    var object: JSONObject = ["seq": .int(seq)]
    for member in params.members { object[member.key] = member.value }
    return object
  }
}
