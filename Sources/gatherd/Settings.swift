import GatherDaemon
import GatherModel
import Glibc
import Logging

/// The daemon's settings: each from its option, else its environment variable, else the configuration file,
/// else the default.
struct Settings: Sendable {
  /// The socket to bind when gatherd is not socket-activated, if given.
  var socketOption: String?
  var databasePath: String
  var socketMode: mode_t
  var statusSocketPath: String?
  var statusSocketMode: mode_t
  var controlGroup: String?
  var maxLineBytes: Int
  var logLevel: Logger.Level
  var testFaults: Bool
  /// Where the scoreboard's HTTP listener listens, if anywhere (systemd's "http" socket is found later).
  var http: HTTPAddress?
  /// The web control token, if configured.
  var httpToken: String?
  /// Where the metrics listener listens, if anywhere (systemd's "metrics" socket is found later).
  var metrics: HTTPAddress?
  /// The web listener's address rules, caps and timeouts.
  var web: WebConfiguration
  /// What to publish to an MQTT broker, with `--mqtt` (MQTTSettings.swift).
  var mqtt: MQTTConfiguration?
  /// Where `gatherd backup --dated` keeps its copies, and how many (BackupOptions.swift): the daemon does not
  /// use them, but a bad value stops it as any other does, rather than the daily timer's copy later.
  var backups: BackupSettings
  /// When a gather's man-of-the-match vote closes.
  var voteWindow: VoteWindow
  /// When plans expire and remind (PlanOptions.swift).
  var planTimes: PlanTimes
  /// Fines and strikes for late drop-outs and no-shows (AttendanceOptions.swift).
  var attendance: AttendanceRules
  /// Web Push: whom to name, which push services to send to (PushOptions.swift).
  var push: PushSettings
  /// Where plan, vote and match events are posted, and the secret that signs them.
  var webhooks: WebhookSettings
  let environment: [String: String]
  /// Where each setting is read from: the option, then its variable, then the configuration file.
  let sources: SettingSources

  /// The settings from the command line, the environment and the configuration file, in that order of
  /// precedence; a refused value is named by its option, its variable, or its file and line.
  init(_ options: Gatherd, environment: [String: String]) throws {
    let sources = try SettingSources.load(
      configOption: options.config, environment: environment, uid: geteuid(), keys: Gatherd.configKeys)
    self.environment = environment
    self.sources = sources
    let pick = sources.value
    socketOption = pick(options.socket, "GATHERD_SOCKET")?.text
    databasePath = try DatabaseLocation.database(options.database, sources)
    socketMode = try pick(options.socketMode, "GATHERD_SOCKET_MODE")?.fileMode() ?? 0o660
    statusSocketPath = pick(options.statusSocket, "GATHERD_STATUS_SOCKET")?.text
    statusSocketMode = try pick(options.statusSocketMode, "GATHERD_STATUS_SOCKET_MODE")?.fileMode() ?? 0o666
    controlGroup = pick(options.controlGroup, "GATHERD_CONTROL_GROUP")?.text
    maxLineBytes =
      try pick(options.maxLineBytes.map(String.init), "GATHERD_MAX_LINE_BYTES")?.wholeNumber(
        in: 256...(64 << 20), of: "bytes") ?? 1 << 20
    logLevel = try pick(options.logLevel, "GATHERD_LOG_LEVEL")?.logLevel() ?? .info
    testFaults = environment["GATHERD_ENABLE_TEST_FAULTS"] == "1"
    http = try pick(options.http, "GATHERD_HTTP")?.parse(HTTPAddress.init(parsing:))
    metrics = try pick(options.metrics, "GATHERD_METRICS")?.parse(HTTPAddress.init(parsing:))
    web = try options.web.configuration(sources)
    httpToken = try sources.secretFile(options.httpTokenFile, "GATHERD_HTTP_TOKEN_FILE", credential: "http-token")
      .map(SecretFile.token)
    mqtt = try MQTTSettings.configuration(options.mqtt, sources: sources)
    backups = try options.backups.settings(beside: databasePath, sources)
    voteWindow = try pick(options.voteCloses, "GATHERD_VOTE_CLOSES")?.parse(VoteWindow.init(parsing:)) ?? .standard
    planTimes = try options.plans.times(sources)
    planTimes.quietHours = try options.attendance.quietHours(sources)
    attendance = try options.attendance.rules(sources)
    push = try options.push.push(sources)
    webhooks = try options.push.webhooks(sources)
  }

  /// The socket to bind standalone: the option, else systemd's RuntimeDirectory=, else the XDG default.
  func standaloneSocketPath() throws -> String {
    // The setting was read once already (and is named by where it came from, should binding it fail).
    if let socketOption { return socketOption }
    return try DatabaseLocation.socket(nil, sources)
  }
}

/// A setting is malformed; the message names where it came from (``SettingValue``).
struct SettingsError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
