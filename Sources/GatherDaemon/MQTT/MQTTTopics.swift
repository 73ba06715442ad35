/// gatherd's topics under its prefix, and Home Assistant's.
struct MQTTTopics: Sendable {
  let prefix: String
  let discoveryPrefix: String

  init(_ configuration: MQTTConfiguration) {
    prefix = configuration.topicPrefix
    discoveryPrefix = configuration.discoveryPrefix
  }

  /// `online` or `offline`, retained; also the last will.
  var availability: String { prefix + "/availability" }
  /// The match as JSON, retained, on every change.
  var state: String { prefix + "/state" }
  /// The roster's ratings as every screen shows them, retained, when they change.
  var ratings: String { prefix + "/ratings" }
  /// The clock's time left and display, retained: each second while it runs (with ticks on), and at every change.
  var clock: String { prefix + "/clock" }
  /// Each second while the clock runs, not retained.
  var tick: String { prefix + "/tick" }
  /// Goals, undos, corrections, period ends, full time, a gather's start and end; not retained.
  var event: String { prefix + "/event" }
  /// Plans' sign-ups and changes: who joined, left or moved up, and the places left; not retained.
  var plan: String { prefix + "/plan" }
  /// JSON-RPC requests, with `--mqtt-control` only.
  var rpc: String { prefix + "/rpc" }
  /// Replies to requests that name no MQTT 5 response topic.
  var rpcReply: String { prefix + "/rpc/reply" }
  /// Home Assistant's birth and will: `online` when it starts.
  var homeAssistantStatus: String { discoveryPrefix + "/status" }

  /// Where Home Assistant reads one entity's discovery config.
  func discovery(_ component: String, node: String, object: String) -> String {
    "\(discoveryPrefix)/\(component)/\(node)/\(object)/config"
  }
}
