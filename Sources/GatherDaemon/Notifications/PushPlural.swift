import GatherRPC

/// A plural form by its CLDR name, as a catalog writes a message that counts: `{"one": "{count} place left",
/// "other": "{count} places left"}`, the way the page's catalogs do.
///
/// Two forms are enough for the languages pushes speak (their `many` is for millions only), and a count picks one
/// by CLDR's rule for its language: `one` is 1 alone in English, German, Dutch, Italian and Spanish, and 0 or 1 in
/// French and Brazilian Portuguese ("0 place libre").
enum PluralCategory: String, CaseIterable, Sendable {
  /// The singular form: "1 vote".
  case one
  /// The form of every other count: "2 votes".
  case other

  /// The form `count` takes in `language` (a catalog's tag, as `PushTexts.language(for:)` gives it).
  init(_ count: Int, language: String) {
    let whole = count.magnitude
    switch language {
    case "fr", "pt-BR": self = whole <= 1 ? .one : .other
    default: self = whole == 1 ? .one : .other
    }
  }
}

/// A message of a push catalog: one text, or a text for each plural form, picked by a count.
enum PushMessageText: Sendable, Equatable {
  /// A message that does not count: "The teams are out".
  case single(String)
  /// A message that counts, in every form: `[.one: "{count} vote", .other: "{count} votes"]`.
  case plural([PluralCategory: String])

  /// The catalog's JSON value as a message: a string, or an object of forms with `other` among them (an unknown
  /// form is left out); nil for anything else.
  init?(_ value: JSONValue) {
    if let text = value.stringValue {
      self = .single(text)
      return
    }
    guard let object = value.objectValue else { return nil }
    var forms: [PluralCategory: String] = [:]
    for member in object.members {
      if let form = PluralCategory(rawValue: member.key), let text = member.value.stringValue { forms[form] = text }
    }
    guard forms[.other] != nil else { return nil }
    self = .plural(forms)
  }

  /// The text for `count` in `language`: a plural message's form for it (`other` when it lacks that one), or the
  /// single text.
  func text(count: Int?, language: String) -> String {
    switch self {
    case .single(let text): return text
    case .plural(let forms):
      let form = count.map { PluralCategory($0, language: language) } ?? .other
      return forms[form] ?? forms[.other] ?? ""
    }
  }
}
