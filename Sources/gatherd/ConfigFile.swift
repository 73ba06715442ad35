import Glibc

/// A gatherd configuration file: `key = value` lines whose keys are gatherd's long options, without the
/// dashes (`http-token-file = /etc/gatherd/token`), `#` comment lines and blank lines.
///
/// A value is the rest of the line, trimmed; a matching pair of quotes around it is dropped; an empty value
/// leaves the setting unset, like an empty variable. A key may appear once, except a repeatable option's,
/// whose lines add up. The file is UTF-8 text (a byte-order mark at its start is skipped). A line that is not
/// `key = value`, an unknown key, a key given twice, a NUL byte or bytes that are not UTF-8 are refused with the
/// file and the line.
struct ConfigFile: Sendable {
  /// One `key = value` line.
  struct Entry: Sendable, Equatable {
    let key: String
    let value: String
    /// The line number, from 1.
    let line: Int
  }

  /// The keys a file may hold, and whether each may repeat.
  typealias Keys = [String: Bool]

  let path: String
  let entries: [Entry]

  /// Reads and checks the file at `location` against `keys`.
  static func read(_ location: ConfigLocation, keys: Keys) throws(ConfigFileError) -> ConfigFile {
    let bytes: [UInt8]
    do {
      bytes = try FileText.read(location.path, limit: 1 << 20, holding: "key = value lines (or /dev/null for none)")
    } catch {
      throw ConfigFileError("\(location.source): \(error).")
    }
    return try ConfigFile(path: location.path, bytes: bytes, keys: keys)
  }

  /// Parses `bytes`, read from `path`, against `keys`: UTF-8 text, after a byte-order mark if there is one,
  /// with no NUL byte anywhere.
  init(path: String, bytes: [UInt8], keys: Keys) throws(ConfigFileError) {
    self.path = path
    var entries: [Entry] = []
    var firstLine: [String: Int] = [:]
    let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    for (index, raw) in text.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
      let line = index + 1
      let fail = { (message: String) in ConfigFileError("\(path):\(line): \(message)") }
      guard !raw.contains(0) else {
        throw fail("the line holds a NUL byte, which no setting may contain; save the file as plain text.")
      }
      guard let decoded = String(validating: raw, as: UTF8.self) else {
        throw fail("the line is not valid UTF-8; save the file as UTF-8.")
      }
      let content = Self.trimmed(decoded)
      guard !content.isEmpty, !content.hasPrefix("#") else { continue }
      guard let equals = content.firstIndex(of: "=") else {
        throw fail("expected key = value (or a # comment); the keys are gatherd's long options.")
      }
      let key = Self.trimmed(content[..<equals])
      if key == "config" {
        throw fail("config cannot be set in a configuration file; name the file with --config or GATHERD_CONFIG.")
      }
      guard let repeats = keys[key] else {
        let hint = key.hasPrefix("-") ? " Write the option's name without the dashes." : ""
        throw fail(
          "unknown key \"\(SettingValue.escaped(key))\".\(hint) The keys are gatherd's long options: \(keys.keys.sorted().joined(separator: ", "))."
        )
      }
      if !repeats, let first = firstLine[key] {
        throw fail("\(key) is set again; it was set on line \(first), and may be set once.")
      }
      firstLine[key] = firstLine[key] ?? line
      entries.append(
        Entry(key: key, value: Self.unquoted(Self.trimmed(content[content.index(after: equals)...])), line: line))
    }
    self.entries = entries
  }

  /// The lines that set `key`, in order.
  func entries(for key: String) -> [Entry] { entries.filter { $0.key == key } }

  private static func trimmed(_ text: some StringProtocol) -> String {
    let blank = { (character: Character) in character == " " || character == "\t" || character == "\r" }
    return String(text.drop(while: blank).reversed().drop(while: blank).reversed())
  }

  private static func unquoted(_ value: String) -> String {
    guard value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first else {
      return value
    }
    return String(value.dropFirst().dropLast())
  }
}

/// A configuration file cannot be read, or holds a line gatherd refuses; the message names the file and line.
struct ConfigFileError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
