import FoundationEssentials
import GatherRPC
import Logging
import NIOCore
import NIOPosix

/// The one way into the session, for every transport: the dispatcher with every method, and what runs them
/// (changes in the session's turns, database queries on a thread beside it), built once at start-up. The Unix
/// sockets, the web listener (WebSocket and `POST /rpc`) and MQTT all answer through it, from the callers it
/// makes (RPCGateway+Callers.swift), so a request means the same whichever way it came.
public struct RPCGateway: Sendable {
  /// Runs a change's work on the session's loop (where it takes its turn) and calls back on the given loop; false
  /// once the session takes no more changes (shutdown), when nothing ran.
  typealias SessionRunner =
    @Sendable (
      _ work: @escaping @Sendable () -> Result<JSONValue, RPCError>, _ replyLoop: any EventLoop,
      _ done: @escaping @Sendable (Result<JSONValue, RPCError>) -> Void
    ) -> Bool

  /// Every method gatherd serves.
  let dispatcher: RPCDispatcher<Caller>
  private let runOnSession: SessionRunner
  /// Where database queries run, beside the session's loop, so that a long one delays no change or tick.
  let queryPool: NIOThreadPool
  /// The session's events and their subscriptions.
  let hub: EventHub
  /// Connections and uptime, for `daemon.status` and the metrics.
  let stats: DaemonStats
  /// The longest request accepted, in bytes: a line, a WebSocket message, a POST body or an MQTT message.
  let maxLineBytes: Int
  /// Who may change the match over the Unix sockets.
  let access: AccessPolicy
  /// The web page's control token and links; nil when gatherd serves no page.
  let web: WebAccess?
  /// Logs web clients' refusals at most once a minute per address.
  let refusals: RefusalReporter
  let logger: Logger
  /// Keeps connections across restarts, when the service manager offers a file descriptor store.
  let keeper: ConnectionKeeper?
  /// The loop that serves every connection; replies to requests without a connection come back here too.
  let loop: any EventLoop
  /// The session's committed view.
  let currentView: @Sendable () -> SessionView
  /// The plans the calendar feed shows, read from the store (RPCGateway+Calendar.swift).
  let calendarPlans: @Sendable () throws -> [PlanSnapshot]
  /// The weekly schedules the calendar feed shows as series, with their next weeks.
  let calendarSchedules: @Sendable () -> [ScheduleSnapshot]
  /// The wall clock, for the feed's DTSTAMP.
  let wallClock: @Sendable () -> Date

  /// The gateway to `session`, for connections served on `loop`, with database queries on `queryPool`.
  public init(
    session: GatherSession, loop: any EventLoop, queryPool: NIOThreadPool, stats: DaemonStats, maxLineBytes: Int,
    access: AccessPolicy, web: WebAccess?, keeper: ConnectionKeeper? = nil, logger: Logger,
    push: WebPush? = nil
  ) {
    let refusals = RefusalReporter(logger: logger, loop: loop)
    let services = MethodServices(
      web: web, stats: stats, hub: session.hub, repeats: RepeatedRequests(),
      devices: DeviceConnections(session: session, replyLoop: loop), push: push)
    dispatcher = MethodTable.dispatcher(session, services: services, logger: logger, refusals: refusals)
    runOnSession = { work, replyLoop, done in session.submit(work, replyingOn: replyLoop, to: done) }
    self.queryPool = queryPool
    hub = session.hub
    self.stats = stats
    self.maxLineBytes = maxLineBytes
    self.access = access
    self.web = web
    self.refusals = refusals
    self.logger = logger
    self.keeper = keeper
    self.loop = loop
    currentView = { session.view }
    calendarPlans = { try session.reader.calendarPlans() }
    calendarSchedules = { session.view.schedules }
    wallClock = session.wallClock
  }

  /// The dispatcher's runner for requests answered on `loop`: changes in the session's turns, queries on the
  /// query pool, each calling back on `loop`.
  func runner(replyingOn loop: any EventLoop) -> RPCDispatcher<Caller>.Runner {
    let (runOnSession, queryPool) = (runOnSession, queryPool)
    return { placement, work, done in
      guard placement == .concurrent else {
        if !runOnSession(work, loop, done) {
          done(.failure(.internalError("gatherd is shutting down; the change was not made.")))
        }
        return
      }
      queryPool.runIfActive(eventLoop: loop) { work() }.whenComplete { result in
        done((try? result.get()) ?? .failure(.internalError("gatherd is shutting down; the query did not run.")))
      }
    }
  }

  /// Answers one request that came without a connection (a `POST /rpc` body, an MQTT message): a request or a
  /// batch, over ``maxLineBytes`` refused. Its reply (nil for notifications alone) reaches `completion` on
  /// ``loop``; a subscription it made ends with it, since nothing could carry its events.
  func answer(
    _ request: [UInt8], from caller: Caller,
    completion: @escaping @Sendable (JSONValue?) -> Void
  ) {
    guard request.count <= maxLineBytes else {
      let error = RPCError.invalidRequest("The request is over \(maxLineBytes) bytes, gatherd's limit for one request.")
      dispatcher.reportRefusal(error)
      return completion(RPCResponse.error(id: .null, error))
    }
    let parsed = request.withUnsafeBytes { bytes in
      Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(bytes) }
    }
    dispatcher.respond(to: parsed, from: caller, runner: runner(replyingOn: loop)) { reply in
      caller.events.close()
      completion(reply)
    }
  }
}
