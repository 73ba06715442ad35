import Testing

@testable import GatherModel

/// The draw probability from the group's own history, smoothed toward one in five while it is short.
@Suite struct DrawHistoryTests {
  @Test func withoutHistoryADrawIsOneInFive() {
    #expect(DrawHistory().probability == 0.2)
  }

  @Test func aShortHistoryMovesTheDrawOnlyPartOfTheWay() {
    // Two gathers, both drawn: not 100%, but (2 + 2) / (2 + 10).
    #expect(abs(DrawHistory(gathers: 2, draws: 2).probability - 4.0 / 12) < 1e-15)
    // Three gathers, none drawn: 2 / 13, still far from 0.
    #expect(abs(DrawHistory(gathers: 3, draws: 0).probability - 2.0 / 13) < 1e-15)
    // After ten gathers the group's share weighs as much as the prior: halfway from 0.2 to 0.5.
    #expect(abs(DrawHistory(gathers: 10, draws: 5).probability - 0.35) < 1e-15)
  }

  @Test func aLongHistoryGivesTheGroupsOwnShare() {
    // A season of 150 gathers with 24 draws (16%, as the simulated season): within half a point of it.
    let season = DrawHistory(gathers: 150, draws: 24)
    #expect(abs(season.probability - 0.16) < 0.005)
    // 1,000 gathers, none drawn or all drawn: close to 0 or 1 but never at either.
    #expect(DrawHistory(gathers: 1_000, draws: 0).probability > 0)
    #expect(DrawHistory(gathers: 1_000, draws: 0).probability < 0.002)
    #expect(DrawHistory(gathers: 1_000, draws: 1_000).probability < 1)
    #expect(DrawHistory(gathers: 1_000, draws: 1_000).probability > 0.99)
  }

  @Test func eachEndedGatherCounts() {
    var history = DrawHistory()
    for winner in [Winner.teamA, .none, .teamB, .none] { history.record(winner) }
    #expect(history == DrawHistory(gathers: 4, draws: 2))
    #expect(DrawHistory(gathers: 3, draws: 9) == DrawHistory(gathers: 3, draws: 3), "no more draws than gathers")
  }

  @Test func anEndedGatherTeachesTheRosterItsResult() throws {
    var gather = FootballGather(roster: try Fixtures.roster(), draws: DrawHistory(gathers: 4, draws: 1))
    gather.keepResult(.none, ratings: [:])
    #expect(gather.draws == DrawHistory(gathers: 5, draws: 2))
    #expect(try gather.prediction(teamA: [1], teamB: [2]).drawProbability == 4.0 / 15)
  }
}
