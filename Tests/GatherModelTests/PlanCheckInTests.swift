import Foundation
import GatherModel
import Testing

/// On the night: the referee ticks who turned up, brings in waiting players and walk-ins, and a gather
/// started from the plan takes exactly those who are there.
@Suite struct PlanCheckInTests {
  static let now = Fixtures.kickOff
  static let night = now.addingTimeInterval(3 * 86400)

  /// Ana, Bruno and Carla going, Dani and Eli waiting (capacity 3); Fede never answered.
  static func plan() throws -> Plan {
    try PlanTests.joined([1, 2, 3, 4, 5], capacity: 3)
  }

  static func players(_ ids: Player.ID...) throws -> [Player] { try ids.map(PlanTests.player) }

  @Test func whoCameIsInTheOrderTheGatherTakesThemAndTheRestAreNoShows() throws {
    var plan = try Self.plan()
    let newcomer = Player(id: 9, details: try PlayerDetails(name: "Zé"))
    let checkIn = try plan.checkIn(
      present: try Self.players(6, 4, 3, 1), newcomers: [newcomer], at: Self.night)
    #expect(checkIn.present.map(\.player) == [1, 3, 4, 6, 9], "going in join order, then waiting, then walk-ins")
    #expect(checkIn.present.map(\.presence) == [.going, .going, .waiting, .walkIn, .walkIn])
    #expect(checkIn.present.map(\.guest) == [false, false, false, false, true], "a newcomer is a guest")
    #expect(checkIn.noShows.map(\.player) == [2], "Bruno was going and did not come")
    #expect(checkIn.at == Self.night)
    #expect(plan.checkIn == checkIn)
    #expect(plan.kickOffPlayers == [1, 3, 4, 6, 9])
    #expect(checkIn.isPresent(4) && !checkIn.isPresent(2) && !checkIn.isPresent(5))
    #expect(plan.going.map(\.player) == [1, 2, 3], "the lists stay as people answered")
  }

  @Test func aPlayerWhoSaidNoButCameIsAWalkIn() throws {
    var plan = try Self.plan()
    _ = try plan.leave(try PlanTests.player(2), at: Self.now)
    let checkIn = try plan.checkIn(present: try Self.players(1, 2, 3, 4), at: Self.night)
    #expect(checkIn.present.map(\.presence) == [.going, .going, .going, .walkIn])
    #expect(checkIn.present.map(\.player) == [1, 3, 4, 2], "Dani moved up when Bruno left")
    #expect(checkIn.noShows.isEmpty)
  }

  @Test func aSecondCheckInReplacesTheFirst() throws {
    var plan = try Self.plan()
    try plan.checkIn(present: try Self.players(1), at: Self.night)
    let again = try plan.checkIn(present: try Self.players(1, 2, 3), at: Self.night.addingTimeInterval(600))
    #expect(plan.checkIn == again)
    #expect(again.noShows.isEmpty && again.present.count == 3)
  }

  @Test func nobodyTwiceAndNobodyAtAllAreRefused() throws {
    var plan = try Self.plan()
    let before = plan
    #expect(throws: GatherError.validation("present", "")) { try plan.checkIn(present: [], at: Self.night) }
    #expect(throws: GatherError.validation("present", "")) {
      try plan.checkIn(present: try Self.players(1, 2, 1), at: Self.night)
    }
    let sameID = Player(id: 1, details: try PlayerDetails(name: "Ana again"))
    #expect(throws: GatherError.validation("present", "")) {
      try plan.checkIn(present: try Self.players(1), newcomers: [sameID], at: Self.night)
    }
    #expect(plan == before, "a refused check-in changes nothing")
  }

  @Test func onlyAnOpenPlanTakesACheckIn() throws {
    var cancelled = try Self.plan()
    try cancelled.cancel()
    #expect(throws: GatherError.planCancelled) { try cancelled.checkIn(present: try Self.players(1), at: Self.night) }
    var started = try Self.plan()
    try started.start(gatherID: 7)
    #expect(throws: GatherError.planStarted) { try started.checkIn(present: try Self.players(1), at: Self.night) }
  }

  @Test func aCheckedInPlanStartsWithThoseThereAndNeedsTwoOfThem() throws {
    var plan = try Self.plan()
    try plan.checkIn(present: try Self.players(5), at: Self.night)
    #expect(plan.kickOffPlayers == [5])
    #expect(throws: GatherError.validation("plan", "")) { try plan.start(gatherID: 1) }
    try plan.checkIn(present: try Self.players(5, 6), at: Self.night)
    try plan.start(gatherID: 1)
    #expect(plan.status == .started)
  }

  @Test func aPlayerTakenOffTheRosterLeavesTheCheckIn() throws {
    var plan = try Self.plan()
    try plan.checkIn(present: try Self.players(1, 4), at: Self.night)
    _ = plan.remove(4)
    _ = plan.remove(2)
    #expect(plan.checkIn?.present.map(\.player) == [1])
    #expect(plan.checkIn?.noShows.map(\.player) == [3], "Bruno, a no-show, is gone too")
  }

  @Test func walkInsNewToTheRosterNeedNewNamesGivenOnce() throws {
    let gather = FootballGather(roster: try Fixtures.roster())
    #expect(try gather.walkInDetails(["Zé", " Mo "]).map(\.name) == ["Zé", "Mo"])
    #expect(throws: GatherError.validation("walkIns", "")) { try gather.walkInDetails(["ana"]) }
    #expect(throws: GatherError.validation("walkIns", "")) { try gather.walkInDetails(["Zé", "ZÉ"]) }
    #expect(throws: GatherError.validation("walkIns", "")) { try gather.walkInDetails([""]) }
  }

  @Test func anOddPlayerOutStartsOnTheBenchFirstComeFirstPlay() throws {
    let three = try PlanTests.joined([4, 2, 5], capacity: 10)
    #expect(three.kickOffLineup.playing == [4, 2] && three.kickOffLineup.bench == [5])
    let four = try PlanTests.joined([4, 2, 5, 1], capacity: 10)
    #expect(four.kickOffLineup.playing == [4, 2, 5, 1] && four.kickOffLineup.bench.isEmpty)
    #expect(try PlanTests.joined([3, 1], capacity: 10).kickOffLineup.bench.isEmpty)
    // Those who checked in, in the check-in's order: going in the order they joined, then those brought in.
    var checked = try PlanTests.joined([1, 2, 3, 4], capacity: 2)
    _ = try checked.checkIn(
      present: [try PlanTests.player(3), try PlanTests.player(1), try PlanTests.player(2)], at: PlanTests.now)
    #expect(checked.kickOffLineup.playing == [1, 2] && checked.kickOffLineup.bench == [3])
  }
}
