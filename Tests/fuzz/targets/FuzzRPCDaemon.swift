/// The JSON-RPC fuzz target's daemon: gatherd's own method table over a real session, for one fuzz input.

import Foundation
import GatherRPC
import GatherStore
import Logging
import NIOEmbedded

/// What one connection of gatherd has behind it, built as `RPCGateway` builds it, with these
/// differences: the database is SQLite in memory rather than a file, one for the process, emptied for each
/// input (``FuzzDatabase``); the session's loop, the connection's and
/// the subscribers' are one `EmbeddedEventLoop` on the fuzzer's thread, run after each request; queries run
/// at once rather than on a thread pool; time is ``FuzzClock``'s; the connection's event outbox is attached to
/// no channel, so subscriptions are real but their events are not written.
final class FuzzDaemon {
  /// The loop everything runs on.
  let loop = EmbeddedEventLoop()
  /// The session, with its store and event hub.
  let session: GatherSession
  /// `MethodTable.dispatcher`, as RPCGateway makes it.
  let dispatcher: RPCDispatcher<Caller>
  /// The peer: a controller or not, as the input says.
  let caller: Caller

  /// A daemon with an empty database, at the clock's origin.
  init(mayMutate: Bool) throws {
    FuzzClock.reset()
    var logger = Logger(label: "gatherd.fuzz")
    logger.logLevel = .critical
    let wallOrigin = Date(timeIntervalSince1970: 1_800_000_000)
    let clock = FuzzClock()
    let start = clock.now
    session = try GatherSession(
      store: FuzzDatabase.emptyStore(), clock: clock, loop: loop,
      wallClock: { Self.wallClock(wallOrigin, start.duration(to: clock.now)) },
      hub: EventHub(subscriberLoop: loop), logger: logger)
    dispatcher = MethodTable.dispatcher(
      session,
      services: MethodServices(
        web: WebAccess(token: "fuzz-control-token-0123"), stats: DaemonStats(), hub: session.hub,
        repeats: RepeatedRequests()),
      logger: logger, refusals: RefusalReporter(logger: logger, loop: loop))
    caller = Caller(
      peer: .local(PeerCredentials(pid: 2, uid: 1000, gid: 1000)),
      capabilities: Capabilities(control: mayMutate, whyNotControl: "the fuzz input chose a read-only peer"),
      events: EventOutbox(table: session.hub.subscribers))
    let session = session
    loop.execute { session.take { $0.start() } }
    loop.run()
  }

  /// Answers one line as RPCConnection does, with the runner RPCGateway gives it (queries at once);
  /// returns every call of the completion, once the loop has run.
  func respond(to parsed: Result<JSONValue, JSONParser.SyntaxError>) -> [JSONValue?] {
    let replies = FuzzReplies()
    let (session, loop) = (session, loop)
    dispatcher.respond(
      to: parsed, from: caller,
      runner: { placement, work, done in
        guard placement == .concurrent else {
          if !session.submit(work, replyingOn: loop, to: done) { done(.failure(.internalError("shutting down"))) }
          return
        }
        done(work())
      },
      completion: { replies.calls.append($0) })
    loop.run()
    return replies.calls
  }

  /// Moves the time on, and rings the session's alarm as the daemon's timer would: due ticks and the end of a
  /// period are announced.
  func advance(by duration: Duration) {
    FuzzClock.advance(by: duration)
    let session = session
    loop.execute {
      session.take { $0.ring(at: $0.now) }
    }
    loop.run()
  }

  /// The committed state, in a form that two states can be compared by: the roster, the active gather and the
  /// open plans with their lists.
  var fingerprint: String {
    let state = session.view.state
    return "\(state.players) \(String(describing: state.active)) \(state.openPlans)"
  }

  /// The wall-clock time `elapsed` after `origin`.
  private static func wallClock(_ origin: Date, _ elapsed: Duration) -> Date {
    let (seconds, attoseconds) = elapsed.components
    return origin.addingTimeInterval(TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18)
  }

  /// Ends the session, as the daemon does at shutdown.
  func close() {
    let session = session
    loop.execute { session.take { $0.stop() } }
    loop.run()
    caller.events.close()
    try? loop.syncShutdownGracefully()
  }
}

/// Collects the completion's calls; everything runs on the fuzzer's thread.
final class FuzzReplies: @unchecked Sendable {
  /// The replies, in order.
  var calls: [JSONValue?] = []
}
