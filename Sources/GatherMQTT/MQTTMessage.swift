/// A message for the broker.
public struct MQTTMessage: Sendable, Equatable {
  /// Where it goes.
  public var topic: String
  /// What it says.
  public var payload: [UInt8]
  /// 0 (at most once) or 1 (at least once).
  public var qos: Int32
  /// Whether the broker keeps it for subscribers that come later.
  public var retain: Bool
  /// MQTT 5 correlation data, sent back unchanged with a reply.
  public var correlationData: [UInt8]?

  /// A message of bytes.
  public init(topic: String, payload: [UInt8], qos: Int32 = 1, retain: Bool = false, correlationData: [UInt8]? = nil) {
    self.topic = topic
    self.payload = payload
    self.qos = qos
    self.retain = retain
    self.correlationData = correlationData
  }

  /// A message whose payload is text.
  public init(topic: String, text: String, qos: Int32 = 1, retain: Bool = false) {
    self.init(topic: topic, payload: Array(text.utf8), qos: qos, retain: retain)
  }
}

/// A message the broker delivered to one of the client's subscriptions.
public struct MQTTReceivedMessage: Sendable, Equatable {
  /// The topic it was published on.
  public var topic: String
  /// What it says.
  public var payload: [UInt8]
  /// Where an MQTT 5 requester wants its reply, if it said.
  public var responseTopic: String?
  /// What an MQTT 5 requester wants back with its reply, if anything.
  public var correlationData: [UInt8]?
  /// Whether the broker delivered it as a retained message: one it kept and hands to every subscription,
  /// again at each connection. Subscribed with "retain as published", a message published with retain has
  /// it set when it arrives live too.
  public var retain: Bool

  /// A delivered message, as the broker sent it.
  public init(
    topic: String, payload: [UInt8], responseTopic: String? = nil, correlationData: [UInt8]? = nil,
    retain: Bool = false
  ) {
    self.topic = topic
    self.payload = payload
    self.responseTopic = responseTopic
    self.correlationData = correlationData
    self.retain = retain
  }
}
