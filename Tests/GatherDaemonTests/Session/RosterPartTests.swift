import Foundation
import GatherModel
import GatherRPC
import GatherStore
import Testing

@testable import GatherDaemon

/// The roster part of the session: a player deleted leaves every open plan in the same commit (the first waiting
/// player moving up), an import adds everyone or no one, and each new player is a `players` event.
@Suite(.timeLimit(.minutes(1))) struct RosterPartTests {
  let fixture: SessionFixture
  var session: SessionFixture.Session { fixture.session }

  init() async throws {
    fixture = try await SessionFixture()
    _ = try await fixture.perform { try $0.createPlayer(PlayerDetails(name: "Carla")) }
  }

  @Test func aDeletedPlayerLeavesEveryOpenPlanAndTheFirstWaitingMovesUp() async throws {
    let start = try ISO8601.zonedDate(PlansPartTests.nextWeek)
    let plan = try await session.perform {
      try $0.createPlan(startsAt: start.date, utcOffset: start.utcOffset, capacity: 2, place: nil, note: nil)
    }.plan.id
    for player: Player.ID in [1, 2, 3] { _ = try await session.perform { try $0.joinPlan(plan, player: player) } }
    try await fixture.subscribe([.plan, .players])
    try await session.perform { try $0.deletePlayer(1) }
    let events = try await fixture.nextEvents().map { event in
      "\(event.method):\(event.params["change"]?.stringValue ?? "?")"
    }
    #expect(events == ["plan:left", "plan:promoted", "players:deleted"], "one turn, in the order it happened")
    #expect(session.view.state.openPlan(plan)?.going.map(\.player) == [2, 3])
    #expect(session.view.state.roster[1] == nil)
  }

  @Test func anImportAddsEveryoneOrNoOne() async throws {
    let twice = [try PlayerDetails(name: "Dani"), try PlayerDetails(name: "dani")]
    await #expect(throws: GatherError.self) {
      try await session.perform { try $0.importPlayers(twice, allowDuplicates: false) }
    }
    #expect(session.view.state.roster.count == 3, "a refused import adds nobody")
    try await fixture.subscribe([.players])
    let added = try await session.perform {
      try $0.importPlayers([try PlayerDetails(name: "Dani"), try PlayerDetails(name: "Eli")], allowDuplicates: false)
    }
    #expect(added.map(\.name) == ["Dani", "Eli"])
    let events = try await fixture.nextEvents().map { $0.params["player"]?["name"]?.stringValue }
    #expect(events == ["Dani", "Eli"], "each new player is an event of its own")
  }
}
