import GatherRPC
import Synchronization

/// What push notifications say, in the page's languages: one catalog per language (`i18n/LANG.json`, keys and
/// `{placeholders}` as the page's catalogs write them), read the first time a push is written.
///
/// A phone's language picks its catalog: the whole tag ("pt-BR"), else its first part ("de" for "de-AT"), else
/// English. A key a catalog lacks falls back to English's.
final class PushTexts: Sendable {
  /// The languages there are catalogs for.
  static let languages = ["de", "en", "es", "fr", "it", "nl", "pt-BR"]

  private let catalogs = Mutex<[String: [String: String]]?>(nil)

  /// The catalog language for a phone's `tag`.
  static func language(for tag: String) -> String {
    if let exact = languages.first(where: { $0.lowercased() == tag.lowercased() }) { return exact }
    let first = tag.split(separator: "-").first.map { $0.lowercased() } ?? ""
    return languages.first { $0.lowercased() == first } ?? "en"
  }

  /// The text of `key` in `language`, its `{placeholders}` replaced by `values`.
  func text(_ key: String, in language: String, _ values: [String: String] = [:]) -> String {
    let all = loaded()
    var text = all[language]?[key] ?? all["en"]?[key] ?? key
    for (name, value) in values { text = text.replacing("{\(name)}", with: value) }
    return text
  }

  private func loaded() -> [String: [String: String]] {
    catalogs.withLock { catalogs in
      if let catalogs { return catalogs }
      var read: [String: [String: String]] = [:]
      for (language, bytes) in Self.sources {
        guard let object = try? JSONParser.parse(bytes).objectValue else { continue }
        var texts: [String: String] = [:]
        for member in object.members { if let text = member.value.stringValue { texts[member.key] = text } }
        read[language] = texts
      }
      catalogs = read
      return read
    }
  }

  private static var sources: [(String, [UInt8])] {
    [
      ("de", PackageResources.de_json), ("en", PackageResources.en_json), ("es", PackageResources.es_json),
      ("fr", PackageResources.fr_json), ("it", PackageResources.it_json), ("nl", PackageResources.nl_json),
      ("pt-BR", PackageResources.pt_BR_json),
    ]
  }
}
