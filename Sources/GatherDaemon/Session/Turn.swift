import FoundationEssentials
import GatherModel
import GatherStore
import Logging

/// The live Football Gather and everything a command may do to it.
///
/// A turn exists only inside the session's lock: ``GatherSession`` keeps it there and lends it `inout` to one
/// command at a time (``GatherSession/perform(_:)``), and it cannot be copied, so the live state cannot be read
/// or changed anywhere else; readers use the committed ``SessionView``, queries a ``Reader``. The commands live
/// in the session's parts, one folder each: `Match/`, `Roster/`, `Plans/`, `Schedules/`, `Votes/` and `Fees/`;
/// the parts with session state of their own keep it here (``match``, ``plans``, ``votes``).
public struct Turn: ~Copyable {
  /// The Football Gather as this turn found it, and as it leaves it.
  var state: FootballGather
  /// The match part's own state: the clock's alarm and the running clock's wall-clock end.
  var match = MatchPart()
  /// The plans part's own state: the scheduler's alarm.
  var plans = PlansPart()
  /// The votes part's own state: the alarm that closes the soonest open vote.
  var votes = VotesPart()
  /// What every turn shares: the store, the events, the clocks, the settings.
  let environment: SessionEnvironment
  /// Watchdog round trips through the session's loop.
  private var heartbeats = 0

  init(state: FootballGather, environment: SessionEnvironment) {
    self.state = state
    self.environment = environment
  }

  var store: GatherStore { environment.store }
  var hub: EventHub { environment.hub }
  var logger: Logger { environment.logger }
  /// The present moment on the session's monotonic timeline.
  var now: Duration { environment.now }
  /// The wall clock now, cut to the millisecond.
  func wallClock() -> Date { environment.wallClock() }
  /// gatherd's settings for plans and votes.
  var settings: SessionSettings { environment.settings }

  /// Starts the session: restores the clock's alarm for a gather restored with its clock running, closes the votes
  /// whose time came while no gatherd ran and times the next, and does what fell due in the plans meanwhile.
  public mutating func start() {
    if let active = state.active {
      logger.info(
        "Restored gather \(active.id): \(active.score.text), clock \(active.clock.state.rawValue) at \(active.clock.display(at: now))."
      )
      if active.clock.state == .finished { persistFinishedClockIfNeeded() }
    }
    rearmClock()
    closeDueVotes()
    runAgenda()
  }

  /// Stops every alarm for good; nothing ticks, closes or opens afterwards, even if a late change would set an
  /// alarm again.
  public mutating func stop() {
    environment.alarmsStopped.store(true, ordering: .releasing)
    cancelAlarms()
    if match.clockSaveOwed { persistFinishedClockIfNeeded() }
  }

  /// Cancels every alarm that is set.
  mutating func cancelAlarms() {
    match.alarm.cancel()
    votes.closing.cancel()
    plans.agenda.cancel()
  }

  /// Whether the session has stopped, so that no alarm may be set.
  var alarmsStopped: Bool { environment.alarmsStopped.load(ordering: .acquiring) }

  /// Counts a watchdog round trip through the session's loop: a wedged session must stop the watchdog.
  public mutating func heartbeat() { heartbeats &+= 1 }

  /// Ends a turn: publishes the view of the state as it now is, then hands the turn's events to the subscribers'
  /// loops. In that order, so that no subscriber can take a snapshot older than an event it has already been sent.
  mutating func endTurn() {
    if match.clockSaveOwed { persistFinishedClockIfNeeded() }
    publishView()
    hub.deliverPending()
  }

  /// Publishes the view of the state as it now is.
  mutating func publishView() {
    let endsAt = state.active.flatMap { wallEndsAt($0.clock) }
    let next = SessionView(
      state: state, seq: hub.seq, endsAt: endsAt, at: now, now: environment.alarms.now, settings: environment.settings)
    environment.published.withLock { $0 = next }
  }

  // MARK: - The present, as replies and events show it

  /// The clock of `gather` as it reads now.
  mutating func timerStatus(of gather: ActiveGather) -> TimerStatus {
    TimerStatus(gather.clock, at: now, endsAt: wallEndsAt(gather.clock))
  }

  /// `gather` as it stands now, with the roster that names its players.
  mutating func snapshot(of gather: ActiveGather) -> GatherSnapshot {
    GatherSnapshot(gather: gather, timer: timerStatus(of: gather), roster: state.roster)
  }

  /// `plan` with the roster that names its players.
  func snapshot(of plan: Plan) -> PlanSnapshot { PlanSnapshot(plan, in: state) }

  /// The wall-clock instant a running clock reaches 0, the same for as long as its deadline stays put.
  mutating func wallEndsAt(_ clock: MatchClock) -> Date? {
    // A break between periods counts down to a deadline too.
    guard clock.state == .running || clock.state == .halfTimeBreak, let deadline = clock.deadline else { return nil }
    if let endsAt = match.endsAt, endsAt.deadline == deadline { return endsAt.wall }
    let wall = wallClock().addingTimeInterval((deadline - now).inSeconds)
    match.endsAt = (deadline, wall)
    return wall
  }
}
