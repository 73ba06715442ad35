import FoundationEssentials
import GatherModel
import GatherRPC
import Testing

@testable import GatherDaemon

/// What a phone's lock screen says: each count in the plural form its language gives it, and every catalog with
/// English's keys, the same kind of message (a text or plural forms) and the same placeholders.
@Suite struct PushTextsTests {
  let texts = PushTexts()

  @Test func oneIsSingularEverywhereAndFrenchAndBrazilianPortugueseTakeZeroAsSingularToo() {
    for language in PushTexts.languages {
      #expect(PluralCategory(1, language: language) == .one, "\(language)")
      for count in [2, 5, 21, 100] {
        #expect(PluralCategory(count, language: language) == .other, "\(language) \(count)")
      }
      let zero: PluralCategory = ["fr", "pt-BR"].contains(language) ? .one : .other
      #expect(PluralCategory(0, language: language) == zero, "\(language) 0")
    }
  }

  @Test func aCountedMessageTakesItsSingularAndItsPlural() {
    let left = { (language: String, count: Int) in self.texts.text("push.reminder.left", in: language, count: count) }
    #expect(left("en", 1) == "1 place left" && left("en", 2) == "2 places left" && left("en", 0) == "0 places left")
    #expect(left("fr", 1) == "1 place libre" && left("fr", 0) == "0 place libre" && left("fr", 3) == "3 places libres")
    #expect(left("de", 1) == "noch 1 Platz frei" && left("de", 4) == "noch 4 Plätze frei")
    #expect(left("pt-BR", 1) == "resta 1 vaga" && left("pt-BR", 2) == "restam 2 vagas")
    let votes = { (language: String, count: Int) in
      self.texts.text("push.motm.body", in: language, count: count, ["names": "Ana"])
    }
    #expect(votes("en", 1) == "Ana, with 1 vote." && votes("en", 3) == "Ana, with 3 votes.")
    #expect(votes("nl", 1) == "Ana, met 1 stem." && votes("nl", 2) == "Ana, met 2 stemmen.")
    #expect(votes("es", 1) == "Ana, con 1 voto." && votes("es", 2) == "Ana, con 2 votos.")
  }

  @Test func aPhoneInAnotherLanguageGetsEnglishAndAValueIsNeverReadAsAPlaceholder() {
    #expect(PushTexts.language(for: "de-AT") == "de" && PushTexts.language(for: "PT-br") == "pt-BR")
    #expect(PushTexts.language(for: "pt") == "pt-BR" && PushTexts.language(for: "pt-PT") == "pt-BR")
    #expect(texts.text("push.reminder.left", in: PushTexts.language(for: "ja-JP"), count: 2) == "2 places left")
    #expect(texts.text("push.teams.body", in: "en", ["team": "{team}s"]) == "You're playing for {team}s.")
    #expect(
      texts.text("push.motm.tie", in: "en", count: 2, ["names": "{count}, Bo"])
        == "A tie: {count}, Bo, with 2 votes each.")
  }

  @Test func namesAreListedWithEachLanguagesAnd() {
    #expect(texts.list([], in: "en") == "" && texts.list(["Ana"], in: "en") == "Ana")
    #expect(texts.list(["Ana", "Bo"], in: "en") == "Ana and Bo")
    #expect(texts.list(["Ana", "Bo", "Cy"], in: "en") == "Ana, Bo and Cy")
    #expect(texts.list(["Ana", "Bo"], in: "de") == "Ana und Bo")
    #expect(texts.list(["Ana", "Bo", "Cy", "Di"], in: "de") == "Ana, Bo, Cy und Di")
    #expect(texts.list(["Ana", "Bo", "Cy"], in: "pt-BR") == "Ana, Bo e Cy")
    #expect(texts.list(["Ana", "Bo"], in: "nl") == "Ana en Bo" && texts.list(["Ana", "Bo"], in: "it") == "Ana e Bo")
    #expect(texts.list(["Ana", "Bo", "Cy"], in: "es") == "Ana, Bo y Cy")
    #expect(texts.list(["Ana", "Iván"], in: "es") == "Ana e Iván", "y before the sound i is e")
    #expect(texts.list(["Ana", "Hilario"], in: "es") == "Ana e Hilario")
    #expect(texts.list(["Ana", "Hierro"], in: "es") == "Ana y Hierro", "hie sounds ye: y stays")
    #expect(texts.list(["Ana", "Iván"], in: "pt-BR") == "Ana e Iván")
    #expect(texts.list(["Bo", "{rest}", "Cy"], in: "en") == "Bo, {rest} and Cy", "a name is never a placeholder")
    for (language, bytes) in PushTexts.sources {
      let catalog = PushTexts.catalog(bytes)
      #expect(catalog["push.list.and"] != nil && catalog["push.list.comma"] != nil, "\(language) has its own")
      let three = texts.list(["Ana", "Bo", "Cy"], in: language)
      #expect(three.hasPrefix("Ana, Bo ") && three.hasSuffix(" Cy") && !three.contains("push.list"), "\(language)")
    }
  }

  @Test func everyCatalogHasEnglishsKeysMessagesAndPlaceholders() throws {
    let catalogs = Dictionary(uniqueKeysWithValues: PushTexts.sources.map { ($0.language, $0.bytes) })
    #expect(catalogs.keys.sorted() == PushTexts.languages.sorted())
    let english = PushTexts.catalog(try #require(catalogs["en"]))
    #expect(english.count > 20)
    for (language, bytes) in catalogs {
      let messages = PushTexts.catalog(bytes)
      let members = try #require(try JSONParser.parse(bytes).objectValue).members.count
      #expect(messages.count == members, "\(language): an entry that is neither a text nor one and other forms")
      #expect(messages.keys.sorted() == english.keys.sorted(), "\(language): its keys")
      for (key, message) in messages {
        let model = try #require(english[key])
        switch (message, model) {
        case (.single(let text), .single):
          #expect(!text.isEmpty, "\(language) \(key) is empty")
        case (.plural(let forms), .plural):
          #expect(Set(forms.keys) == Set(PluralCategory.allCases), "\(language) \(key): one and other")
          #expect(forms.values.allSatisfy { $0.contains("{count}") }, "\(language) \(key): a form without its count")
        default:
          Issue.record("\(language) \(key): a plural message in one language and not the other")
        }
        #expect(Self.placeholders(message) == Self.placeholders(model), "\(language) \(key): placeholders")
      }
    }
  }

  /// The `{names}` of every form of `message`.
  static func placeholders(_ message: PushMessageText) -> Set<String> {
    let texts: [String] =
      switch message {
      case .single(let text): [text]
      case .plural(let forms): Array(forms.values)
      }
    var names: Set<String> = []
    for text in texts {
      for part in text.split(separator: "{", omittingEmptySubsequences: false).dropFirst() {
        if let close = part.firstIndex(of: "}") { names.insert(String(part[..<close])) }
      }
    }
    return names
  }
}
