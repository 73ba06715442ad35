import Foundation
import GatherModel
import Testing

@testable import GatherStore

/// A database written under other rules may hold names that gatherd refuses today: control characters, a
/// direction override, a name past 40 characters. It opens, and every name comes back exactly as it was saved
/// (printers escape what they show; --json gives it as it is).
@Suite struct StoredNamesTests {
  static let attack = "Evil\u{1B}[2J\u{1B}]0;owned\u{07}\nroot# "
  static let override = "Astro\u{202E}2"
  static let long = String(repeating: "Ana Lima ", count: 10)

  @Test func aDatabaseHoldingNamesTheRuleRefusesOpensWithEveryNameAsSaved() throws {
    let fixture = try StoreFixture()
    let players = try fixture.createPlayers(["Ana", "Bruno", "Carla"])
    var state = try fixture.store.load(at: .zero, wallNow: StoreFixture.kickOff)
    try fixture.startGather(&state, teamA: [players[0].id], teamB: [players[1].id])
    var plan = try fixture.store.createPlan(
      PlanDetails(
        startsAt: StoreFixture.kickOff.addingTimeInterval(86_400), capacity: 10, place: "Astro 2",
        now: StoreFixture.kickOff),
      signUpCode: "code", createdAt: StoreFixture.kickOff)
    _ = try plan.join(players[2], at: StoreFixture.kickOff)
    try fixture.store.saveJoin(players[2], plan: plan.id, at: StoreFixture.kickOff)

    // Names the rule refuses, written straight into the file, as another release or a hand edit may leave them.
    let database = try SQLiteDatabase(path: fixture.path)
    try database.write { db in
      try db.execute("UPDATE player SET name = ? WHERE id = ?", [Self.attack, players[2].id])
      try db.execute(
        "UPDATE player SET name = ?, favouriteTeam = ? WHERE id = ?", [Self.long, Self.override, players[1].id])
      try db.execute("UPDATE planSignUp SET playerName = ?", [Self.attack])
      try db.execute("UPDATE plan SET place = ?, note = ?", [Self.override, "Bring\nshirts"])
      try db.execute("UPDATE gather SET teamAName = ?, teamBName = ?", ["Bibs\u{200B}", "Colours\u{1B}[0m"])
    }
    database.close()

    let reopened = try GatherStore.open(path: fixture.path)
    let loaded = try reopened.load(at: .zero, wallNow: StoreFixture.kickOff)
    #expect(try loaded.player(players[2].id).name == Self.attack)
    #expect(try loaded.player(players[1].id).name == Self.long)
    #expect(try loaded.player(players[1].id).details.favouriteTeam == Self.override)
    let open = try #require(loaded.openPlan(plan.id))
    #expect(open.details.place == Self.override && open.details.note == "Bring\nshirts")
    #expect(open.going.map(\.name) == [Self.attack])
    #expect(try loaded.requireActive().names == TeamNames(stored: "Bibs\u{200B}", "Colours\u{1B}[0m"))
    #expect(try reopened.plan(plan.id)?.details.place == Self.override)

    // The roster keeps working: another field changes, the name stays; a new name takes the rule.
    let aged = try loaded.updating(players[2].id, with: PlayerChanges(age: 30))
    #expect(aged.name == Self.attack)
    _ = try reopened.updatePlayer(aged)
    #expect(
      try GatherStore.open(path: fixture.path).load(at: .zero, wallNow: StoreFixture.kickOff)
        .player(players[2].id).details.age == 30)
    #expect(throws: GatherError.validation("name", "")) {
      try loaded.updating(players[2].id, with: PlayerChanges(name: Self.attack))
    }
  }
}
