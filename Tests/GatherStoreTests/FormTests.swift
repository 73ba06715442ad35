import Foundation
import GatherModel
import GatherStore
import Testing

/// Form (the last five results) in the stats, recent results named as their gathers named the sides, and what the
/// ratings learned from and the draws, as the store adds them up.
@Suite struct FormTests {
  let fixture: StoreFixture
  let ana: Player, bruno: Player, carla: Player, dani: Player

  init() throws {
    fixture = try StoreFixture()
    let players = try fixture.createPlayers(["Ana", "Bruno", "Carla", "Dani"])
    (ana, bruno, carla, dani) = (players[0], players[1], players[2], players[3])
    // Day 0: Ana+Bruno beat Carla+Dani 1-0. Day 1: Ana+Carla draw 0-0 with Bruno+Dani.
    // Day 2: the Reds (Bruno, Carla) beat the Blues (Ana, Dani) 2-0.
    try fixture.play([ana, bruno], [carla, dani], goals: [(.teamA, ana)], day: 0)
    try fixture.play([ana, carla], [bruno, dani], goals: [], day: 1)
    try fixture.play(
      [bruno, carla], [ana, dani], goals: [(.teamA, bruno), (.teamA, carla)], day: 2,
      names: try TeamNames(teamA: "Reds", teamB: "Blues"))
  }

  func row(_ stats: [PlayerStats], _ player: Player) -> PlayerStats? { stats.first { $0.playerID == player.id } }

  @Test func formIsTheLastResultsNewestFirst() throws {
    let stats = try fixture.store.playerStats()
    #expect(row(stats, ana)?.form == [.loss, .draw, .win])
    #expect(row(stats, bruno)?.form == [.win, .draw, .win])
    #expect(try fixture.store.playerStats(of: [carla.id])[carla.id]?.form == [.win, .draw, .loss])
    // Six more wins for Ana: only the last five show.
    for day in 3...8 { try fixture.play([ana], [dani], goals: [(.teamA, ana)], day: day) }
    let later = try fixture.store.playerStats()
    #expect(row(later, ana)?.form == Array(repeating: .win, count: 5))
    #expect(row(later, dani)?.form == Array(repeating: .loss, count: 5))
    #expect(try fixture.store.playerReport(ana.id).stats.form == Array(repeating: .win, count: 5))
  }

  @Test func formCountsTheGathersOfThePeriod() throws {
    let day1 = StoreFixture.kickOff.addingTimeInterval(86_400)
    let day2 = StoreFixture.kickOff.addingTimeInterval(2 * 86_400)
    let stats = try fixture.store.playerStats(period: .init(since: day1, until: day2))
    #expect(row(stats, ana)?.form == [.draw] && row(stats, bruno)?.form == [.draw])
  }

  @Test func aRatingLearnsFromEveryGatherWhateverThePeriodCounts() throws {
    let day2 = StoreFixture.kickOff.addingTimeInterval(2 * 86_400)
    let stats = try fixture.store.playerStats(period: .init(since: day2))
    #expect(row(stats, ana)?.played == 1 && row(stats, ana)?.ratedGathers == 3)
    #expect(row(stats, ana)?.shownRating.isSettling == true, "3 of 5 gathers")
    #expect(row(try fixture.store.playerStats(), ana)?.ratedGathers == 3)
  }

  @Test func recentResultsNameTheSidesAsTheyWereNamedAndThePlayersSide() throws {
    let recent = try fixture.store.playerReport(ana.id).recent
    #expect(recent.map(\.gatherID) == [3, 2, 1])
    #expect(recent[0].names == (try TeamNames(teamA: "Reds", teamB: "Blues")))
    #expect(recent[0].team == .teamB && recent[0].side == "Blues" && recent[0].outcome == .loss)
    #expect(recent[0].score.text == "2-0")
    #expect(recent[2].names == .standard && recent[2].side == "Team A")
    // Renaming nothing later changes what a gather was called.
    #expect(try fixture.store.playerReport(bruno.id).recent[0].side == "Reds")
  }

  @Test func theRosterLoadsWhatEachRatingLearnedFromAndTheDraws() throws {
    try fixture.store.deletePlayer(dani.id)
    let state = try fixture.store.load(at: .zero, wallNow: StoreFixture.kickOff.addingTimeInterval(9 * 86_400))
    #expect(state.ratedGathers == [ana.id: 3, bruno.id: 3, carla.id: 3])
    #expect(state.draws == DrawHistory(gathers: 3, draws: 1))
    #expect(state.shownRating(of: ana.id).gathers == 3)
  }
}
