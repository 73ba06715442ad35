import FoundationEssentials
import GatherModel
import GatherRPC
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
  private let stillTimer: JSONValue?

  init(
    state: FootballGather, seq: Int64, endsAt: Date?, at moment: Duration, now: @escaping @Sendable () -> Duration
  ) {
    self.state = state
    self.seq = seq
    self.endsAt = endsAt
    self.moment = moment
    self.now = now
    if let clock = state.active?.clock, [.stopped, .paused, .finished].contains(clock.state) {
      let status = TimerStatus(clock, at: moment, endsAt: nil).json
      stillTimer = status.objectValue.map { .object($0.encodedOnce()) } ?? status
    } else {
      stillTimer = nil
    }
  }

  /// Every player, by id.
  func players() -> JSONValue { .object(["players": .array(state.players.map(\.json))]) }

  /// One player.
  func player(_ id: Player.ID) throws -> JSONValue { try state.player(id).json }

  /// The open plans, soonest first, with their lists (issue 24).
  func plansJSON() -> JSONValue {
    .object(["plans": .array(state.openPlans.map { $0.json(roster: state.roster) })])
  }

  /// The active gather as JSON, or null.
  func currentGatherJSON() -> JSONValue { state.active.map { gatherJSON($0, at: now()) } ?? .null }

  /// The clock of the active gather.
  func timerStatus() throws -> JSONValue {
    let gather = try state.requireActive()
    return stillTimer ?? timerStatus(of: gather, at: now()).json
  }

  /// The score and the goal log of the active gather.
  func scoreStatus() throws -> JSONValue {
    let gather = try state.requireActive()
    return .object(["score": gather.score.json, "goals": gather.log.json])
  }

  /// A short summary for `daemon.status`.
  func statusSummary() -> JSONValue {
    guard let gather = state.active else { return .null }
    return .object([
      "id": .int(gather.id), "score": gather.score.json, "timer": timerStatus(of: gather, at: now()).json,
      "names": gather.names.json,
    ])
  }

  /// What a new subscription starts from: the gather, score and timer at ``seq``, as of the moment the view
  /// was published, so that the next tick it receives never counts back up from what the snapshot showed.
  func subscriptionSnapshot() -> JSONValue {
    let at = moment
    let gather = state.active
    return .object([
      "gather": gather.map { gatherJSON($0, at: at) } ?? .null,
      "score": gather.map(\.score.json) ?? .null,
      "timer": gather.map { timerStatus(of: $0, at: at).json } ?? .null,
    ])
  }

  /// The match in one line, as `systemctl status` shows it: "Bibs 2-1 Colours, 07:32 left, running", or
  /// "no gather, 14 players".
  public func statusLine() -> String {
    guard let gather = state.active else {
      return "no gather, \(state.roster.count) player\(state.roster.count == 1 ? "" : "s")"
    }
    let at = now()
    let clock = gather.clock
    let running = clock.state == .running && clock.remaining(at: at) == .zero ? "finished" : clock.state.rawValue
    return "\(gather.names.teamA) \(gather.score.text) \(gather.names.teamB), \(clock.display(at: at)) left, \(running)"
  }

  func timerStatus(of gather: ActiveGather, at moment: Duration) -> TimerStatus {
    TimerStatus(gather.clock, at: moment, endsAt: endsAt)
  }

  func gatherJSON(_ gather: ActiveGather, at moment: Duration) -> JSONValue {
    gather.json(roster: state.roster, timer: timerStatus(of: gather, at: moment))
  }
}
