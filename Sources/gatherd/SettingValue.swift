/// Where a setting's text came from, so that an error about it can say so.
enum SettingOrigin: Sendable, Equatable {
  /// A command-line option with a value: `--socket-mode`.
  case option(String)
  /// A command-line flag: `--mqtt-control` or `--no-mqtt-control`.
  case flag(String)
  /// An environment variable: `GATHERD_SOCKET_MODE`.
  case variable(String)
  /// A line of the configuration file.
  case file(path: String, line: Int, key: String)
  /// A credential systemd passed (`LoadCredential=`), by name: `http-token`.
  case credential(String)
}

/// A setting's text and where it came from. Every value gatherd refuses at start is refused through one of
/// these, so that the message names the option, the variable or the file and line the value was read from:
///
///     --socket-mode 999: not an octal file mode from 0000 to 0777, such as 0660.
///     GATHERD_STATUS_SOCKET_MODE=8: not an octal file mode from 0000 to 0777, such as 0660.
///     /etc/gatherd/gatherd.conf:12: socket-mode = 999: not an octal file mode from 0000 to 0777, such as 0660.
struct SettingValue: Sendable {
  /// The text to read: the value, or one item of a comma-separated list.
  let text: String
  /// The text as it was given: the whole list an item came from.
  let given: String
  let origin: SettingOrigin

  init(_ text: String, given: String? = nil, from origin: SettingOrigin) {
    self.text = text
    self.given = given ?? text
    self.origin = origin
  }

  /// How a message names the value: `--socket-mode 999`, `GATHERD_SOCKET_MODE=999`,
  /// `/etc/gatherd/gatherd.conf:12: socket-mode = 999`.
  var source: String {
    switch origin {
    case .option(let option): "\(option) \(Self.shown(given))"
    case .flag(let flag): flag
    case .variable(let variable): "\(variable)=\(Self.shown(given))"
    case .file(let path, let line, let key): "\(path):\(line): \(key) = \(Self.shown(given))"
    case .credential(let name): "systemd's credential \(name) (\(Self.shown(given)))"
    }
  }

  /// The error refusing this value: `problem`, after the value's source.
  func refuse(_ problem: String) -> SettingsError {
    let sentence = problem.hasSuffix(".") ? problem : problem + "."
    return SettingsError("\(source): \(sentence)")
  }

  /// The error refusing this value for `error`, whose text may begin with the value itself (`x: …`), which
  /// the source already shows.
  func refuse(_ error: any Error) -> SettingsError {
    let text = "\(error)"
    return refuse(text.hasPrefix(self.text + ": ") ? String(text.dropFirst(self.text.count + 2)) : text)
  }

  /// What `read` makes of the text; its error refuses the value.
  func parse<T>(_ read: (String) throws -> T) throws(SettingsError) -> T {
    do { return try read(text) } catch { throw refuse(error) }
  }

  /// `text` as a message shows it: as it is when it is all visible characters, else quoted, with control,
  /// format and space characters other than a plain space escaped (`"a\u{1B}b"`), so that what is shown is
  /// what was given.
  static func shown(_ text: String) -> String {
    let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0 != "\"" && !isHidden($0) && $0 != " " }
    return plain ? text : "\"\(escaped(text))\""
  }

  /// `text` with each control, format or space character but a plain space, each `"` and each `\` escaped.
  static func escaped(_ text: String) -> String {
    text.unicodeScalars.map { scalar in
      if scalar == "\"" || scalar == "\\" { return "\\\(scalar)" }
      return isHidden(scalar) ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
    }.joined()
  }

  /// Whether a terminal would not show `scalar` as itself: a control or format character (a bidi override, a
  /// zero-width space, a byte-order mark), or white space other than a plain space.
  private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: true
    default: scalar != " " && scalar.properties.isWhitespace
    }
  }
}
