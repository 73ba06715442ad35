import GatherDaemon
import GatherMQTT
import Glibc

/// The MQTT settings: each from its option, else its GATHERD_MQTT_* variable, else the configuration file's
/// key, else its default; nil without `--mqtt`. Every problem is a startup error that names where the value
/// came from.
enum MQTTSettings {
  static func configuration(_ options: MQTTOptions, sources: SettingSources) throws -> MQTTConfiguration? {
    let pick = sources.value
    let passwordFile = pick(options.passwordFile, "GATHERD_MQTT_PASSWORD_FILE")
    let caFile = pick(options.caFile, "GATHERD_MQTT_CA_FILE")
    let topic = pick(options.topic, "GATHERD_MQTT_TOPIC")
    let discoveryPrefix = pick(options.discoveryPrefix, "GATHERD_MQTT_DISCOVERY_PREFIX")
    let controlValue = sources.flag(options.control, "GATHERD_MQTT_CONTROL")
    let control = try controlValue?.onOff()
    let ticks = try pick(options.ticks, "GATHERD_MQTT_TICKS")?.onOff()
    guard let url = pick(options.url, "GATHERD_MQTT").map(withoutUserInfo) else {
      // What only means something with a broker; the rest at their defaults (as the shipped file shows them) do not.
      if let given = [passwordFile, caFile, topic, control == true ? controlValue : nil].compactMap({ $0 }).first {
        throw given.refuse(
          "needs --mqtt (or GATHERD_MQTT, or mqtt in the configuration file), the broker to publish to")
      }
      return nil
    }
    let broker = try url.parse(MQTTBroker.init(parsing:))
    // The option, else systemd's credential (gatherd.service loads /etc/credstore/gatherd.mqtt-password).
    let passwordSource = sources.secretFile(
      options.passwordFile, "GATHERD_MQTT_PASSWORD_FILE", credential: "mqtt-password")
    let password = try passwordSource.map(SecretFile.password)
    if let passwordSource, broker.user == nil {
      throw passwordSource.refuse("\(url.given) names no user; write mqtt://USER@\(broker.host)")
    }
    if let caFile {
      guard broker.tls else { throw caFile.refuse("needs an mqtts:// URL in --mqtt, not \(url.given)") }
      do { try FileText.checkReadable(caFile.text, holding: "certificate authorities in PEM") } catch {
        throw caFile.refuse(error)
      }
    }
    for prefix in [topic, discoveryPrefix].compactMap({ $0 }) {
      if let problem = MQTTConfiguration.problem(withPrefix: prefix.text) {
        throw prefix.refuse("cannot be a topic prefix: \(problem)")
      }
    }
    do { _ = try MQTTClient.loadLibrary() } catch { throw url.refuse(error) }
    let instance = sources.environment["GATHERD_INSTANCE"].flatMap { $0.isEmpty ? nil : $0 } ?? "main"
    return MQTTConfiguration(
      broker: broker, password: password, caFile: caFile?.text, instance: instance, topicPrefix: topic?.text,
      discoveryPrefix: discoveryPrefix?.text ?? "homeassistant", control: control ?? false, ticks: ticks ?? true)
  }

  /// The URL as messages show it: without whatever comes before an @, which may hold a password
  /// (`mqtt://…@hub.lan`).
  private static func withoutUserInfo(_ url: SettingValue) -> SettingValue {
    let text = url.text
    guard let at = text.lastIndex(of: "@"), let start = text.firstRange(of: "://")?.upperBound, start <= at else {
      return url
    }
    return SettingValue(text, given: String(text[..<start]) + "…" + String(text[at...]), from: url.origin)
  }
}
