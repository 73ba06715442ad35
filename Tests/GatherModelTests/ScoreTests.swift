import GatherModel
import Testing

/// What a goal does, what undo and corrections do, and how a gather's result reads.
@Suite struct ScoreTests {
  let ana: Player  // Team A
  let carla: Player  // Team B
  let eli: Player  // bench
  let fede: Player  // not in the gather

  init() throws {
    let roster = try Fixtures.roster()
    (ana, carla, eli, fede) = (roster[0], roster[2], roster[4], roster[5])
  }

  func activeGather() throws -> ActiveGather { try Fixtures.gatherInPlay().requireActive() }

  @Test func aGoalRaisesItsTeamsScoreAndIsLoggedWithItsMatchTime() throws {
    var gather = try activeGather()
    _ = try gather.clock.start(at: .seconds(100))
    let goal = try gather.scoreGoal(for: .teamA, by: ana, at: .seconds(227.25), wallNow: Fixtures.kickOff)
    #expect(gather.score == (try Score(teamA: 1, teamB: 0)))
    #expect(goal.matchTimeMs == 127_250)
    #expect(goal.scorerID == ana.id)
    #expect(goal.scorerName == "Ana")
    #expect(gather.log == [goal])
  }

  @Test func aScorerMustBeOnTheTeamThatScores() throws {
    var gather = try activeGather()
    #expect(throws: GatherError.validation("player", "")) {
      try gather.scoreGoal(for: .teamA, by: carla, at: .zero, wallNow: Fixtures.kickOff)
    }
    #expect(throws: GatherError.validation("player", "")) {
      try gather.scoreGoal(for: .teamB, by: fede, at: .zero, wallNow: Fixtures.kickOff)
    }
    #expect(gather.score == .zero)
    #expect(gather.log.isEmpty)
  }

  @Test func aBenchScorerIsSaidToBeOnTheBench() throws {
    var gather = try activeGather()
    do {
      _ = try gather.scoreGoal(for: .teamA, by: eli, at: .zero, wallNow: Fixtures.kickOff)
      Issue.record("a goal by a bench player was accepted")
    } catch {
      #expect(error.message == "\(eli.name) is on the bench, not playing for Team A.")
    }
    do {
      _ = try gather.scoreGoal(for: .teamA, by: carla, at: .zero, wallNow: Fixtures.kickOff)
      Issue.record("a goal by a Team B player was accepted for Team A")
    } catch {
      #expect(error.message == "\(carla.name) plays for Team B, not Team A.")
    }
  }

  @Test func aScorerOnTheOtherSideIsToldBySidesNames() throws {
    var gather = try activeGather()
    try gather.rename(teamA: "Bibs", teamB: "Colours")
    do {
      _ = try gather.scoreGoal(for: .teamA, by: carla, at: .zero, wallNow: Fixtures.kickOff)
      Issue.record("a goal by a Colours player was accepted for Bibs")
    } catch {
      #expect(error.message == "\(carla.name) plays for Colours, not Bibs.")
    }
    do {
      _ = try gather.scoreGoal(for: .teamB, by: eli, at: .zero, wallNow: Fixtures.kickOff)
      Issue.record("a goal by a bench player was accepted")
    } catch {
      #expect(error.message == "\(eli.name) is on the bench, not playing for Colours.")
    }
  }

  @Test func theBenchNeverScores() throws {
    var gather = try activeGather()
    #expect(throws: GatherError.validation("team", "")) {
      try gather.scoreGoal(for: .bench, by: eli, at: .zero, wallNow: Fixtures.kickOff)
    }
    #expect(gather.log.isEmpty)
  }

  @Test func aSideStopsAtNinetyNineGoals() throws {
    var gather = try activeGather()
    _ = gather.correctScore(to: try Score(teamA: 99, teamB: 0), at: .zero, wallNow: Fixtures.kickOff)
    #expect(throws: GatherError.validation("team", "")) {
      try gather.scoreGoal(for: .teamA, at: .zero, wallNow: Fixtures.kickOff)
    }
    #expect(throws: GatherError.validation("teamB", "")) { try Score(teamA: 0, teamB: 100) }
    #expect(throws: GatherError.validation("teamA", "")) { try Score(teamA: -1, teamB: 0) }
  }

  @Test func undoTakesBackTheLastGoalOnly() throws {
    var gather = try activeGather()
    _ = try gather.scoreGoal(for: .teamA, at: .zero, wallNow: Fixtures.kickOff)
    let second = try gather.scoreGoal(for: .teamB, by: carla, at: .seconds(5), wallNow: Fixtures.kickOff)
    #expect(try gather.undoLastGoal() == second)
    #expect(gather.score == (try Score(teamA: 1, teamB: 0)))
    _ = try gather.undoLastGoal()
    #expect(gather.score == .zero)
    #expect(throws: GatherError.invalidTransition) { try gather.undoLastGoal() }
  }

  @Test func aCorrectionIsLoggedAndIsNotUndoneAsAGoal() throws {
    var gather = try activeGather()
    _ = try gather.scoreGoal(for: .teamA, at: .zero, wallNow: Fixtures.kickOff)
    let correction = gather.correctScore(to: try Score(teamA: 2, teamB: 1), at: .zero, wallNow: Fixtures.kickOff)
    #expect(correction.kind == .correction)
    #expect(gather.log.map(\.kind) == [.goal, .correction])
    #expect(throws: GatherError.invalidTransition) { try gather.undoLastGoal() }
    #expect(gather.score == (try Score(teamA: 2, teamB: 1)))
  }

  @Test func theResultRecordsScoreTextWinnerLineupAndLog() throws {
    var gather = try activeGather()
    _ = try gather.scoreGoal(for: .teamB, by: carla, at: .zero, wallNow: Fixtures.kickOff)
    _ = try gather.scoreGoal(for: .teamB, at: .zero, wallNow: Fixtures.kickOff)
    _ = try gather.scoreGoal(for: .teamA, by: ana, at: .zero, wallNow: Fixtures.kickOff)
    let ended = Fixtures.kickOff.addingTimeInterval(600)
    let roster = try FootballGather(roster: Fixtures.roster())
    let result = gather.result(endedAt: ended) { roster.name(of: $0) }
    #expect(result.scoreText == "1-2")
    #expect(result.winner == .teamB)
    #expect(result.startedAt == Fixtures.kickOff)
    #expect(result.endedAt == ended)
    #expect(result.log.count == 3)
    #expect(result.members.map(\.name) == ["Ana", "Bruno", "Carla", "Dani", "Eli"])
    #expect(result.members.map(\.team) == [.teamA, .teamA, .teamB, .teamB, .bench])
  }

  @Test func aDrawHasNoWinner() throws {
    #expect(try Score(teamA: 3, teamB: 3).winner == Winner.none)
    #expect(try Score(teamA: 3, teamB: 3).text == "3-3")
    #expect(Score.zero.winner == Winner.none)
  }

  @Test func teamsHaveTheirTitles() {
    #expect(Team.allCases.map(\.title) == ["Team A", "Team B", "Bench"])
  }
}
