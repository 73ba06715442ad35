import GatherModel
import Testing

/// Who may be on which team, and what may happen to players while a gather is active.
@Suite struct GatherRulesTests {
  @Test func aGatherNeedsAPlayerInEachSide() throws {
    let gather = FootballGather(roster: try Fixtures.roster())
    #expect(throws: GatherError.validation("teamA", "")) { try gather.lineupForNewGather(teamA: [], teamB: [1]) }
    #expect(throws: GatherError.validation("teamB", "")) {
      try gather.lineupForNewGather(teamA: [1], teamB: [], bench: [2])
    }
  }

  @Test func aPlayerAppearsAtMostOnce() throws {
    let gather = FootballGather(roster: try Fixtures.roster())
    #expect(throws: GatherError.validation("teamB", "")) { try gather.lineupForNewGather(teamA: [1], teamB: [1]) }
    #expect(throws: GatherError.validation("bench", "")) {
      try gather.lineupForNewGather(teamA: [1], teamB: [2], bench: [1])
    }
    #expect(throws: GatherError.validation("teamA", "")) { try gather.lineupForNewGather(teamA: [1, 1], teamB: [2]) }
  }

  @Test func aPlayerGivenTwiceIsNamed() throws {
    let gather = FootballGather(roster: try Fixtures.roster())
    do {
      _ = try gather.lineupForNewGather(teamA: [1, 3], teamB: [2, 3])
      Issue.record("Carla was accepted on both sides")
    } catch {
      #expect(error.message == "Carla appears more than once in the gather.")
    }
    do {
      _ = try gather.prediction(teamA: [1], teamB: [2, 1])
      Issue.record("Ana was accepted on both sides of a prediction")
    } catch {
      #expect(error.message == "Ana is given more than once.")
    }
    do {
      try TeamBalancer.check([1, 2, 2], bench: []) { gather.roster[$0]?.name ?? "Player \($0)" }
      Issue.record("Bruno was accepted twice in a suggestion")
    } catch {
      #expect(error.message == "Bruno is given more than once.")
    }
  }

  @Test func everyPlayerMustBeOnTheRoster() throws {
    let gather = FootballGather(roster: try Fixtures.roster())
    #expect(throws: GatherError.playerNotFound) { try gather.lineupForNewGather(teamA: [1], teamB: [2], bench: [42]) }
  }

  @Test func onlyOneGatherIsActiveAtATime() throws {
    let gather = try Fixtures.gatherInPlay()
    #expect(throws: GatherError.gatherAlreadyActive) { try gather.lineupForNewGather(teamA: [6], teamB: [5]) }
  }

  @Test func withoutAGatherTheGatherCommandsSayNoActiveGather() throws {
    var gather = FootballGather(roster: try Fixtures.roster())
    #expect(throws: GatherError.noActiveGather) { try gather.requireActive() }
    #expect(throws: GatherError.noActiveGather) { try gather.changeActive { _ in } }
  }

  @Test func aPlayerCanMoveBetweenTeamsAndARosterPlayerCanJoin() throws {
    var gather = try Fixtures.gatherInPlay()
    try gather.changeActive { try $0.assign(try Fixtures.roster()[4], to: .teamA) }  // Eli from the bench
    try gather.changeActive { try $0.assign(try Fixtures.roster()[5], to: .teamB) }  // Fede joins
    let lineup = try gather.requireActive().lineup
    #expect(lineup.players(in: .teamA) == [1, 2, 5])
    #expect(lineup.players(in: .teamB) == [3, 4, 6])
    #expect(lineup.players(in: .bench) == [])
  }

  @Test func movingASidesLastPlayerOutIsRefusedAndChangesNothing() throws {
    var gather = FootballGather(roster: try Fixtures.roster())
    try gather.begin(
      ActiveGather(
        id: 1, startedAt: Fixtures.kickOff, lineup: try gather.lineupForNewGather(teamA: [1], teamB: [2]),
        clock: try MatchClock()))
    let before = try gather.requireActive()
    let ana = try gather.player(1)
    #expect(throws: GatherError.invalidTransition) {
      try gather.changeActive { try $0.assign(ana, to: .bench) }
    }
    #expect(try gather.requireActive() == before)
  }

  @Test func aPlayerInTheActiveGatherCannotBeDeletedButOthersCan() throws {
    let gather = try Fixtures.gatherInPlay()
    #expect(throws: GatherError.playerInActiveGather) { try gather.checkDeletable(5) }
    try gather.checkDeletable(6)
    #expect(throws: GatherError.playerNotFound) { try gather.checkDeletable(99) }
  }

  @Test func aChangeThatThrowsHalfwayIsNotKept() throws {
    var gather = try Fixtures.gatherInPlay()
    struct DiskFull: Error {}
    #expect(throws: DiskFull.self) {
      try gather.changeActive { active in
        _ = try active.scoreGoal(for: .teamA, at: .zero, wallNow: Fixtures.kickOff)
        throw DiskFull()
      }
    }
    #expect(try gather.requireActive().score == .zero)
  }
}
