import Glibc
import Synchronization

/// Where each setting's text comes from, in order of precedence: its command-line option, then its
/// `GATHERD_*` environment variable, then the configuration file's key of the same name (the long option,
/// `GATHERD_HTTP_TOKEN_FILE` and `http-token-file`). Every option of gatherd is read through here, so every
/// option is a key of the file with no code of its own.
///
/// A value from the file remembers its line, so that when ``Settings`` refuses one, ``locating(_:)`` names the
/// file and line it came from: the line of the option the error names (`--mqtt-topic: …`), else the line of the
/// last value read, since a setting is usually checked right after it is read.
final class SettingSources: Sendable {
  /// The process environment.
  let environment: [String: String]
  /// The configuration file, if one is read.
  let file: ConfigFile?
  /// The file's lines behind the values handed out, and behind the last one (nil when it came from elsewhere).
  private let fromFile = Mutex<(read: [ConfigFile.Entry], last: ConfigFile.Entry?)>(([], nil))

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
    return SettingSources(environment: environment, file: try ConfigFile.read(location.path, keys: keys))
  }

  /// The file's key for a variable: `GATHERD_HTTP_TOKEN_FILE` is `http-token-file`.
  static func key(of variable: String) -> String {
    String(variable.dropFirst(variable.hasPrefix("GATHERD_") ? 8 : 0).lowercased().map { $0 == "_" ? "-" : $0 })
  }

  /// A setting's text: the option if it was given, else the variable if it is set and not empty, else the
  /// file's key if it has a value.
  func value(_ option: String?, _ variable: String) -> String? {
    if let option { return noting(nil, option) }
    if let text = environment[variable], !text.isEmpty { return noting(nil, text) }
    guard let entry = file?.entries(for: Self.key(of: variable)).last, !entry.value.isEmpty else {
      return noting(nil, nil)
    }
    return noting(entry, entry.value)
  }

  /// A repeatable setting: the options if any were given, else the variable's comma-separated items (unless it
  /// is empty), else the items of every line of its key in the file, `key` when the repeatable option's name is
  /// not the variable's (`--allowed-host`, `GATHERD_ALLOWED_HOSTS`).
  func values(_ options: [String], _ variable: String, key: String? = nil) -> [String] {
    guard options.isEmpty else { return noting(nil, options) }
    if let text = environment[variable], !text.isEmpty { return noting(nil, Self.items(text)) }
    let entries = file?.entries(for: key ?? Self.key(of: variable)) ?? []
    return noting(entries.last, entries.flatMap { Self.items($0.value) })
  }

  /// A file holding a secret (a token, a password): the setting's path, else the credential of that name
  /// that systemd passed (`LoadCredential=`, in `$CREDENTIALS_DIRECTORY`) when there is one. The secret
  /// itself is read by the caller and never logged.
  func secretFile(_ option: String?, _ variable: String, credential: String) -> String? {
    if let path = value(option, variable) { return path }
    guard let directory = environment["CREDENTIALS_DIRECTORY"], directory.hasPrefix("/") else { return nil }
    let path = directory + "/" + credential
    return access(path, R_OK) == 0 ? path : nil
  }

  /// `error`, naming the file and line of the value it is about when that came from the file: the line of the
  /// longest key the error names as an option, else that of the last value read.
  func locating(_ error: any Error) -> any Error {
    guard let file else { return error }
    let text = "\(error)"
    let (read, last) = fromFile.withLock { $0 }
    let named = read.filter { text.contains("--" + $0.key) }.max { $0.key.count < $1.key.count }
    guard let entry = named ?? last else { return error }
    return SettingsError("\(file.path):\(entry.line): \(entry.key): \(error)")
  }

  /// `error` about the setting `key`, checked after start-up read it (a group that does not exist): naming the
  /// file and line when its value came from the file, else as it is.
  func locating(_ error: any Error, key: String) -> any Error {
    guard let file, let entry = fromFile.withLock({ $0.read.last { $0.key == key } }) else { return error }
    return SettingsError("\(file.path):\(entry.line): \(entry.key): \(error)")
  }

  private func noting<T>(_ entry: ConfigFile.Entry?, _ value: T) -> T {
    fromFile.withLock { state in
      state.last = entry
      if let entry { state.read.append(entry) }
    }
    return value
  }

  private static func items(_ text: String) -> [String] {
    text.split(separator: ",").map { item in
      String(item.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }.filter { !$0.isEmpty }
  }
}
