import Clocks
import Foundation
import GatherModel
import GatherRPC
import NIOPosix
import Testing

@testable import GatherDaemon
@testable import GatherStore

/// A man-of-the-match vote closes at its time, on the session's timer: also after a restart, and at start for a
/// vote whose time came while no gatherd ran; a close the disk refuses is tried again.
@Suite(.timeLimit(.minutes(1))) struct VotesPartTests {
  typealias Session = GatherSession
  static let start: Double = 1_800_000_000

  let directory = try! MatchPartTests.Directory()
  var path: String { directory.path + "/gather.sqlite" }

  /// A session on `store` whose wall clock reads `start + offset` when its test clock starts, closing votes an
  /// hour after their gather.
  static func session(_ store: GatherStore, clock: TestClock<Duration>, offset: Double = 0) async throws -> Session {
    let loops = MultiThreadedEventLoopGroup.singleton
    let origin = clock.now
    let session = try Session(
      store: store, clock: clock, loop: loops.next(),
      wallClock: { Date(timeIntervalSince1970: start + offset + origin.duration(to: clock.now).inSeconds) },
      hub: EventHub(subscriberLoop: loops.next()), voteWindow: .after(.seconds(3600)), localOffset: { _ in 0 })
    try await session.perform { $0.start() }
    return session
  }

  /// Plays and ends a gather of Ana and Bruno against Carla on `session`, and casts one vote; returns its id.
  static func gatherWithVote(_ session: Session) async throws -> Int64 {
    for name in ["Ana", "Bruno", "Carla"] {
      _ = try await session.perform { try $0.createPlayer(PlayerDetails(name: name)) }
    }
    _ = try await session.perform { try $0.startGather(teamA: [1, 2], teamB: [3], bench: [], seconds: 600) }
    let id = try await session.perform { try $0.endGather().record.id }
    _ = try await session.perform { try $0.castVote(gather: id, voter: 1, choice: 3) }
    return id
  }

  /// Subscribes `sink` to the session's votes.
  static func watch(_ session: Session, with sink: RecordingSink) async throws {
    let table = session.hub.subscribers
    try await table.loop.submit {
      table.add(session.hub.newSubscriptionID(), topics: [.vote], after: session.view.seq, sink: sink)
    }.get()
  }

  @Test func aVoteStillOpenAtARestartClosesAtItsTime() async throws {
    let first = try await Self.session(try GatherStore.open(path: path), clock: TestClock())
    let gather = try await Self.gatherWithVote(first)
    try await first.perform { $0.stop() }
    // gatherd comes back half an hour later.
    let clock = TestClock()
    let second = try await Self.session(try GatherStore.open(path: path), clock: clock, offset: 1800)
    #expect(second.view.state.openVote(gather)?.voted == [1])
    let sink = RecordingSink()
    try await Self.watch(second, with: sink)
    await clock.advance(by: .seconds(1799))
    #expect(second.view.state.openVote(gather) != nil)
    await clock.advance(by: .seconds(1))
    try await second.settleTurn(nudging: clock) { $0.state.openVote(gather) == nil }
    let batch = try #require(await sink.nextBatch())
    guard case .vote(let change) = try #require(batch.first).event.event else {
      Issue.record("not a vote event")
      return
    }
    #expect(change.kind == .closed && change.status.outcome?.winners.map(\.name) == ["Carla"])
    #expect(change.status.outcome?.closedAt == Date(timeIntervalSince1970: Self.start + 3600))
    #expect(second.view.state.openVote(gather) == nil)
  }

  @Test func aVoteWhoseTimeCameWhileNoGatherdRanClosesAtStartAsOfItsTime() async throws {
    let first = try await Self.session(try GatherStore.open(path: path), clock: TestClock())
    let gather = try await Self.gatherWithVote(first)
    try await first.perform { $0.stop() }
    let store = try GatherStore.open(path: path)
    let second = try await Self.session(store, clock: TestClock(), offset: 5 * 3600)
    #expect(second.view.state.votes.isEmpty)
    guard case .closed(let outcome) = try store.voteStanding(of: gather) else {
      Issue.record("the vote is still open")
      return
    }
    #expect(
      outcome.winners.map(\.name) == ["Carla"] && outcome.closedAt == Date(timeIntervalSince1970: Self.start + 3600))
  }

  @Test func aCloseTheDiskRefusesIsTriedAgainHalfAMinuteLater() async throws {
    let store = try GatherStore.inMemory()
    let clock = TestClock()
    let session = try await Self.session(store, clock: clock)
    let gather = try await Self.gatherWithVote(session)
    try store.database.writeWithoutTransaction { db in try db.execute("PRAGMA query_only = true") }
    await clock.advance(by: .seconds(3600))
    // The timer rang and the disk refused the close: the vote is still open.
    try await session.settleTurn(nudging: clock) { $0.storage.outage != nil }
    #expect(try await session.perform { $0.state.openVote(gather) != nil })
    try store.database.writeWithoutTransaction { db in try db.execute("PRAGMA query_only = false") }
    await clock.advance(by: .seconds(29))
    #expect(try await session.perform { $0.state.openVote(gather) != nil })
    await clock.advance(by: .seconds(1))
    try await session.settleTurn(nudging: clock) { $0.state.openVote(gather) == nil }
    #expect(try await session.perform { $0.state.openVote(gather) == nil })
    guard case .closed(let outcome) = try store.voteStanding(of: gather) else {
      Issue.record("the vote is still open")
      return
    }
    #expect(outcome.closedAt == Date(timeIntervalSince1970: Self.start + 3600), "closed as of its time")
  }
}
