import GatherDaemon
import Glibc
import Logging

/// The daemon's settings: each from its option, else its environment variable, else the default.
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
  let environment: [String: String]
  /// Where each setting is read from: the option, then its variable, then the configuration file.
  let sources: SettingSources

  /// The settings from the command line, the environment and the configuration file, in that order of
  /// precedence; a refused value from the file names its file and line.
  init(_ options: Gatherd, environment: [String: String]) throws {
    let sources = try SettingSources.load(
      configOption: options.config, environment: environment, uid: geteuid(), keys: Gatherd.configKeys)
    do { try self.init(options, sources: sources) } catch { throw sources.locating(error) }
  }

  private init(_ options: Gatherd, sources: SettingSources) throws {
    let environment = sources.environment
    self.environment = environment
    self.sources = sources
    let pick = sources.value
    socketOption = pick(options.socket, "GATHERD_SOCKET")
    if let database = pick(options.database, "GATHERD_DATABASE") {
      databasePath = database
    } else if let state = environment["STATE_DIRECTORY"], state.hasPrefix("/") {
      // systemd's StateDirectory=, possibly a list: the first entry is gatherd's own.
      databasePath = String(state.split(separator: ":")[0]) + "/gather.sqlite"
    } else {
      databasePath = try DefaultPaths(environment: environment, uid: geteuid()).database
    }
    socketMode = try Self.mode(pick(options.socketMode, "GATHERD_SOCKET_MODE") ?? "0660")
    statusSocketPath = pick(options.statusSocket, "GATHERD_STATUS_SOCKET")
    statusSocketMode = try Self.mode(pick(options.statusSocketMode, "GATHERD_STATUS_SOCKET_MODE") ?? "0666")
    controlGroup = pick(options.controlGroup, "GATHERD_CONTROL_GROUP")
    let lineText = pick(options.maxLineBytes.map(String.init), "GATHERD_MAX_LINE_BYTES") ?? "1048576"
    guard let bytes = Int(lineText), (256...(64 << 20)).contains(bytes) else {
      throw SettingsError(
        "The maximum line length must be a whole number of bytes from 256 to 64 MiB, not \(lineText).")
    }
    maxLineBytes = bytes
    let levelText = pick(options.logLevel, "GATHERD_LOG_LEVEL") ?? "info"
    guard let level = Logger.Level(rawValue: levelText.lowercased()) else {
      throw SettingsError(
        "The log level must be trace, debug, info, notice, warning, error or critical, not \"\(levelText)\".")
    }
    logLevel = level
    testFaults = environment["GATHERD_ENABLE_TEST_FAULTS"] == "1"
    if let address = pick(options.http, "GATHERD_HTTP") {
      do { http = try HTTPAddress(parsing: address) } catch { throw SettingsError("--http: \(error)") }
    }
    if let address = pick(options.metrics, "GATHERD_METRICS") {
      do { metrics = try HTTPAddress(parsing: address) } catch { throw SettingsError("--metrics: \(error)") }
    }
    web = try options.web.configuration(sources)
    if let file = sources.secretFile(options.httpTokenFile, "GATHERD_HTTP_TOKEN_FILE", credential: "http-token") {
      httpToken = try WebAccess.readToken(from: file)
    }
    mqtt = try MQTTSettings.configuration(options.mqtt, sources: sources)
  }

  /// The socket to bind standalone: the option, else systemd's RuntimeDirectory=, else the XDG default.
  func standaloneSocketPath() throws -> String {
    if let socketOption { return socketOption }
    if let runtime = environment["RUNTIME_DIRECTORY"], runtime.hasPrefix("/") {
      return String(runtime.split(separator: ":")[0]) + "/gatherd.sock"
    }
    return try DefaultPaths(environment: environment, uid: geteuid()).socket
  }

  private static func mode(_ text: String) throws -> mode_t {
    guard let mode = mode_t(text, radix: 8), mode <= 0o777 else {
      throw SettingsError("A socket mode must be octal permission bits such as 0660, not \"\(text)\".")
    }
    return mode
  }
}

/// A setting is malformed.
struct SettingsError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
