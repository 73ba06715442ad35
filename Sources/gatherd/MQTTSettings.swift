import GatherDaemon
import GatherMQTT
import Glibc

/// The MQTT settings: each from its option, else its GATHERD_MQTT_* variable, else the configuration file's
/// key, else its default; nil without `--mqtt`. Every problem is a startup error that names the option.
enum MQTTSettings {
  static func configuration(_ options: MQTTOptions, sources: SettingSources) throws -> MQTTConfiguration? {
    let pick = sources.value
    let passwordFile = pick(options.passwordFile, "GATHERD_MQTT_PASSWORD_FILE")
    let caFile = pick(options.caFile, "GATHERD_MQTT_CA_FILE")
    let topic = pick(options.topic, "GATHERD_MQTT_TOPIC")
    let discoveryPrefix = pick(options.discoveryPrefix, "GATHERD_MQTT_DISCOVERY_PREFIX")
    let control = try flag(pick(options.control.map { $0 ? "on" : "off" }, "GATHERD_MQTT_CONTROL"), "--mqtt-control")
    let ticks = try flag(pick(options.ticks, "GATHERD_MQTT_TICKS"), "--mqtt-ticks")
    guard let url = pick(options.url, "GATHERD_MQTT") else {
      // What only means something with a broker; the rest at their defaults (as the shipped file shows them) do not.
      let given = [
        ("--mqtt-password-file", passwordFile != nil), ("--mqtt-ca-file", caFile != nil),
        ("--mqtt-topic", topic != nil), ("--mqtt-control", control == true),
      ].first { $0.1 }
      if let (option, _) = given { throw SettingsError("\(option) needs --mqtt, the broker to publish to.") }
      return nil
    }
    let broker: MQTTBroker
    do { broker = try MQTTBroker(parsing: url) } catch { throw SettingsError("--mqtt: \(error).") }
    // The option, else systemd's credential (gatherd.service loads /etc/credstore/gatherd.mqtt-password).
    let password = try sources.secretFile(
      options.passwordFile, "GATHERD_MQTT_PASSWORD_FILE", credential: "mqtt-password"
    ).map { try readPassword($0, option: "--mqtt-password-file") }
    if password != nil, broker.user == nil {
      throw SettingsError("--mqtt-password-file: \(url) names no user; write mqtt://USER@\(broker.host).")
    }
    if let caFile {
      guard broker.tls else { throw SettingsError("--mqtt-ca-file needs an mqtts:// URL in --mqtt.") }
      guard access(caFile, R_OK) == 0 else {
        throw SettingsError("--mqtt-ca-file: cannot read \(caFile): \(String(cString: strerror(errno))).")
      }
    }
    for (option, prefix) in [("--mqtt-topic", topic), ("--mqtt-discovery-prefix", discoveryPrefix)] {
      if let prefix, let problem = MQTTConfiguration.problem(withPrefix: prefix) {
        throw SettingsError("\(option): \"\(prefix)\" cannot be a topic prefix: \(problem).")
      }
    }
    do { _ = try MQTTClient.loadLibrary() } catch { throw SettingsError("--mqtt: \(error).") }
    let instance = sources.environment["GATHERD_INSTANCE"].flatMap { $0.isEmpty ? nil : $0 } ?? "main"
    return MQTTConfiguration(
      broker: broker, password: password, caFile: caFile, instance: instance, topicPrefix: topic,
      discoveryPrefix: discoveryPrefix ?? "homeassistant", control: control ?? false, ticks: ticks ?? true)
  }

  /// on/off, yes/no, true/false or 1/0.
  private static func flag(_ text: String?, _ option: String) throws -> Bool? {
    guard let text else { return nil }
    switch text.lowercased() {
    case "on", "yes", "true", "1": return true
    case "off", "no", "false", "0": return false
    default: throw SettingsError("\(option) must be on or off, not \"\(text)\".")
    }
  }

  /// The first line of a password file, without its line end; it is never logged.
  private static func readPassword(_ path: String, option: String) throws -> String {
    let file = open(path, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { throw SettingsError("\(option): cannot read \(path): \(String(cString: strerror(errno))).") }
    defer { close(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while bytes.count < 65536 {
      let count = read(file, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else {
        throw SettingsError("\(option): cannot read \(path): \(String(cString: strerror(errno))).")
      }
      if count == 0 { break }
      bytes += buffer[..<count]
    }
    let line = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).first ?? []
    let password = String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
    guard !password.isEmpty else {
      throw SettingsError("\(option): \(path) is empty; put the password on its first line.")
    }
    return password
  }
}
