import Foundation
import GatherModel
import Testing

/// The one rule for text people type: names of players, guests and teams, favourite teams, a plan's place and
/// note. NFC, trimmed, no control or formatting characters, and limited in characters and in UTF-8 bytes.
@Suite struct TypedTextTests {
  /// The guest name from a leaked sign-up link that cleared the organiser's terminal, retitled it and showed a
  /// fake prompt.
  static let terminalAttack = "Evil\u{1B}[2J\u{1B}]0;owned\u{07}\nroot# "

  @Test(arguments: [
    terminalAttack, "Ana\u{1B}[31m", "Ana\tLima", "Ana\nLima", "Ana\rLima", "Ana\u{7F}", "Ana\u{85}Lima",
    "Ana\u{9B}31m", "Ana\u{0}", "Ana\u{2028}Lima", "Ana\u{2029}Lima",
  ])
  func controlCharactersAndLineSeparatorsAreRefused(name: String) throws {
    let error = try #require(throws: GatherError.self) { try PlayerDetails(name: name) }
    #expect(error == .validation("name", ""))
    #expect(error.message.hasPrefix("A name cannot hold control characters such as line breaks"))
  }

  @Test(arguments: [
    "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    "\u{200E}", "\u{200F}", "\u{061C}",
  ])
  func bidiOverridesIsolatesAndMarksAreRefused(mark: String) throws {
    let error = try #require(throws: GatherError.self) { try PlayerDetails(name: "Ana\(mark)gnaM") }
    #expect(error == .validation("name", ""))
    #expect(error.message.contains("text direction overrides"))
  }

  @Test(arguments: ["\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{00AD}", "\u{E0041}"])
  func zeroWidthAndOtherInvisibleFormattingCharactersAreRefused(mark: String) {
    #expect(throws: GatherError.validation("name", "")) { try PlayerDetails(name: "Ana\(mark)") }
    #expect(throws: GatherError.validation("name", "")) { try PlayerDetails(name: "A\(mark)na") }
  }

  @Test func theMessageNamesTheCharacterByItsCodePoint() throws {
    let escape = try #require(throws: GatherError.self) { try PlayerDetails(name: Self.terminalAttack) }
    #expect(escape.message.contains("U+001B"))
    let override = try #require(throws: GatherError.self) { try PlayerDetails(name: "Ana\u{202E}") }
    #expect(override.message.contains("U+202E"))
  }

