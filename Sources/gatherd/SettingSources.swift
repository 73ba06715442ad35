/// Where each setting's text comes from, in order of precedence: its command-line option, then its
/// `GATHERD_*` environment variable. Every option of gatherd is read through here, so a source added later
/// (a config file) reaches every setting at once.
struct SettingSources: Sendable {
  /// The process environment.
  let environment: [String: String]

  /// A setting's text: the option if it was given, else the variable if it is set and not empty.
  func value(_ option: String?, _ variable: String) -> String? {
    option ?? environment[variable].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// A repeatable setting: the options if any were given, else the variable's comma-separated items.
  func values(_ options: [String], _ variable: String) -> [String] {
    guard options.isEmpty else { return options }
    guard let text = environment[variable] else { return [] }
    return text.split(separator: ",").map { item in
      String(item.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }.filter { !$0.isEmpty }
  }
}
