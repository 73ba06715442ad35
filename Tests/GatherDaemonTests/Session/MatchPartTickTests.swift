import Dispatch
import Foundation
import GatherModel
import GatherRPC
import GatherStore
import NIOCore
import NIOPosix
import Synchronization
import Testing

@testable import GatherDaemon

/// The match clock's alarm on the daemon's own clock and two real loops, as gatherd runs it: a tick's turn is
/// taken on the subscribers' loop when the session is free and nothing but ticks is due, and on the session's
/// loop otherwise; either way subscribers get every event once, in seq order.
@Suite(.timeLimit(.minutes(1))) final class MatchPartTickTests {
  let loops = MultiThreadedEventLoopGroup(numberOfThreads: 2)
  let sessionLoop: any EventLoop
  let subscriberLoop: any EventLoop
  let session: GatherSession
  let sink = RecordingSink()
  let turns = TurnLog()

  init() async throws {
    (sessionLoop, subscriberLoop) = (loops.next(), loops.next())
    session = try GatherSession(
      store: .inMemory(), clock: EventLoopClock(loops: sessionLoop), loop: sessionLoop,
      hub: EventHub(subscriberLoop: subscriberLoop))
    try await session.perform { $0.start() }
    for name in ["Ana", "Bruno"] { _ = try await session.perform { try $0.createPlayer(PlayerDetails(name: name)) } }
    let (turns, subscriberLoop) = (turns, subscriberLoop)
    session.hub.observe { topic in turns.record(topic, onSubscriberLoop: subscriberLoop.inEventLoop) }
  }

  deinit { try? loops.syncShutdownGracefully() }

  /// Starts a gather of `seconds`, subscribes to everything and starts the clock; returns an instant after it
  /// started, so that its first tick is due at most a second later.
  func startClock(seconds: Int) async throws -> ContinuousClock.Instant {
    try await startGatherAndSubscribe(seconds: seconds)
    _ = try await session.perform { try $0.timer(.start) }
    return ContinuousClock.now
  }

  /// Has `run` start a task that blocks its thread (an event loop's) until `held` is signalled, and returns once
  /// it does block. The test's own task awaits rather than blocks, so Swift's few cooperative threads stay free.
  func holdUntilSignalled(_ held: DispatchSemaphore, _ run: (@escaping @Sendable () -> Void) -> Void) async {
    let (holding, continuation) = AsyncStream.makeStream(of: Void.self)
    run {
      continuation.yield()
      held.wait()
    }
    for await _ in holding { break }
  }

  /// Starts a gather of `seconds` with its clock stopped, and subscribes to everything.
  func startGatherAndSubscribe(seconds: Int = 10) async throws {
    _ = try await session.perform { try $0.startGather(teamA: [1], teamB: [2], bench: [], seconds: seconds) }
    let (table, session, sink) = (session.hub.subscribers, session, sink)
    try await table.loop.submit {
      table.add(session.hub.newSubscriptionID(), topics: Set(Topic.allCases), after: session.view.seq, sink: sink)
    }.get()
  }

  /// The events subscribers get, as "topic:detail", until (and with) the first one that reads `last`;
  /// it returns once the turns that published them are over, so that ``turns`` has them all.
  func events(through last: String) async throws -> [String] {
    var seen: [String] = []
    var seq: Int64 = 0
    while seen.last != last {
      guard let batch = await sink.nextBatch() else { throw CancellationError() }
      for (subscription, event) in batch {
        #expect(event.seq > seq, "events arrive in seq order")
        seq = event.seq
        var line: [UInt8] = []
        event.line.write(for: subscription, into: &line)
        let params = try JSONParser.parse(Array(line.dropLast()))["params"]!
        let detail = params["change"]?.stringValue ?? params["display"]?.stringValue ?? ""
        seen.append("\(event.topic.rawValue):\(detail)")
      }
    }
    // A turn tells the observers after its writes: one more task on each loop waits for its end.
    try await sessionLoop.submit {}.get()
    try await subscriberLoop.submit {}.get()
    return seen
  }

  @Test func aTickIsTakenAndWrittenOnTheSubscribersLoop() async throws {
    _ = try await startClock(seconds: 5)
    #expect(try await events(through: "tick:00:03") == ["timer:started", "tick:00:04", "tick:00:03"])
    #expect(turns.ticks.prefix(2) == [true, true], "no other thread is woken for a tick")
    #expect(turns.entries.first { $0.topic == .timer }?.onSubscriberLoop == false)
    try await session.perform { $0.stop() }
  }

  @Test func theFinalWhistleIsSavedOnTheSessionsLoop() async throws {
    _ = try await startClock(seconds: 1)
    #expect(try await events(through: "timer:finished") == ["timer:started", "tick:00:00", "timer:finished"])
    // The turn that saves the finished clock to the database never runs on the subscribers' loop.
    #expect(turns.ticks == [false])
    #expect(session.view.state.active?.clock.state == .finished)
    try await session.perform { $0.stop() }
  }

  @Test func aTickNeverOvertakesAnEventAlreadyOnItsWay() async throws {
    try await startGatherAndSubscribe()
    // Hold the subscribers' loop, queue a task and then the start's and the goal's batches behind it, and let
    // the tick come due while they wait: NIO then runs the alarm among them, before the goal's batch is
    // delivered. The loop is held before the clock starts, so a late test thread cannot let the tick slip out.
    let held = DispatchSemaphore(value: 0)
    await holdUntilSignalled(held) { hold in subscriberLoop.execute(hold) }
    subscriberLoop.execute {}
    _ = try await session.perform { try $0.timer(.start) }
    let started = ContinuousClock.now
    _ = try await session.perform { try $0.goal(for: .teamA, by: nil) }
    try await Task.sleep(until: started + .milliseconds(1100), clock: .continuous)
    held.signal()
    let seen = try await events(through: "tick:00:09")
    #expect(seen.first == "timer:started")
    #expect(seen.filter { $0.hasPrefix("tick") } == ["tick:00:09"])
    #expect(seen.first { $0.hasPrefix("score") } != nil)
    #expect(seen.last == "tick:00:09", "the goal, published first, arrives first")
    try await session.perform { $0.stop() }
  }

  @Test func aTickThatFindsATurnInProgressWaitsForIt() async throws {
    try await startGatherAndSubscribe()
    // The turn that starts the clock (and sets its alarm) is held past the first tick's second, however late
    // a loaded machine runs this test: the alarm rings while that turn is still in progress.
    let held = DispatchSemaphore(value: 0)
    let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
    let turn = Task { [session] in
      try await session.perform { session in
        _ = try session.timer(.start)
        startedContinuation.yield()
        held.wait()
      }
    }
    for await _ in started { break }
    try await Task.sleep(until: ContinuousClock.now + .milliseconds(1100), clock: .continuous)
    held.signal()
    try await turn.value
    #expect(try await events(through: "tick:00:09") == ["timer:started", "tick:00:09"])
    #expect(turns.ticks.prefix(1) == [false], "the tick waited for the session's turn, on the session's loop")
    try await session.perform { $0.stop() }
  }

  @Test func afterStopNoChangeSetsTheAlarmAgain() async throws {
    _ = try await session.perform { try $0.startGather(teamA: [1], teamB: [2], bench: [], seconds: 10) }
    try await session.perform { $0.stop() }
    // A change still on its way at shutdown: its clock runs, but no timer outlives the session's loop.
    _ = try await session.perform { try $0.timer(.start) }
    #expect(try await session.perform { !$0.match.alarm.isSet })
    #expect(session.view.state.active?.clock.state == .running)
  }
}

/// Which loop took the turn that published each event.
final class TurnLog: Sendable {
  private let log = Mutex<[(topic: Topic, onSubscriberLoop: Bool)]>([])

  func record(_ topic: Topic, onSubscriberLoop: Bool) { log.withLock { $0.append((topic, onSubscriberLoop)) } }

  var entries: [(topic: Topic, onSubscriberLoop: Bool)] { log.withLock { $0 } }

  /// For each tick so far, whether its turn ran on the subscribers' loop.
  var ticks: [Bool] { entries.filter { $0.topic == .tick }.map(\.onSubscriberLoop) }
}