  @Test func aFloodOfCombiningMarksOnOneCharacterIsRefusedByItsBytes() throws {
    let flood = "e" + String(repeating: "\u{301}", count: 400_000)
    #expect(flood.count == 1, "one grapheme cluster: a limit of characters alone lets it through")
    let error = try #require(throws: GatherError.self) { try PlayerDetails(name: flood) }
    #expect(error == .validation("name", ""))
    #expect(error.message.hasPrefix("A name is at most 40 characters and 160 bytes"))
    #expect(throws: GatherError.validation("guest", "")) {
      try FootballGather(roster: try Fixtures.roster()).guestDetails(flood)
    }
  }

  @Test func fortyCharactersAndOneHundredAndSixtyBytesAreBothLimits() throws {
    // 40 characters of two bytes, and of four: within both limits.
    #expect(try PlayerDetails(name: String(repeating: "ç", count: 40)).name.utf8.count == 80)
    #expect(try PlayerDetails(name: String(repeating: "⚽", count: 40)).name.utf8.count == 120)
    #expect(try PlayerDetails(name: String(repeating: "𝔸", count: 40)).name.utf8.count == 160)
    // A flag is one character of eight bytes: 20 of them are 160 bytes, 21 are fewer than 40 characters but
    // over 160 bytes.
    #expect(try PlayerDetails(name: String(repeating: "🇵🇹", count: 20)).name.count == 20)
    let flags = try #require(throws: GatherError.self) {
      try PlayerDetails(name: String(repeating: "🇵🇹", count: 21))
    }
    #expect(flags.message == "A name is at most 40 characters and 160 bytes; this one has 21 characters and 168 bytes.")
    #expect(throws: GatherError.validation("name", "")) { try PlayerDetails(name: String(repeating: "a", count: 41)) }
  }

  @Test func textIsNormalisedToNFC() throws {
    let decomposed = try PlayerDetails(name: "Jose\u{301} Lui\u{301}s")
    #expect(Array(decomposed.name.unicodeScalars) == Array("Jos\u{E9} Lu\u{ED}s".unicodeScalars))
    #expect(decomposed.name.utf8.count == 11)
    // Forty decomposed characters are eighty scalars, and fit once composed.
    let long = try PlayerDetails(name: String(repeating: "e\u{301}", count: 40))
    #expect(long.name.unicodeScalars.count == 40)
    let place = try PlanDetails(
      startsAt: Date(timeIntervalSince1970: 2_000_000_000), capacity: 10, place: "Este\u{301}vão",
      now: Date(timeIntervalSince1970: 1_900_000_000)
    ).place
    #expect(place?.unicodeScalars.count == 7)
  }

  @Test func whiteSpaceAroundTheTextIsTrimmedEvenLineBreaks() throws {
    #expect(try PlayerDetails(name: " \t Ana Lima \n").name == "Ana Lima")
    #expect(try PlayerDetails(name: "\u{3000}Ana\u{A0}\u{2029}").name == "Ana")
    #expect(try PlayerDetails(name: "Ana", favouriteTeam: " \n ").favouriteTeam == nil)
    for blank in ["", "  ", "\n\t", "\u{2028}"] {
      let error = try #require(throws: GatherError.self) { try PlayerDetails(name: blank) }
      #expect(error.message == "A name cannot be empty.")
    }
  }

  @Test func everyKindOfTypedTextTakesTheRuleWithItsOwnLimitsAndField() throws {
    let rules: [(TypedText, Int, Int)] = [
      (.playerName, 40, 160), (.guestName, 40, 160), (.favouriteTeam, 100, 400), (.teamName, 24, 96),
      (.place, 100, 400), (.note, 500, 2000),
    ]
    for (rule, characters, bytes) in rules {
      #expect(rule.maxCharacters == characters && rule.maxBytes == bytes)
      #expect(try rule.required(String(repeating: "x", count: characters), field: "f").count == characters)
      #expect(throws: GatherError.validation("f", "")) {
        try rule.required(String(repeating: "x", count: characters + 1), field: "f")
      }
      #expect(throws: GatherError.validation("f", "")) { try rule.required("a\u{1B}b", field: "f") }
      #expect(try rule.optional("  ", field: "f") == nil)
    }
    #expect(throws: GatherError.validation("favouriteTeam", "")) {
      try PlayerDetails(name: "Ana", favouriteTeam: "Benfica\u{202E}")
    }
    #expect(throws: GatherError.validation("names", "")) { try TeamNames(teamA: "Bibs\u{200B}", teamB: nil) }
    #expect(throws: GatherError.validation("names", "")) {
      try TeamNames(teamA: String(repeating: "🇵🇹", count: 13), teamB: nil)
    }
    var plan = try PlanDetails(
      startsAt: Date(timeIntervalSince1970: 2_000_000_000), capacity: 10,
      now: Date(timeIntervalSince1970: 1_900_000_000))
    #expect(throws: GatherError.validation("place", "")) { try plan.setPlace("Astro\n2") }
    #expect(throws: GatherError.validation("note", "")) { try plan.setNote("Bring \u{1B}[2Jshirts") }
    #expect(throws: GatherError.validation("note", "")) { try plan.setNote(String(repeating: "🇵🇹", count: 251)) }
    #expect(plan.place == nil && plan.note == nil, "a refused change leaves the details as they were")
  }

  @Test func lettersOfAnyScriptAndEmojiWithoutJoinersAreWelcome() throws {
    for name in [
      "Zé", "Ærøskøbing FC", "Łukasz", "Nguyễn Văn An", "محمد", "אבי", "李小龙", "Ана", "⚽️ Ana", "O'Neil-Smith",
    ] {
      #expect(try PlayerDetails(name: name).name == name)
    }
  }
}
