import GatherModel
import Testing

@Suite struct PlayerTests {
  @Test func detailsAreTrimmedAndEmptyFavouriteTeamMeansNone() throws {
    let details = try PlayerDetails(name: "  Ana Lima \n", age: 27, position: .striker, favouriteTeam: "   ")
    #expect(details.name == "Ana Lima")
    #expect(details.favouriteTeam == nil)
    #expect(details.skill == nil)
  }

  @Test(arguments: ["", "   ", String(repeating: "x", count: 41)])
  func namesMustHaveOneToFortyCharacters(name: String) {
    #expect(throws: GatherError.validation("name", "")) { try PlayerDetails(name: name) }
  }

  @Test func aFortyCharacterNameIsAccepted() throws {
    #expect(try PlayerDetails(name: String(repeating: "é", count: 40)).name.count == 40)
  }

  @Test(arguments: [0, -1, 121])
  func agesMustBeOneToAHundredAndTwenty(age: Int) {
    #expect(throws: GatherError.validation("age", "")) { try PlayerDetails(name: "Ana", age: age) }
  }

  @Test func aFavouriteTeamCanHaveAtMostAHundredCharacters() {
    #expect(throws: GatherError.validation("favouriteTeam", "")) {
      try PlayerDetails(name: "Ana", favouriteTeam: String(repeating: "A", count: 101))
    }
  }

  @Test func positionsReadFromNamesAndAcronymsInAnyCase() {
    #expect(Position(parsing: "GK") == .goalkeeper)
    #expect(Position(parsing: "def") == .defender)
    #expect(Position(parsing: " Midfielder ") == .midfielder)
    #expect(Position(parsing: "w") == .winger)
    #expect(Position(parsing: "ST") == .striker)
    #expect(Position(parsing: "libero") == nil)
    #expect(Position.allCases.map(\.acronym) == ["GK", "DEF", "MID", "W", "ST"])
    #expect(Skill(parsing: "Professional") == .professional)
    #expect(Skill(parsing: "legend") == nil)
  }

  @Test func changesSetClearOrKeepEachField() throws {
    let details = try PlayerDetails(name: "Ana", age: 27, position: .striker, skill: .amateur, favouriteTeam: "Arsenal")
    let changed = try PlayerChanges(name: " Ana L. ", age: .some(nil), skill: .professional).applied(to: details)
    #expect(changed.name == "Ana L.")
    #expect(changed.age == nil)
    #expect(changed.position == .striker)
    #expect(changed.skill == .professional)
    #expect(changed.favouriteTeam == "Arsenal")
  }

  @Test func anInvalidChangeLeavesThePlayerUntouched() throws {
    var gather = FootballGather(roster: [Player(id: 1, details: try PlayerDetails(name: "Ana", age: 27))])
    #expect(throws: GatherError.validation("age", "")) {
      try gather.updating(1, with: PlayerChanges(name: "Bea", age: 300))
    }
    #expect(try gather.player(1).name == "Ana")
    #expect(throws: GatherError.playerNotFound) { try gather.updating(9, with: PlayerChanges(name: "Bea")) }
    let updated = try gather.updating(1, with: PlayerChanges(name: "Bea"))
    gather.save(updated)
    #expect(try gather.player(1).name == "Bea")
  }
}
