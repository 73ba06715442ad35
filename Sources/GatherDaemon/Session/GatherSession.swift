import Foundation
import GatherModel
import GatherRPC
import GatherStore
import Logging

/// The one owner of the live Football Gather.
///
/// Every command runs here, one at a time: the model checks it on a copy, the store commits it, the copy is
/// kept, and its events are published — so events come in the order of the changes, and a refused command
/// changes nothing. The match clock's ticks are produced here too, from an alarm set for the next whole second.
public actor GatherSession<C: Clock> where C.Duration == Duration {
  var state: FootballGather
  let store: GatherStore
  let timeline: Timeline<C>
  let wallClock: @Sendable () -> Date
  /// Where events go.
  public nonisolated let hub: EventHub
  let logger: Logger
  private var alarm: Task<Void, Never>?
  private var heartbeats = 0
  /// The wall-clock time the running clock reaches 0, worked out once per deadline so that every reply and
  /// every tick reports the same instant; nil while the clock does not run.
  private var endsAt: (deadline: Duration, wall: Date)?

  /// Loads the Football Gather from `store`, restoring the active gather's clock on `clock`.
  public init(
    store: GatherStore, clock: C, wallClock: @escaping @Sendable () -> Date = { Date() }, hub: EventHub = EventHub(),
    logger: Logger = Logger(label: "gatherd.session")
  ) throws {
    let timeline = Timeline(clock: clock)
    self.timeline = timeline
    self.store = store
    // The store keeps milliseconds; times in memory are cut to the same, so a restart reads back what was shown.
    self.wallClock = { Date(timeIntervalSince1970: (wallClock().timeIntervalSince1970 * 1000).rounded(.down) / 1000) }
    self.hub = hub
    self.logger = logger
    state = try store.load(at: timeline.now, wallNow: wallClock())
  }

  /// Starts the clock's alarm, for a gather restored with its clock running.
  public func start() {
    if let active = state.active {
      logger.info(
        "Restored gather \(active.id): \(active.score.text), clock \(active.clock.state.rawValue) at \(active.clock.display(at: timeline.now))."
      )
      if active.clock.state == .finished { persistFinishedClockIfNeeded() }
    }
    rearmClock()
  }

  /// Stops the alarm; nothing ticks afterwards.
  public func stop() {
    alarm?.cancel()
    alarm = nil
  }

  /// How many players are on the roster.
  public var playerCount: Int { state.roster.count }

  /// The match in one line, as `systemctl status` shows it: "Team A 2-1 Team B, 07:32 left, running", or
  /// "no gather, 14 players".
  public func statusLine() -> String {
    guard let gather = state.active else {
      return "no gather, \(state.roster.count) player\(state.roster.count == 1 ? "" : "s")"
    }
    let clock = gather.clock
    let running = clock.state == .running && clock.remaining(at: now) == .zero ? "finished" : clock.state.rawValue
    return "Team A \(gather.score.text) Team B, \(clock.display(at: now)) left, \(running)"
  }

  /// Counts a watchdog round trip. It changes the session's state so that the hop onto the actor is never
  /// optimised away: a wedged session must stop the watchdog.
  public func heartbeat() { heartbeats &+= 1 }

  /// Blocks the session forever, so that tests can see the watchdog catch a wedged daemon. Only reachable
  /// through `test.wedgeSession`, which exists only when `GATHERD_ENABLE_TEST_FAULTS=1`.
  func wedgeForTesting() {
    logger.warning("test.wedgeSession: the session now blocks forever, as a test asked.")
    while true { sleep(3600) }
  }

  // MARK: - Views of the present

  var now: Duration { timeline.now }

  func timerStatus(of gather: ActiveGather) -> TimerStatus {
    TimerStatus(gather.clock, at: now, endsAt: wallEndsAt(gather.clock))
  }

  /// The wall-clock instant a running clock reaches 0, the same for as long as its deadline stays put.
  func wallEndsAt(_ clock: MatchClock) -> Date? {
    // Periods (issue 9): a break between periods counts down to a deadline too.
    guard clock.state == .running || clock.state == .halfTimeBreak, let deadline = clock.deadline else { return nil }
    if let endsAt, endsAt.deadline == deadline { return endsAt.wall }
    let wall = wallClock().addingTimeInterval((deadline - now).inSeconds)
    endsAt = (deadline, wall)
    return wall
  }

  func gatherJSON(_ gather: ActiveGather) -> JSONValue {
    gather.json(roster: state.roster, timer: timerStatus(of: gather))
  }

  /// The active gather as JSON, or null.
  func currentGatherJSON() -> JSONValue { state.active.map(gatherJSON) ?? .null }

  /// A short summary for `daemon.status`.
  func statusSummary() -> JSONValue {
    guard let gather = state.active else { return .null }
    return .object(["id": .int(gather.id), "score": gather.score.json, "timer": timerStatus(of: gather).json])
  }

  // MARK: - Clock alarm

  /// Sets the alarm for the clock's next tick, replacing any earlier one; none when the clock is not running.
  func rearmClock() {
    alarm?.cancel()
    alarm = nil
    guard let next = state.active?.clock.nextTick else { return }
    alarm = Task { [timeline] in
      do { try await timeline.sleep(until: next) } catch { return }
      guard !Task.isCancelled else { return }
      self.clockAlarmRang()
    }
  }

  private func clockAlarmRang() {
    fireDueTicks()
    rearmClock()
  }

  /// Announces the ticks, and the finish, that are due by now; commands call it first so that nothing
  /// that happened before them is announced after them.
  func fireDueTicks() {
    let at = now
    // Taken before advancing: the ticks of one batch share the running clock's end, even the one that finishes it.
    let endsAtBefore = state.active.flatMap { wallEndsAt($0.clock) }
    let events = (try? state.changeActive { $0.clock.advance(to: at) }) ?? []
    if let gather = state.active {
      for event in events {
        switch event {
        case .tick(let seconds): publishTick(seconds, gather: gather, at: at, endsAt: endsAtBefore)
        case .finished:
          persistFinishedClockIfNeeded()
          logger.info("Gather \(gather.id): the match clock finished.", metadata: ["gather_id": "\(gather.id)"])
          hub.publish(.timer, ["change": "finished", "timer": timerStatus(of: gather).json])
        // Periods (issue 9): the break's ticks and the ends of periods and breaks, in GatherSession+Periods.swift.
        case .breakTick, .periodEnded, .breakEnded: publishPeriodEvent(event, gather: gather, at: at)
        }
      }
    }
  }

  private func publishTick(_ seconds: Int, gather: ActiveGather, at moment: Duration, endsAt: Date?) {
    let remaining = gather.clock.remaining(at: moment)
    let deadline = endsAt.map { ISO8601.string($0) }
    // Periods (issue 9): `remaining` counts the added time too; `display` shows the regular time and `added`
    // what is left of the added time. The tick at 0 carries the state the clock goes to (finished after the
    // last period).
    let added = gather.clock.addedSeconds
    hub.publish(
      .tick,
      [
        "state": .string(seconds == 0 ? gather.clock.state.rawValue : "running"),
        "remaining": .int(Int64(seconds)), "remainingMs": .int(remaining.inMilliseconds),
        "display": .string(MatchClock.display(seconds: max(0, seconds - added))),
        "endsAt": deadline.map { .string($0) } ?? .null, "period": .int(Int64(gather.clock.periodOfPlay)),
        "added": added > 0 ? .string(MatchClock.addedDisplay(seconds: min(added, seconds))) : .null,
      ])
  }

  func persistFinishedClockIfNeeded() {
    guard let gather = state.active else { return }
    do {
      try store.saveClock(gather.clock.snapshot(at: now, wallNow: wallClock()), gatherID: gather.id)
    } catch {
      logger.error("Could not save the finished clock of gather \(gather.id): \(error)")
    }
  }
}
