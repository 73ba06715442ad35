import Clocks
import Foundation
import GatherModel
import GatherRPC
import GatherStore
import NIOCore
import NIOPosix
import Testing

@testable import GatherDaemon

/// A session on a test clock and an in-memory store, on real event loops, with Ana (1) and Bruno (2) on its
/// roster and one subscriber's sink, as the session tests use it.
struct SessionFixture {
  typealias Session = GatherSession

  let clock = TestClock()
  let session: Session
  let sink = RecordingSink()

  init(store: GatherStore? = nil) async throws {
    let loops = MultiThreadedEventLoopGroup.singleton
    session = try GatherSession(
      store: store ?? .inMemory(), clock: clock, loop: loops.next(),
      wallClock: { Date(timeIntervalSince1970: 1_800_000_000) },
      hub: EventHub(subscriberLoop: loops.next()))
    try await session.perform { $0.start() }
    for name in ["Ana", "Bruno"] { _ = try await session.perform { try $0.createPlayer(PlayerDetails(name: name)) } }
  }

  /// Runs a command on the session's loop, as a connection's change does.
  func perform<T: Sendable>(_ body: @escaping @Sendable (inout Turn) throws -> T) async throws -> T {
    try await session.perform(body)
  }

  /// Subscribes to `topics` as a connection does, on the subscribers' loop; returns the view it started from.
  @discardableResult
  func subscribe(_ topics: Set<Topic> = Set(Topic.allCases)) async throws -> SessionView {
    let table = session.hub.subscribers
    let (session, sink) = (session, sink)
    return try await table.loop.submit {
      let view = session.view
      table.add(session.hub.newSubscriptionID(), topics: topics, after: view.seq, sink: sink)
      return view
    }.get()
  }

  /// The next batch of events, decoded: (seq, topic, params).
  func nextEvents() async throws -> [(seq: Int64, method: String, params: JSONValue)] {
    guard let batch = await sink.nextBatch() else { throw CancellationError() }
    return try batch.map { subscription, event in
      var line: [UInt8] = []
      event.line.write(for: subscription, into: &line)
      let message = try JSONParser.parse(Array(line.dropLast()))
      return (event.seq, message["method"]!.stringValue!, message["params"]!)
    }
  }
}

extension GatherSession {
  /// Takes turns until `condition` holds of the view, or many turns went by: an alarm that rang on a test clock
  /// hands its turn to the session's loop from a task of its own, which may run after the test's next turn.
  func settle(
    until condition: (SessionView) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    for _ in 0..<10_000 where !condition(view) {
      await Task.yield()
      try await perform { _ in }
    }
    if !condition(view) { Issue.record("the session never settled", sourceLocation: sourceLocation) }
  }

  /// Takes turns until `condition` holds of a turn (what the view does not show, such as the storage's health),
  /// or many turns went by. Each turn nudges `clock` (an advance by nothing): an alarm's task starts its sleep on a
  /// thread of its own, and one that began sleeping only after the clock reached its deadline waits for an advance.
  func settleTurn(
    nudging clock: TestClock<Duration>? = nil, until condition: @escaping @Sendable (inout Turn) -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    for _ in 0..<10_000 {
      if try await perform(condition) { return }
      await clock?.advance(by: .zero)
      await Task.yield()
    }
    Issue.record("the session never settled", sourceLocation: sourceLocation)
  }
}
