import FoundationEssentials
import GatherModel
import GatherStore
import Logging
import NIOCore
import Synchronization

/// The one owner of the live Football Gather.
///
/// Everything that changes the session runs one turn at a time: the model checks a command on a copy, the
/// store commits it (synced to disk), the copy is kept, and its events are published — so events come in the
/// order of the changes, and a refused command changes nothing. The live state is a ``Turn``, kept under the
/// session's lock and lent `inout` to one command at a time, so nothing outside a turn can read or change it.
/// Commands take their turns on the session's own event loop; the match clock's ticks come from an alarm on the
/// subscribers' loop, which takes the tick's turn itself when the session is free (Match/Turn+ClockAlarm.swift).
/// After each turn the session publishes a new ``SessionView``, from which every connection answers reads on its
/// own loop without waiting for a commit, and database queries get a ``Reader`` of the view and the store.
///
/// ```swift
/// let session = try GatherSession(store: store, clock: EventLoopClock(), loop: loop, hub: hub)
/// try await session.perform { $0.start() }
/// let player = try await session.perform { try $0.createPlayer(PlayerDetails(name: "Ana")) }
/// ```
public final class GatherSession: Sendable {
  /// The event loop every command and commit of this session runs on.
  public let loop: any EventLoop
  /// The live state, held for every turn wherever it runs, so that turns never overlap.
  let turns: Mutex<Turn>
  /// What every turn shares and never changes.
  let environment: SessionEnvironment
  /// Cleared by ``refuseChanges()``, when the daemon begins to stop its loops.
  private let takesChanges: Atomic<Bool>

  /// Loads the Football Gather from `store`, restoring the active gather's clock on `clock`; commands run on
  /// `loop`, and events go to `hub`. Plans expire and remind as `planTimes` say, and schedules read their times in
  /// `zone` (the server's own by default). Man-of-the-match votes close as `voteWindow` says, in the server's time
  /// zone (`localOffset`: its offset from UTC at a moment, in seconds since 1970; the C library's zone by default).
  /// Late drop-outs and no-shows are fined and hold players back as `attendance` says.
  public init<C: Clock>(
    store: GatherStore, clock: C, loop: any EventLoop, wallClock: @escaping @Sendable () -> Date = { Date() },
    hub: EventHub, planTimes: PlanTimes = .standard, zone: ZoneRule? = nil,
    logger: Logger = Logger(label: "gatherd.session"), voteWindow: VoteWindow = .standard,
    localOffset: (@Sendable (Int64) -> Int)? = nil, attendance: AttendanceRules = AttendanceRules()
  ) throws where C.Duration == Duration {
    let alarms = AlarmClock(clock, sessionLoop: loop, subscribersLoop: hub.subscribers.loop)
    // The store keeps milliseconds; times in memory are cut to the same, so a restart reads back what was shown.
    let wall: @Sendable () -> Date = {
      Date(timeIntervalSince1970: (wallClock().timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }
    var state = try store.load(at: alarms.now(), wallNow: wall())
    state.planReminders = planTimes.reminders
    state.keep(try store.pushSubscriptions())
    let settings = SessionSettings(
      wallClock: wall, planTimes: planTimes, zone: zone ?? LocalTimeZone.rule, voteWindow: voteWindow,
      localOffset: localOffset ?? { LocalTimeZone.offset(at: $0) }, attendance: attendance)
    let environment = SessionEnvironment(
      store: store, hub: hub, alarms: alarms, settings: settings, logger: logger,
      firstView: SessionView(
        state: state, seq: hub.seq, endsAt: nil, at: alarms.now(), now: alarms.now, settings: settings))
    self.environment = environment
    self.loop = loop
    // Set after the last `try`: Swift 6.3's optimiser (release builds, cross-module) crashes on a noncopyable
    // stored property that an init has to drop when it throws.
    takesChanges = Atomic(true)
    // With the running clock's end worked out, as every later view has it.
    var turn = Turn(state: state, environment: environment)
    turn.publishView()
    turns = Mutex(turn)
    // The database opened and read: it is taken to accept writes until one fails.
    environment.metrics.storageAvailable.record(1)
    environment.owner.attach(self)
  }

  // A session dropped while an alarm is set cancels it: a task sleeping on a test clock would otherwise wait
  // forever, holding that clock, which holds the task (AddressSanitizer's leak check; docs/reliability.md).
  deinit {
    turns.withLock { $0.cancelAlarms() }
  }

  /// Where events go.
  public var hub: EventHub { environment.hub }

  /// The last committed state; safe to read from any thread.
  public var view: SessionView { environment.published.withLock { $0 } }

  /// The wall clock, cut to milliseconds as the store keeps it.
  var wallClock: @Sendable () -> Date { environment.wallClock }

  /// What a database query reads: the committed view and the store, never the live state.
  var reader: Reader { Reader(view: view, environment: environment) }

  /// Runs `body` as a turn on the session's loop, then publishes the resulting view and events.
  public func perform<T: Sendable>(_ body: @escaping @Sendable (inout Turn) throws -> T) async throws -> T {
    try await loop.submit { try self.take(body) }.get()
  }

  /// Runs a change's `work` on the session's loop, where it takes its turn (``take(_:)``), and hands its result to
  /// `done` on `replyLoop`, after the view its turn produced is published: a client that reads after its reply sees
  /// its own change. Once the daemon stops (``refuseChanges()``), nothing runs and it returns false at once: the
  /// session's loop may be gone. Call it on `replyLoop`.
  func submit<T: Sendable>(
    _ work: @escaping @Sendable () -> T, replyingOn replyLoop: any EventLoop, to done: @escaping @Sendable (T) -> Void
  ) -> Bool {
    guard takesChanges.load(ordering: .sequentiallyConsistent) else { return false }
    loop.execute {
      let result = work()
      replyLoop.execute { done(result) }
    }
    return true
  }

  /// Takes a turn where it is called: `body` with the live state, then the view and the turn's events published.
  func take<T: Sendable>(_ body: (inout Turn) throws -> T) rethrows -> T {
    try turns.withLock { turn in
      defer { turn.endTurn() }
      return try body(&turn)
    }
  }

  /// Refuses every later change; the daemon calls it, from any thread, before it stops the session's loop.
  public func refuseChanges() { takesChanges.store(false, ordering: .sequentiallyConsistent) }
}
