import Clocks
import FoundationEssentials
import GatherModel
import GatherRPC
import Testing

@testable import GatherDaemon
@testable import GatherStore

/// A database that cannot be written: the session refuses the change with `StorageUnavailable`
/// and keeps its memory, its view and its events as they were; the clock's alarm goes on; writes work again
/// once storage is back. A read-only connection (`PRAGMA query_only`) stands in for the failing disk.
@Suite(.timeLimit(.minutes(1))) struct SessionStorageTests {
  let store: GatherStore
  let fixture: SessionFixture
  var session: SessionFixture.Session { fixture.session }

  init() async throws {
    store = try GatherStore.inMemory()
    fixture = try await SessionFixture(store: store)
    _ = try await fixture.perform { try $0.startGather(teamA: [1], teamB: [2], bench: [], seconds: 3) }
  }

  func storage(writable: Bool) throws {
    try store.database.writeWithoutTransaction { db in try db.execute("PRAGMA query_only = \(!writable)") }
  }

  @Test func refusedChangesLeaveMemoryViewAndEventsAsTheyWere() async throws {
    _ = try await session.perform { try $0.timer(.start) }
    _ = try await session.perform { try $0.timer(.pause) }
    _ = try await session.perform { try $0.createPlayer(PlayerDetails(name: "Carla")) }
    let before = session.view
    try storage(writable: false)
    let changes: [@Sendable (inout Turn) throws -> Void] = [
      { _ = try $0.createPlayer(PlayerDetails(name: "Dani")) },
      { _ = try $0.updatePlayer(1, PlayerChanges(name: "Ana B")) }, { _ = try $0.goal(for: .teamA, by: 1) },
      { _ = try $0.correctScore(to: Score(teamA: 3, teamB: 3)) }, { _ = try $0.timer(.resume) },
      { _ = try $0.timer(.reset) }, { _ = try $0.assign(3, to: .bench) }, { try $0.deletePlayer(3) },
      { _ = try $0.endGather() }, { _ = try $0.cancelGather() },
    ]
    for change in changes {
      let error = await #expect(throws: StorageUnavailable.self) { try await session.perform(change) }
      #expect(error?.cause == "read_only")
    }
    let after = session.view
    #expect(after.seq == before.seq)
    #expect(after.players == before.players)
    #expect(try after.activeGather().score == before.activeGather().score)
    #expect(try after.activeGather().log == before.activeGather().log)
    #expect(try after.timerStatus() == before.timerStatus())
    #expect(after.currentGather?.json == before.currentGather?.json)
    #expect(try await session.perform { $0.storage.outage?.cause } == "read_only")

    try storage(writable: true)
    let goal = try await session.perform { try $0.goal(for: .teamB, by: nil) }
    #expect(goal.score.text == "0-1")
    #expect(session.view.seq == before.seq + 1)
    #expect(try await session.perform { $0.storage.outage } == nil)
  }

  @Test func theAlarmEndsTheMatchOnAFullDiskAndSavesItOnceStorageIsBack() async throws {
    try await fixture.subscribe()
    _ = try await session.perform { try $0.timer(.start) }
    try storage(writable: false)
    var seen: [String] = []
    while !seen.contains("timer:finished") {
      let batch = try await fixture.nextEvents().map { "\($0.method):\($0.params["change"]?.stringValue ?? "")" }
      seen += batch
      if !batch.contains("timer:finished") { await fixture.clock.advance(by: .milliseconds(1001)) }
    }
    #expect(seen.filter { $0 == "tick:" }.count == 3)
    #expect(try session.view.timerStatus().state == .finished)
    #expect(try await session.perform { $0.match.clockSaveOwed })
    // The row still holds the running clock; restored after its end, it is the same finished clock.
    let wall = Date(timeIntervalSince1970: 1_800_000_000)
    #expect(try store.load(at: .zero, wallNow: wall).active?.clock.state == .running)
    #expect(try store.load(at: .zero, wallNow: wall + 4).active?.clock.state == .finished)

    try storage(writable: true)
    try await session.perform { _ in }
    #expect(try await session.perform { $0.match.clockSaveOwed } == false)
    #expect(try store.load(at: .zero, wallNow: wall).active?.clock.state == .finished)
  }
}
