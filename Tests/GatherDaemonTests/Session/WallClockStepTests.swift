import Clocks
import Foundation
import GatherModel
import GatherRPC
import GatherStore
import NIOCore
import NIOPosix
import Synchronization
import Testing

@testable import GatherDaemon

/// The wall clock stepped while the match clock counts down, on a test clock whose wall clock the test sets: the
/// match clock runs on untouched, and the wall time it ends at follows the step at once, in a `timer` event
/// (`wallClockSet`) and in the committed view that MQTT's retained state and new subscribers read.
@Suite(.timeLimit(.minutes(1))) struct WallClockStepTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  /// How far the test has set the wall clock from where the test clock alone would put it, in seconds.
  final class WallClockStep: Sendable {
    let seconds = Mutex<Double>(0)
  }

  let clock = TestClock()
  let step = WallClockStep()
  let session: GatherSession
  let sink = RecordingSink()

  init() async throws {
    let loops = MultiThreadedEventLoopGroup.singleton
    let (clock, step, origin) = (clock, step, clock.now)
    session = try GatherSession(
      store: .inMemory(), clock: clock, loop: loops.next(),
      wallClock: {
        Self.start.addingTimeInterval(origin.duration(to: clock.now).inSeconds + step.seconds.withLock { $0 })
      },
      hub: EventHub(subscriberLoop: loops.next()))
    try await session.perform { $0.start() }
    for name in ["Ana", "Bruno"] { _ = try await session.perform { try $0.createPlayer(PlayerDetails(name: name)) } }
    _ = try await session.perform { try $0.startGather(teamA: [1], teamB: [2], bench: [], seconds: 600) }
    let (table, session, sink) = (session.hub.subscribers, session, sink)
    try await table.loop.submit {
      table.add(session.hub.newSubscriptionID(), topics: Set(Topic.allCases), after: session.view.seq, sink: sink)
    }.get()
  }

  /// Sets the wall clock `seconds` away from the test clock's, and tells the session, as ``WallClockSteps`` does.
  func stepWallClock(by seconds: Double) async throws {
    step.seconds.withLock { $0 = seconds }
    session.wallClockStepped()
    try await session.perform { _ in }
  }

  /// The next batch's events as (method, change, timer's endsAt).
  func nextEvents() async throws -> [(method: String, change: String?, endsAt: String?)] {
    let batch = try #require(await sink.nextBatch())
    return try batch.map { subscription, event in
      var line: [UInt8] = []
      event.line.write(for: subscription, into: &line)
      let message = try JSONParser.parse(Array(line.dropLast()))
      let params = message["params"]
      return (
        message["method"]?.stringValue ?? "?", params?["change"]?.stringValue,
        params?["timer"]?["endsAt"]?.stringValue
      )
    }
  }

  func mqttEndsAt() -> String? { session.view.mqttState()["endsAt"]?.stringValue }

  @Test(arguments: [600.0, -600.0])
  func aStepMovesTheRunningClocksEndAtOnceAndTellsSubscribers(seconds: Double) async throws {
    _ = try await session.perform { try $0.timer(.start) }
    let started = try await nextEvents()
    #expect(started.map(\.change) == ["started"])
    let endsAt = try #require(started.first?.endsAt)
    #expect(endsAt == ISO8601.string(Self.start.addingTimeInterval(600)))
    #expect(mqttEndsAt() == endsAt)

    try await stepWallClock(by: seconds)
    let moved = ISO8601.string(Self.start.addingTimeInterval(600 + seconds))
    let events = try await nextEvents()
    #expect(events.map(\.method) == ["timer"])
    #expect(events.map(\.change) == ["wallClockSet"])
    #expect(events.first?.endsAt == moved)
    #expect(mqttEndsAt() == moved, "the retained state's end moved with the wall clock")
    #expect(try session.view.timerStatus().remainingSeconds == 600, "the match clock itself did not move")
  }

  @Test func aStepWithTheClockStoppedTellsNobodyAboutTheClock() async throws {
    try await stepWallClock(by: 600)
    _ = try await session.perform { try $0.createPlayer(PlayerDetails(name: "Carla")) }
    #expect(try await nextEvents().map(\.method) == ["players"])
    #expect(mqttEndsAt() == nil)
  }
}
