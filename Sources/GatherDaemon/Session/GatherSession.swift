import FoundationEssentials
import GatherModel
import GatherStore
import Glibc
import Logging
import NIOCore
import Synchronization

/// The one owner of the live Football Gather.
///
/// Everything that changes the session runs one turn at a time: the model checks a command on a copy, the
/// store commits it (synced to disk), the copy is kept, and its events are published — so events come in the
/// order of the changes, and a refused command changes nothing. Commands take their turns on the session's own
/// event loop. The match clock's ticks come from an event-loop timer on the subscribers' loop, which takes the
/// tick's turn itself when the session is free (GatherSession+Alarm.swift). After each turn the session
/// publishes a new ``SessionView``, from which every connection answers reads on its own loop without waiting
/// for a commit.
///
/// Its mutable state is touched only in a turn, which holds ``turns``: call its commands through
/// ``perform(_:)`` or ``run(_:replyingOn:to:)``, which take their turns on ``loop``.
public final class GatherSession<C: Clock>: @unchecked Sendable where C.Duration == Duration {
  /// The event loop every command and commit of this session runs on.
  public let loop: any EventLoop
  /// Held for every turn of the session, wherever it runs, so that turns never overlap.
  let turns: Mutex<Void>
  var state: FootballGather
  let store: GatherStore
  let timeline: Timeline<C>
  let wallClock: @Sendable () -> Date
  /// Where events go.
  public let hub: EventHub
  let logger: Logger
  private let published: Mutex<SessionView>
  /// The clock's alarm, if it is set, and the number that tells it from the alarms it replaced.
  var alarm: (generation: Int, cancel: @Sendable () -> Void)?
  var alarmGeneration = 0
  /// Set by ``stop()``: the alarm is not set again, and one that rings late is ignored, since the loops are
  /// about to stop (the session's first).
  let alarmStopped: Atomic<Bool>
  private var heartbeats = 0
  /// Cleared by ``refuseChanges()``, when the daemon begins to stop its loops.
  private let takesChanges: Atomic<Bool>
  /// Whether the database took the last write (GatherSession+Storage.swift).
  var storage = StorageHealth()
  /// Commit times, tick lateness and storage health, for the metrics.
  let metrics = SessionMetrics()
  /// Whether a clock transition of the alarm's could not be saved and is still to be written.
  var clockSaveOwed = false
  /// The wall-clock time the running clock reaches 0, worked out once per deadline so that every reply and
  /// every tick reports the same instant; nil while the clock does not run.
  private var endsAt: (deadline: Duration, wall: Date)?
  /// When a gather's man-of-the-match vote closes, and the server's offset from UTC at a moment, which places
  /// "the next day at 12:00" (GatherSession+VoteTimer.swift).
  let voteWindow: VoteWindow
  let localOffset: @Sendable (Int64) -> Int
  /// The timer that closes the soonest open vote, if one is open; cancelled by calling it.
  var voteAlarm: (@Sendable () -> Void)?
  /// When plans expire and reminders go out (gatherd's settings).
  let planTimes: PlanTimes
  /// The server's time zone, which schedules without a fixed offset read their day and time in.
  let zone: ZoneRule
  /// The plans' scheduler: its alarm, set for the next moment a plan or a schedule has something due
  /// (GatherSession+Agenda.swift), and the number that tells it from the alarms it replaced.
  var agenda: (generation: Int, cancel: @Sendable () -> Void)?
  var agendaGeneration = 0

  /// Loads the Football Gather from `store`, restoring the active gather's clock on `clock`; commands run on
  /// `loop`, and events go to `hub`. Plans expire and remind as `planTimes` say, and schedules read their times in
  /// `zone` (the server's own by default). Man-of-the-match votes close as `voteWindow` says, in the server's time
  /// zone (`localOffset`: its offset from UTC at a moment, in seconds since 1970; the C library's zone by default).
  public init(
    store: GatherStore, clock: C, loop: any EventLoop, wallClock: @escaping @Sendable () -> Date = { Date() },
    hub: EventHub, planTimes: PlanTimes = .standard, zone: ZoneRule? = nil,
    logger: Logger = Logger(label: "gatherd.session"), voteWindow: VoteWindow = .standard,
    localOffset: (@Sendable (Int64) -> Int)? = nil
  ) throws {
    let timeline = Timeline(clock: clock)
    // Loaded before any property is set: Swift 6.3's release build crashes on a throwing init that must
    // destroy the Atomic and the Mutex below (cross-module optimization, "Found ownership error").
    let state = try store.load(at: timeline.now, wallNow: wallClock())
    takesChanges = Atomic(true)
    turns = Mutex(())
    alarmStopped = Atomic(false)
    self.timeline = timeline
    self.store = store
    self.loop = loop
    // The store keeps milliseconds; times in memory are cut to the same, so a restart reads back what was shown.
    self.wallClock = { Date(timeIntervalSince1970: (wallClock().timeIntervalSince1970 * 1000).rounded(.down) / 1000) }
    self.hub = hub
    self.planTimes = planTimes
    self.zone = zone ?? LocalTimeZone.rule
    self.logger = logger
    self.voteWindow = voteWindow
    self.localOffset = localOffset ?? { LocalTimeZone.offset(at: $0) }
    self.state = state
    self.state.planReminders = planTimes.reminders
    published = Mutex(SessionView(state: state, seq: hub.seq, endsAt: nil, at: timeline.now) { timeline.now })
    // The database opened and read: it is taken to accept writes until one fails.
    metrics.storageAvailable.record(1)
    // With the running clock's end worked out, as every later view has it.
    let view = makeView()
    published.withLock { $0 = view }
  }

