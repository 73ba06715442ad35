/// The rule for text that people type for others to read: a player's or a guest's name, a favourite team, a
/// team's name, a plan's place and note. It applies wherever the text comes from (a controller, a web client,
/// a sign-up link), so a name shows the same, and safely, on every screen.
///
/// The text is normalised to NFC (an "é" typed as "e" and a combining accent becomes the one "é"), trimmed of
/// white space at both ends, and refused when it holds a control or formatting character: Unicode's general
/// categories Cc (line breaks, tabs, escape codes), Cf (zero-width spaces and joiners, text direction overrides
/// and isolates, soft hyphens) and the line and paragraph separators Zl and Zp. Its length is limited twice: in
/// characters as people count them (grapheme clusters), and in UTF-8 bytes, four per character, which bounds
/// what combining marks piled onto one character can add.
public struct TypedText: Sendable, Hashable {
  /// How messages name the text: "A name", "A team name", …
  public let subject: String
  /// The most characters (grapheme clusters) the text may have.
  public let maxCharacters: Int
  /// The most UTF-8 bytes the text may take: four per character.
  public var maxBytes: Int { maxCharacters * 4 }

  /// A rule for the text `subject` names, of at most `maxCharacters` characters.
  public init(subject: String, maxCharacters: Int) {
    self.subject = subject
    self.maxCharacters = maxCharacters
  }

  /// A player's name: 40 characters, 160 bytes.
  public static let playerName = TypedText(subject: "A name", maxCharacters: 40)
  /// The name of a player added as a guest through a plan: a player's name by the same limits.
  public static let guestName = TypedText(subject: "A guest's name", maxCharacters: playerName.maxCharacters)
  /// A player's favourite team: 100 characters, 400 bytes.
  public static let favouriteTeam = TypedText(subject: "A favourite team", maxCharacters: 100)
  /// What a side of a gather is called: 24 characters, 96 bytes.
  public static let teamName = TypedText(subject: "A team name", maxCharacters: 24)
  /// Where a plan's gather is: 100 characters, 400 bytes.
  public static let place = TypedText(subject: "A plan's place", maxCharacters: 100)
  /// A plan's note: 500 characters, 2,000 bytes.
  public static let note = TypedText(subject: "A plan's note", maxCharacters: 500)

  /// Text that must say something: normalised, trimmed and checked. Throws a validation error naming `field`.
  public func required(_ text: String, field: String) throws(GatherError) -> String {
    let checked = try self.checked(text, field: field)
    guard !checked.isEmpty else { throw .validation(field, "\(subject) cannot be empty.") }
    return checked
  }

  /// Text that may be left out: nil when it is nil or only white space, else normalised, trimmed and checked.
  public func optional(_ text: String?, field: String) throws(GatherError) -> String? {
    guard let text else { return nil }
    let checked = try self.checked(text, field: field)
    return checked.isEmpty ? nil : checked
  }

  /// The text in NFC, trimmed, with no control or formatting character and within both limits; empty when it
  /// held only white space.
  func checked(_ text: String, field: String) throws(GatherError) -> String {
    let normalised = String(decoding: text._nfcCodeUnits, as: UTF8.self).trimmingWhitespace()
    if let refused = normalised.unicodeScalars.first(where: Self.isRefused) {
      let code = Self.code(refused)
      if refused.properties.generalCategory == .format {
        throw .validation(
          field,
          "\(subject) cannot hold invisible formatting characters such as zero-width spaces or text direction "
            + "overrides (it has \(code)).")
      }
      throw .validation(
        field, "\(subject) cannot hold control characters such as line breaks, tabs or escape codes (it has \(code)).")
    }
    let characters = normalised.count
    let bytes = normalised.utf8.count
    guard characters <= maxCharacters, bytes <= maxBytes else {
      throw .validation(
        field,
        "\(subject) is at most \(maxCharacters) characters and \(maxBytes) bytes; this one has \(characters) "
          + "character\(characters == 1 ? "" : "s") and \(bytes) bytes.")
    }
    return normalised
  }

  /// Whether typed text may not hold `scalar`: a control or formatting character, or a line or paragraph
  /// separator (general categories Cc, Cf, Zl and Zp).
  public static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: true
    default: false
    }
  }

  /// A code point as people look it up: "U+001B", "U+202E".
  static func code(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
