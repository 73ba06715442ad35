import ArgumentParser

/// gatherd's MQTT options (docs/mqtt.md); each also has a GATHERD_* variable, read in ``MQTTSettings``.
struct MQTTOptions: ParsableArguments {
  @Option(
    name: .customLong("mqtt"),
    help: ArgumentHelp(
      "Publish the match to this MQTT broker, with Home Assistant discovery: mqtt://[user@]host[:port] (port 1883) or mqtts://… (TLS, port 8883; off by default).",
      valueName: "url"))
  var url: String?

  @Option(
    name: .customLong("mqtt-password-file"),
    help: ArgumentHelp(
      "A file holding the password of the URL's user (one line); under systemd, $CREDENTIALS_DIRECTORY/mqtt-password when not given.",
      valueName: "path"))
  var passwordFile: String?

  @Option(
    name: .customLong("mqtt-ca-file"),
    help: ArgumentHelp(
      "The certificate authorities (PEM) that sign an mqtts:// broker's certificate (default: the system's).",
      valueName: "path"))
  var caFile: String?

  @Option(
    name: .customLong("mqtt-topic"),
    help: ArgumentHelp(
      "The prefix of gatherd's topics (default gatherd/INSTANCE: the template unit's instance, else main).",
      valueName: "prefix"))
  var topic: String?

  @Option(
    name: .customLong("mqtt-discovery-prefix"),
    help: ArgumentHelp("Home Assistant's discovery prefix (default homeassistant).", valueName: "prefix"))
  var discoveryPrefix: String?

  @Flag(
    name: .customLong("mqtt-control"), inversion: .prefixedNo,
    help: ArgumentHelp(
      "Take JSON-RPC requests on PREFIX/rpc and announce Home Assistant buttons: whoever may publish there controls the match, so the broker's ACL is the access control (off by default; --no-mqtt-control overrides the variable and the file)."
    ))
  var control: Bool?

  @Option(
    name: .customLong("mqtt-ticks"),
    help: ArgumentHelp(
      "Publish PREFIX/tick each second while the clock runs: on or off (default on).", valueName: "on|off"))
  var ticks: String?
}