  // A session dropped while its clock runs cancels its alarm: a task sleeping on a test clock would otherwise
  // wait forever, holding that clock, which holds the task (AddressSanitizer's leak check; docs/reliability.md).
  deinit {
    alarm?.cancel()
    voteAlarm?()
    agenda?.cancel()
  }

  /// The last committed state; safe to read from any thread.
  public var view: SessionView { published.withLock { $0 } }

  /// Starts the clock's alarm, for a gather restored with its clock running. Call it in a turn (``perform(_:)``).
  public func start() {
    if let active = state.active {
      logger.info(
        "Restored gather \(active.id): \(active.score.text), clock \(active.clock.state.rawValue) at \(active.clock.display(at: timeline.now))."
      )
      if active.clock.state == .finished { persistFinishedClockIfNeeded() }
    }
    rearmClock()
    // Whatever fell due while no gatherd ran: votes whose time came close now, and the next is timed; plans that
    // should have opened, expired or reminded.
    closeDueVotes()
    runAgenda()
    endTurn()
  }

  /// Stops the alarm for good; nothing ticks afterwards, even if a late change starts the clock again. Call it
  /// in a turn (``perform(_:)``).
  public func stop() {
    alarmStopped.store(true, ordering: .releasing)
    alarm?.cancel()
    alarm = nil
    voteAlarm?()
    voteAlarm = nil
    agenda?.cancel()
    agenda = nil
    if clockSaveOwed { persistFinishedClockIfNeeded() }
  }

  /// Runs `body` as a turn on the session's loop, then publishes the resulting view and events.
  public func perform<T: Sendable>(_ body: @escaping @Sendable (GatherSession) throws -> T) async throws -> T {
    try await loop.submit {
      try self.turns.withLock { _ in
        defer { self.endTurn() }
        return try body(self)
      }
    }.get()
  }

  /// Runs a change's `work` as a turn on the session's loop and hands its result to `done` on `replyLoop`,
  /// after the view it produced is published: a client that reads after its reply sees its own change.
  /// Once the daemon stops (``refuseChanges()``), nothing runs and it returns false at once: the session's loop
  /// may be gone. Call it on `replyLoop`.
  func run<T: Sendable>(
    _ work: @escaping @Sendable () -> T, replyingOn replyLoop: any EventLoop,
    to done: @escaping @Sendable (T) -> Void
  ) -> Bool {
    guard takesChanges.load(ordering: .sequentiallyConsistent) else { return false }
    loop.execute {
      let result = self.turns.withLock { _ in
        let result = work()
        self.endTurn()
        return result
      }
      replyLoop.execute { done(result) }
    }
    return true
  }

  /// Refuses every later change; the daemon calls it, from any thread, before it stops the session's loop.
  public func refuseChanges() { takesChanges.store(false, ordering: .sequentiallyConsistent) }

  /// Ends a turn: publishes the view of the state as it now is, then hands the turn's events to
  /// the subscribers' loops. In that order, so that no subscriber can take a snapshot older than an event it
  /// has already been sent.
  func endTurn() {
    if clockSaveOwed { persistFinishedClockIfNeeded() }
    let next = makeView()
    published.withLock { $0 = next }
    hub.deliverPending()
  }

  private func makeView() -> SessionView {
    let endsAt = state.active.flatMap { wallEndsAt($0.clock) }
    return SessionView(state: state, seq: hub.seq, endsAt: endsAt, at: timeline.now) { [timeline] in timeline.now }
  }

  /// Counts a watchdog round trip through the session's loop: a wedged session must stop the watchdog.
  public func heartbeat() { heartbeats &+= 1 }

  /// Blocks the session forever, so that tests can see the watchdog catch a wedged daemon. Only reachable
  /// through `test.wedgeSession`, which exists only when `GATHERD_ENABLE_TEST_FAULTS=1`.
  func wedgeForTesting() {
    logger.warning("test.wedgeSession: the session now blocks forever, as a test asked.")
    while true { sleep(3600) }
  }

  // MARK: - Views of the present

  var now: Duration { timeline.now }

  /// The clock of `gather` as it reads now.
  func timerStatus(of gather: ActiveGather) -> TimerStatus {
    TimerStatus(gather.clock, at: now, endsAt: wallEndsAt(gather.clock))
  }

  /// `gather` as it stands now, with the roster that names its players.
  func snapshot(of gather: ActiveGather) -> GatherSnapshot {
    GatherSnapshot(gather: gather, timer: timerStatus(of: gather), roster: state.roster)
  }

  /// `plan` with the roster that names its players.
  func snapshot(of plan: Plan) -> PlanSnapshot { PlanSnapshot(plan, in: state) }

  /// Forgets the running clock's wall-clock end, to be worked out again (the wall clock was stepped).
  func forgetWallEndsAt() { endsAt = nil }

  /// The wall-clock instant a running clock reaches 0, the same for as long as its deadline stays put.
  func wallEndsAt(_ clock: MatchClock) -> Date? {
    // A break between periods counts down to a deadline too.
    guard clock.state == .running || clock.state == .halfTimeBreak, let deadline = clock.deadline else { return nil }
    if let endsAt, endsAt.deadline == deadline { return endsAt.wall }
    let wall = wallClock().addingTimeInterval((deadline - now).inSeconds)
    endsAt = (deadline, wall)
    return wall
  }
}
