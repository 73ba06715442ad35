import FoundationEssentials
import GatherModel
import Glibc

/// The last committed state of the session, as readers see it: immutable, and replaced as a whole after each
/// change (read-copy-update). Reads are answered from it on the connection's own event loop, with no lock held
/// while they encode, and never wait for a commit in flight.
public final class SessionView: Sendable {
  /// The Football Gather as last committed.
  let state: FootballGather
  /// The seq of the last event whose change `state` includes.
  let seq: Int64
  /// The wall-clock instant the running clock reaches 0; nil while it does not run.
  let endsAt: Date?
  /// The moment on the session's timeline when this view was published: every tick due by then is in it.
  private let moment: Duration
  /// The present moment on the session's timeline.
  private let now: @Sendable () -> Duration
  /// The clock's status, worked out once, while it stands still (stopped, paused or finished).
  private let stillTimer: TimerStatus?
  /// What readers work out from this view once and share (the encoded still clock).
  let memo = ViewMemo()
  /// The wall clock and the settings for plans and votes, for the reads that tell times.
  let settings: SessionSettings

  init(
    state: FootballGather, seq: Int64, endsAt: Date?, at moment: Duration, now: @escaping @Sendable () -> Duration,
    settings: SessionSettings
  ) {
    self.settings = settings
    self.state = state
    self.seq = seq
    self.endsAt = endsAt
    self.moment = moment
    self.now = now
    if let clock = state.active?.clock, [.stopped, .paused, .finished].contains(clock.state) {
      stillTimer = TimerStatus(clock, at: moment, endsAt: nil)
    } else {
      stillTimer = nil
    }
    clockStandsStill = stillTimer != nil
  }

  /// Whether the clock stands still, so that its status is the same for every reader of this view.
  let clockStandsStill: Bool

  /// Every player, by id.
  var players: [Player] { state.players }

  /// One player.
  func player(_ id: Player.ID) throws(GatherError) -> Player { try state.player(id) }

  /// The open plans, soonest first, with the roster that names their players.
  var openPlans: [PlanSnapshot] { state.openPlans.map { PlanSnapshot($0, in: state) } }

  /// The active gather now, or nil.
  var currentGather: GatherSnapshot? { state.active.map { snapshot(of: $0, at: now()) } }

  /// The active gather, or `no_active_gather`.
  func activeGather() throws(GatherError) -> ActiveGather { try state.requireActive() }

  /// The clock of the active gather now.
  func timerStatus() throws(GatherError) -> TimerStatus {
    let gather = try state.requireActive()
    return stillTimer ?? TimerStatus(gather.clock, at: now(), endsAt: endsAt)
  }

  /// What a new subscription starts from: the active gather at ``seq``, as of the moment the view was
  /// published, so that the next tick it receives never counts back up from what the snapshot showed.
  var subscriptionSnapshot: GatherSnapshot? { state.active.map { snapshot(of: $0, at: moment) } }

  private func snapshot(of gather: ActiveGather, at instant: Duration) -> GatherSnapshot {
    GatherSnapshot(
      gather: gather, timer: TimerStatus(gather.clock, at: instant, endsAt: endsAt), roster: state.roster)
  }
}
