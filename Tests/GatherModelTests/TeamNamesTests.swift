import Foundation
import GatherModel
import Testing

/// Team names: "Bibs" and "Colours" instead of A and B, 1 to 24 characters each.
@Suite struct TeamNamesTests {
  @Test func theDefaultsAreTeamAAndTeamB() throws {
    let names = try TeamNames(teamA: nil, teamB: nil)
    #expect(names == .standard && names.isStandard)
    #expect(names[.teamA] == "Team A" && names[.teamB] == "Team B" && names[.bench] == "Bench")
  }

  @Test func namesAreTrimmedAndMayHaveUpToTwentyFourCharacters() throws {
    let names = try TeamNames(teamA: "  Bibs ", teamB: String(repeating: "é", count: 24))
    #expect(names.teamA == "Bibs" && names.teamB.count == 24 && !names.isStandard)
    #expect(try TeamNames(teamA: "X", teamB: nil).teamB == "Team B")
  }

  @Test(arguments: ["", "   ", String(repeating: "x", count: 25), "Bibs\nColours", "Tab\there"])
  func aBadNameIsRefusedNamingTheParam(name: String) {
    #expect(throws: GatherError.validation("names", "")) { try TeamNames(teamA: name, teamB: nil) }
    #expect(throws: GatherError.validation("teamB", "")) {
      try TeamNames.standard.renamed(teamA: nil, teamB: name, fields: ("teamA", "teamB"))
    }
  }

  @Test func theTwoSidesMustDifferIgnoringCase() throws {
    #expect(throws: GatherError.validation("names", "")) { try TeamNames(teamA: "Bibs", teamB: "bibs") }
    #expect(throws: GatherError.validation("names", "")) { try TeamNames(teamA: "Team B", teamB: nil) }
    let names = try TeamNames(teamA: "Bibs", teamB: "Colours")
    #expect(throws: GatherError.validation("teamA", "")) {
      try names.renamed(teamA: "COLOURS", teamB: nil, fields: ("teamA", "teamB"))
    }
    // Swapping both at once is fine: the pair is checked as it will be.
    let swapped = try names.renamed(teamA: "Colours", teamB: "Bibs")
    #expect(swapped.teamA == "Colours" && swapped.teamB == "Bibs")
  }

  @Test func aGatherIsRenamedMidMatchAndHistoryKeepsTheNames() throws {
    var football = try Fixtures.gatherInPlay()
    let ana = try football.player(1)
    try football.changeActive { gather in
      try gather.rename(teamA: "Bibs", teamB: nil)
      _ = try gather.scoreGoal(for: .teamA, by: ana, at: .zero, wallNow: Fixtures.kickOff)
    }
    let before = try football.requireActive()
    #expect(before.names.teamA == "Bibs" && before.names.teamB == "Team B")
    #expect(throws: GatherError.validation("names", "")) {
      try football.changeActive { try $0.rename(teamA: nil, teamB: String(repeating: "y", count: 30)) }
    }
    #expect(try football.requireActive() == before, "a refused rename changes nothing")
    try football.changeActive { try $0.rename(teamA: nil, teamB: "Colours") }
    let record = try football.requireActive().result(endedAt: Fixtures.kickOff) { football.name(of: $0) }
    #expect(record.names == (try TeamNames(teamA: "Bibs", teamB: "Colours")))
    #expect(record.summary.names.teamB == "Colours")
  }
}
