import Foundation
import GatherDaemon
import Logging

/// The daemon's settings: each from its option, else its environment variable, else the default.
struct Settings: Sendable {
  var socketPath: String
  var databasePath: String
  var socketMode: mode_t
  var controlGroup: String?
  var maxLineBytes: Int
  var logLevel: Logger.Level

  init(_ options: Gatherd, environment: [String: String]) throws {
    func pick(_ option: String?, _ variable: String) -> String? {
      option ?? environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    }
    let socket = pick(options.socket, "GATHERD_SOCKET")
    let database = pick(options.database, "GATHERD_DATABASE")
    if let socket, let database {
      socketPath = socket
      databasePath = database
    } else {
      let defaults = try DefaultPaths(environment: environment, uid: geteuid())
      socketPath = socket ?? defaults.socket
      databasePath = database ?? defaults.database
    }
    let modeText = pick(options.socketMode, "GATHERD_SOCKET_MODE") ?? "0660"
    guard let mode = mode_t(modeText, radix: 8), mode <= 0o777 else {
      throw SettingsError("The socket mode must be octal permission bits such as 0660, not \"\(modeText)\".")
    }
    socketMode = mode
    controlGroup = pick(options.controlGroup, "GATHERD_CONTROL_GROUP")
    if let bytes = options.maxLineBytes {
      maxLineBytes = bytes
    } else if let text = environment["GATHERD_MAX_LINE_BYTES"], !text.isEmpty {
      guard let bytes = Int(text) else {
        throw SettingsError("GATHERD_MAX_LINE_BYTES must be a whole number of bytes.")
      }
      maxLineBytes = bytes
    } else {
      maxLineBytes = 1 << 20
    }
    guard (256...(64 << 20)).contains(maxLineBytes) else {
      throw SettingsError("The maximum line length must be from 256 bytes to 64 MiB.")
    }
    let levelText = pick(options.logLevel, "GATHERD_LOG_LEVEL") ?? "info"
    guard let level = Logger.Level(rawValue: levelText.lowercased()) else {
      throw SettingsError(
        "The log level must be trace, debug, info, notice, warning, error or critical, not \"\(levelText)\".")
    }
    logLevel = level
  }
}

/// A setting is malformed.
struct SettingsError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
