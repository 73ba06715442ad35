import GatherMQTT

/// What gatherd publishes to an MQTT broker, and where (docs/mqtt.md).
public struct MQTTConfiguration: Sendable, Equatable {
  /// Where the broker is, and the user to log in as.
  public var broker: MQTTBroker
  /// The password for the broker's user, read from `--mqtt-password-file`.
  public var password: String?
  /// The CA file that signs an `mqtts://` broker's certificate; nil trusts the system's.
  public var caFile: String?
  /// The daemon's instance: the template unit's instance name, else "main".
  public var instance: String
  /// Where gatherd's own topics live: `gatherd/<instance>` unless `--mqtt-topic` says otherwise.
  public var topicPrefix: String
  /// Home Assistant's discovery prefix, `homeassistant` by default.
  public var discoveryPrefix: String
  /// Whether JSON-RPC requests on `<prefix>/rpc` (and the buttons) may change the match.
  public var control: Bool
  /// Whether a `tick` message goes out each second while the clock runs.
  public var ticks: Bool

  /// A configuration; the topic prefix defaults to `gatherd/<instance>`.
  public init(
    broker: MQTTBroker, password: String?, caFile: String?, instance: String, topicPrefix: String?,
    discoveryPrefix: String, control: Bool, ticks: Bool
  ) {
    self.broker = broker
    self.password = password
    self.caFile = caFile
    self.instance = instance
    self.topicPrefix = topicPrefix ?? "gatherd/\(Self.topicSafe(instance))"
    self.discoveryPrefix = discoveryPrefix
    self.control = control
    self.ticks = ticks
  }

  /// Why `prefix` cannot be a topic prefix, or nil if it can: no wildcards, no empty levels, no `$` start.
  public static func problem(withPrefix prefix: String) -> String? {
    if prefix.isEmpty { return "it is empty" }
    if prefix.contains(where: { $0 == "+" || $0 == "#" || $0 == "\0" }) { return "it holds a wildcard (+ or #)" }
    if prefix.hasPrefix("$") { return "topics starting with $ belong to the broker" }
    if prefix.split(separator: "/", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
      return "it has an empty level (a leading, trailing or double /)"
    }
    if prefix.utf8.count > 1024 { return "it is over 1,024 bytes" }
    return nil
  }

  /// The instance as one topic level: `/`, `+` and `#` become `_`.
  static func topicSafe(_ text: String) -> String {
    String(text.map { "/+#".contains($0) ? "_" : $0 })
  }

  /// The name Home Assistant's ids are made from: the topic prefix with everything but letters, digits, `-`
  /// and `_` turned into `_` ("gatherd/main" is "gatherd_main"); also the MQTT client id.
  var nodeID: String {
    String(
      topicPrefix.unicodeScalars.map { scalar -> Character in
        let kept = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        return kept || scalar == "-" || scalar == "_" ? Character(scalar) : "_"
      })
  }
}
