import Foundation
import GatherModel
import Testing

/// A guest added through a sign-up link cannot pass for a roster player: names are compared case-folded and
/// without invisible characters. Names already stored under other rules still load, as they are.
@Suite struct LookAlikeNameTests {
  @Test(arguments: ["ana", "ANA", "  aNa ", "A\u{34F}na", "Ana\u{FE0F}", "An\u{3164}a", "A\u{115F}na"])
  func aGuestWhoseNameLooksLikeARosterPlayersIsRefusedNamingThePlayer(name: String) throws {
    let gather = FootballGather(roster: try Fixtures.roster())
    let error = try #require(throws: GatherError.self) { try gather.guestDetails(name) }
    #expect(error == .validation("guest", ""))
    #expect(error.message.contains("\"Ana\" (player 1)"), "the message names the roster player")
    #expect(error.message.hasSuffix("is already on the roster: pick the name from the list."))
  }

  @Test func aRosterNameWithInvisibleCharactersFromAnOlderDatabaseStillCollides() throws {
    let stored = try PlayerDetails(stored: "Bea\u{200B}", age: nil, position: nil, skill: nil, favouriteTeam: nil)
    let gather = FootballGather(roster: try Fixtures.roster() + [Player(id: 7, details: stored)])
    let error = try #require(throws: GatherError.self) { try gather.guestDetails("BEA") }
    #expect(error.message.contains("(player 7)"))
  }

  @Test func anImportRefusesTheFirstNameOnTheRosterOrEarlierInTheImport() throws {
    let gather = FootballGather(roster: try Fixtures.roster())
    let rows = try ["Zoe", "A\u{34F}NA"].map { try PlayerDetails(name: $0) }
    let onRoster = try #require(throws: GatherError.self) { try gather.checkImportedNames(rows) }
    #expect(onRoster == .validation("players[1].name", ""))
    #expect(onRoster.message.contains("is already the name of player 1, Ana"))
    let twice = try ["Zoe", "Yan", "zoe"].map { try PlayerDetails(name: $0) }
    let repeated = try #require(throws: GatherError.self) { try gather.checkImportedNames(twice) }
    #expect(repeated == .validation("players[2].name", ""))
    #expect(repeated.message.contains("is already the name of players[0]"))
    try gather.checkImportedNames(try ["Zoe", "Ana Lima"].map { try PlayerDetails(name: $0) })
  }

  @Test func foldingFollowsUnicodesFullCaseFolding() {
    #expect(TypedText.lookAlike("Straße", "STRASSE"))
    #expect(TypedText.lookAlike("Σίσυφος", "ΣΊΣΥΦΟΣ"))
    #expect(TypedText.lookAlike("José", "JOSE\u{301}"), "canonically equivalent forms are one name")
    #expect(!TypedText.lookAlike("Ana", "Ana Lima"))
    #expect(!TypedText.lookAlike("Ana", "Ann"))
    #expect(!TypedText.lookAlike("Jose", "José"), "an accent is a letter of its own")
  }

  @Test func aGuestOfANewNameIsAddedNormalised() throws {
    let gather = FootballGather(roster: try Fixtures.roster())
    #expect(try gather.guestDetails("  Zé  ").name == "Zé")
    #expect(Array(try gather.guestDetails("Ze\u{301}").name.unicodeScalars) == ["Z", "\u{E9}"])
    #expect(try gather.guestDetails("Ana Lima").name == "Ana Lima")
    let error = try #require(throws: GatherError.self) { try gather.guestDetails(TypedTextTests.terminalAttack) }
    #expect(error == .validation("guest", ""))
    #expect(error.message.hasPrefix("A guest's name cannot hold control characters"))
  }

  @Test func teamNamesThatLookAlikeAreRefused() throws {
    #expect(throws: GatherError.validation("names", "")) { try TeamNames(teamA: "Bibs", teamB: "BIBS\u{FE0F}") }
    let names = try TeamNames(teamA: "Bibs", teamB: "Colours")
    #expect(throws: GatherError.validation("teamB", "")) {
      try names.renamed(teamA: nil, teamB: "bibs", fields: ("teamA", "teamB"))
    }
  }

  @Test func textStoredUnderOtherRulesLoadsAsItWasSaved() throws {
    let player = try PlayerDetails(
      stored: TypedTextTests.terminalAttack, age: 30, position: .striker, skill: nil,
      favouriteTeam: String(repeating: "x", count: 150))
    #expect(player.name == TypedTextTests.terminalAttack && player.favouriteTeam?.count == 150)
    #expect(throws: GatherError.validation("age", "")) {
      try PlayerDetails(stored: "Ana", age: 300, position: nil, skill: nil, favouriteTeam: nil)
    }
    // Another change keeps the stored name; a new name takes the rule.
    let aged = try PlayerChanges(age: 31).applied(to: player)
    #expect(aged.name == player.name && aged.age == 31)
    #expect(throws: GatherError.validation("name", "")) { try PlayerChanges(name: "Bad\u{7}").applied(to: player) }

    let startsAt = Date(timeIntervalSince1970: 1_900_000_000)
    let plan = try PlanDetails(
      restoring: startsAt, utcOffset: 0, capacity: 10, place: "Astro\u{202E}2", note: "Line\nbreak")
    #expect(plan.place == "Astro\u{202E}2" && plan.note == "Line\nbreak")
    let moved = try PlanChanges(capacity: 12).applied(to: plan, now: startsAt.addingTimeInterval(-60))
    #expect(moved.place == plan.place && moved.capacity == 12)
  }
}
