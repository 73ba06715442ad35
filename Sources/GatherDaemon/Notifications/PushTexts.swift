import GatherRPC
import Synchronization

/// What push notifications say, in the page's languages: one catalog per language (`i18n/LANG.json`, keys and
/// `{placeholders}` as the page's catalogs write them, and a message that counts as an object of CLDR plural forms),
/// read the first time a push is written.
///
/// A phone's language picks its catalog as the page picks its own: the whole tag ("pt-BR"), else the catalog of the
/// same language ("de" for "de-AT", "pt-BR" for "pt-PT"), else English. A key a catalog lacks falls back to English's.
///
///     texts.text("push.teams.body", in: "de", ["team": "Rot"])        // "Du spielst bei Rot."
///     texts.text("push.reminder.left", in: "fr", count: 1)            // "1 place libre"
final class PushTexts: Sendable {
  /// The languages there are catalogs for.
  static let languages = ["de", "en", "es", "fr", "it", "nl", "pt-BR"]

  private let catalogs = Mutex<[String: [String: PushMessageText]]?>(nil)

  /// The catalog language for a phone's `tag`.
  static func language(for tag: String) -> String {
    if let exact = languages.first(where: { $0.lowercased() == tag.lowercased() }) { return exact }
    let base = { (tag: String) in tag.split(separator: "-").first.map { $0.lowercased() } ?? "" }
    return languages.first { base($0) == base(tag) } ?? "en"
  }

  /// The text of `key` in `language`, its `{placeholders}` replaced by `values`.
  func text(_ key: String, in language: String, _ values: [String: String] = [:]) -> String {
    filled(message(key, in: language)?.text(count: nil, language: language) ?? key, values)
  }

  /// The text of `key` in `language` in the plural form `count` takes there, its `{count}` replaced by `count` and
  /// its other `{placeholders}` by `values`.
  func text(_ key: String, in language: String, count: Int, _ values: [String: String] = [:]) -> String {
    let text = message(key, in: language)?.text(count: count, language: language) ?? key
    return filled(text, values.merging(["count": "\(count)"]) { given, _ in given })
  }

  /// `items` as a list in `language`: "Ana", "Ana and Bo", "Ana, Bo and Cy", by the catalog's `push.list.and` (the
  /// last two) and `push.list.comma` (each one before them). Spanish writes "e" for "y" before a name that starts
  /// with the sound "i" ("Ana e Iván"), as CLDR's lists do.
  func list(_ items: [String], in language: String) -> String {
    guard var result = items.last else { return "" }
    let head = items.dropLast()
    if let before = head.last {
      let and =
        language == "es" && Self.startsWithI(result) ? "{first} e {last}" : text("push.list.and", in: language)
      result = filled(and, ["first": before, "last": result])
    }
    for item in head.dropLast().reversed() {
      result = text("push.list.comma", in: language, ["first": item, "rest": result])
    }
    return result
  }

  /// Whether a Spanish word starts with the sound "i": i, í, hi or hí, but not hia, hie, hio or hiu ("Hierro").
  private static func startsWithI(_ word: String) -> Bool {
    let lower = word.lowercased()
    let rest = lower.hasPrefix("h") ? lower.dropFirst() : lower[...]
    guard let first = rest.first, first == "i" || first == "í" else { return false }
    return !(lower.hasPrefix("h") && rest.dropFirst().first.map { "aeiouáéíóú".contains($0) } == true)
  }

  /// The messages of a catalog's JSON, by key; an entry that is neither a text nor an object of plural forms with
  /// `other` is left out.
  static func catalog(_ bytes: [UInt8]) -> [String: PushMessageText] {
    guard let object = try? JSONParser.parse(bytes).objectValue else { return [:] }
    var messages: [String: PushMessageText] = [:]
    for member in object.members { messages[member.key] = PushMessageText(member.value) }
    return messages
  }

  /// Each language's catalog, as built into gatherd.
  static var sources: [(language: String, bytes: [UInt8])] {
    [
      ("de", PackageResources.de_json), ("en", PackageResources.en_json), ("es", PackageResources.es_json),
      ("fr", PackageResources.fr_json), ("it", PackageResources.it_json), ("nl", PackageResources.nl_json),
      ("pt-BR", PackageResources.pt_BR_json),
    ]
  }

  private func message(_ key: String, in language: String) -> PushMessageText? {
    let all = loaded()
    return all[language]?[key] ?? all["en"]?[key]
  }

  /// `text` with each `{name}` of `values` replaced in one pass, so a value that reads like a placeholder (a
  /// player called "{team}") stays as it is; a placeholder without a value is kept.
  private func filled(_ text: String, _ values: [String: String]) -> String {
    var result = ""
    var rest = text[...]
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      let after = rest.index(after: open)
      guard let close = rest[after...].firstIndex(of: "}"), let value = values[String(rest[after..<close])] else {
        result.append("{")
        rest = rest[after...]
        continue
      }
      result += value
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  private func loaded() -> [String: [String: PushMessageText]] {
    catalogs.withLock { catalogs in
      if let catalogs { return catalogs }
      var read: [String: [String: PushMessageText]] = [:]
      for (language, bytes) in Self.sources { read[language] = Self.catalog(bytes) }
      catalogs = read
      return read
    }
  }
}
