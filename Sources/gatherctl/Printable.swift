/// How gatherctl shows text it did not write itself (names, places, notes, gatherd's messages): each control or
/// formatting character becomes a visible escape, `\u{1B}` with its code point in hex, so that no name can move
/// the cursor, clear or retitle the terminal, start a line of its own or reverse the text after it. These are
/// the characters gatherd refuses in anything typed (general categories Cc, Cf, Zl and Zp), which a database
/// written under other rules may still hold. Everything else, a backslash included, is printed as it is: the
/// escapes are for people to read; `--json` gives the exact text.
enum Printable {
  /// `text` with each control or formatting character written as `\u{…}`.
  static func text(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isHidden) else { return text }
    var shown = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if isHidden(scalar) {
        shown.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      } else {
        shown.append(scalar)
      }
    }
    return String(shown)
  }

  /// Whether `scalar` is a control or formatting character, or a line or paragraph separator (Cc, Cf, Zl, Zp):
  /// one that does something to a terminal or a line instead of showing as itself.
  static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: true
    default: false
    }
  }

  /// A line for polybar, which reads `%{` as the start of a formatting tag (colours, fonts, click actions) and
  /// has no escape for it: the `{` of each `%{` is shown as `\u{7B}`, so a name never becomes a tag.
  static func polybar(_ line: String) -> String {
    var shown = String.UnicodeScalarView()
    var afterPercent = false
    for scalar in line.unicodeScalars {
      if afterPercent && scalar == "{" {
        shown.append(contentsOf: "\\u{7B}".unicodeScalars)
      } else {
        shown.append(scalar)
      }
      afterPercent = scalar == "%"
    }
    return String(shown)
  }
}
