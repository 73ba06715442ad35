import FoundationEssentials
import GatherModel
import GatherStore
import Logging
import Synchronization

/// What every turn of one session shares and never replaces: the store, the event hub, the clocks, the settings
/// that time plans and votes, and where the committed view is published. Turns reach it through ``Turn``;
/// queries through ``Reader``.
final class SessionEnvironment: Sendable {
  /// The one owner of the database.
  let store: GatherStore
  /// Where events go.
  let hub: EventHub
  /// The session's monotonic clock, and how its alarms wait on it.
  let alarms: AlarmClock
  /// The wall clock and the settings that time plans and votes.
  let settings: SessionSettings
  let logger: Logger
  /// Commit times, tick lateness and storage health, for the metrics.
  let metrics = SessionMetrics()
  /// The last committed view, replaced as a whole at the end of each turn.
  let published: Mutex<SessionView>
  /// Set when the session stops: no alarm is set again, and one that rings late is ignored.
  let alarmsStopped = Atomic(false)
  /// Whether the database took the last write (SessionEnvironment+Storage.swift); touched in turns only.
  let storage = Mutex(StorageHealth())
  /// The session the alarms take their turns on, once it exists.
  let owner = SessionOwner()

  init(
    store: GatherStore, hub: EventHub, alarms: AlarmClock, settings: SessionSettings, logger: Logger,
    firstView: SessionView
  ) {
    self.store = store
    self.hub = hub
    self.alarms = alarms
    self.settings = settings
    self.logger = logger
    published = Mutex(firstView)
  }

  /// The present moment on the session's monotonic timeline.
  var now: Duration { alarms.now() }
  /// The wall clock, cut to milliseconds as the store keeps it.
  var wallClock: @Sendable () -> Date { settings.wallClock }
}

/// The wall clock and gatherd's settings for plans and votes, as the session and its readers use them.
struct SessionSettings: Sendable {
  /// The wall clock, cut to milliseconds as the store keeps it.
  let wallClock: @Sendable () -> Date
  /// When plans expire and reminders go out.
  let planTimes: PlanTimes
  /// The server's time zone, which schedules without a fixed offset read their day and time in.
  let zone: ZoneRule
  /// When a gather's man-of-the-match vote closes.
  let voteWindow: VoteWindow
  /// The server's offset from UTC at a moment (seconds since 1970), which places "the next day at 12:00".
  let localOffset: @Sendable (Int64) -> Int
  /// Whether late drop-outs and no-shows are fined, and hold players back.
  var attendance = AttendanceRules()
}

/// The session an alarm takes its turn on, held weakly so that an alarm never keeps a dropped session alive.
final class SessionOwner: Sendable {
  private let session = Mutex<WeakSession>(WeakSession())

  /// The session, while it exists.
  var current: GatherSession? { session.withLock { $0.value } }

  /// Names the session, once it is made.
  func attach(_ owner: GatherSession) { session.withLock { $0.value = owner } }

  private struct WeakSession: Sendable {
    weak var value: GatherSession?
  }
}
