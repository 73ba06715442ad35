import Glibc
import Synchronization

/// Where each setting's text comes from, in order of precedence: its command-line option, then its
/// `GATHERD_*` environment variable, then the configuration file's key of the same name (the long option,
/// `GATHERD_HTTP_TOKEN_FILE` and `http-token-file`). Every option of gatherd is read through here, so every
/// option is a key of the file with no code of its own.
///
/// Each value comes as a ``SettingValue`` that knows its source, so that a value refused while the settings are
/// read names the option, the variable or the file's line it came from. The last value of each key is kept,
/// so that a check made later in the start (a group that does not exist, a socket in use) names it too
/// (``locating(_:key:)``).
final class SettingSources: Sendable {
  /// The process environment.
  let environment: [String: String]
  /// The configuration file, if one is read.
  let file: ConfigFile?
  /// The last value handed out for each key.
  private let handedOut = Mutex<[String: SettingValue]>([:])

  init(environment: [String: String], file: ConfigFile? = nil) {
    self.environment = environment
    self.file = file
  }

  /// The sources of a process: finds and reads its configuration file (``ConfigLocation``), if any.
  static func load(configOption: String?, environment: [String: String], uid: uid_t, keys: ConfigFile.Keys) throws
    -> SettingSources
  {
    let location = ConfigLocation(option: configOption, environment: environment, uid: uid)
    // A default file that does not exist is no error; one that exists must be readable.
    guard let location, location.required || access(location.path, F_OK) == 0 else {
      return SettingSources(environment: environment)
    }
    return SettingSources(environment: environment, file: try ConfigFile.read(location, keys: keys))
  }

  /// The file's key for a variable: `GATHERD_HTTP_TOKEN_FILE` is `http-token-file`.
  static func key(of variable: String) -> String {
    String(variable.dropFirst(variable.hasPrefix("GATHERD_") ? 8 : 0).lowercased().map { $0 == "_" ? "-" : $0 })
  }

  /// A setting: the option if it was given, else the variable if it is set and not empty, else the file's key
  /// if it has a value.
  func value(_ option: String?, _ variable: String) -> SettingValue? {
    let key = Self.key(of: variable)
    if let option { return noting(key, SettingValue(option, from: .option("--" + key))) }
    return noting(key, fromEnvironmentOrFile(variable, key: key))
  }

  /// An on/off flag: `--name` or `--no-name` if given, else the variable, else the file's key.
  func flag(_ option: Bool?, _ variable: String) -> SettingValue? {
    let key = Self.key(of: variable)
    if let option {
      return noting(key, SettingValue(option ? "on" : "off", from: .flag((option ? "--" : "--no-") + key)))
    }
    return noting(key, fromEnvironmentOrFile(variable, key: key))
  }

  /// A repeatable setting: the options if any were given, else the variable's comma-separated items (unless it
  /// is empty), else the items of every line of its key in the file, `key` when the repeatable option's name is
  /// not the variable's (`--allowed-host`, `GATHERD_ALLOWED_HOSTS`).
  func values(_ options: [String], _ variable: String, key: String) -> [SettingValue] {
    let values: [SettingValue]
    if !options.isEmpty {
      values = options.map { SettingValue($0, from: .option("--" + key)) }
    } else if let text = environment[variable], !text.isEmpty {
      values = Self.items(text).map { SettingValue($0, given: text, from: .variable(variable)) }
    } else if let file {
      values = file.entries(for: key).flatMap { entry in
        Self.items(entry.value).map {
          SettingValue($0, given: entry.value, from: .file(path: file.path, line: entry.line, key: key))
        }
      }
    } else {
      values = []
    }
    _ = noting(key, values.last)
    return values
  }

  /// A file holding a secret (a token, a password): the setting's path, else the credential of that name
  /// that systemd passed (`LoadCredential=`, in `$CREDENTIALS_DIRECTORY`) when there is one. The secret
  /// itself is read by the caller and never logged.
  func secretFile(_ option: String?, _ variable: String, credential: String) -> SettingValue? {
    if let path = value(option, variable) { return path }
    guard let directory = environment["CREDENTIALS_DIRECTORY"], directory.hasPrefix("/") else { return nil }
    let path = directory + "/" + credential
    return access(path, R_OK) == 0 ? SettingValue(path, from: .credential(credential)) : nil
  }

  /// `error` about the setting `key`, found after the settings were read (a group that does not exist, a socket
  /// in use): naming the value's source when the setting was given, else as it is.
  func locating(_ error: any Error, key: String) -> any Error {
    guard let value = handedOut.withLock({ $0[key] }) else { return error }
    return value.refuse(error)
  }

  private func fromEnvironmentOrFile(_ variable: String, key: String) -> SettingValue? {
    if let text = environment[variable], !text.isEmpty { return SettingValue(text, from: .variable(variable)) }
    guard let file, let entry = file.entries(for: key).last, !entry.value.isEmpty else { return nil }
    return SettingValue(entry.value, from: .file(path: file.path, line: entry.line, key: key))
  }

  private func noting(_ key: String, _ value: SettingValue?) -> SettingValue? {
    handedOut.withLock { $0[key] = value }
    return value
  }

  private static func items(_ text: String) -> [String] {
    text.split(separator: ",").map { item in
      String(item.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }.filter { !$0.isEmpty }
  }
}
