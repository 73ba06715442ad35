import GatherRPC
import Logging
import NIOCore
import NIOPosix

/// What every connection of a listener shares: the dispatcher, the ways to the session and to the database,
/// the events and the counters.
struct ConnectionServices: Sendable {
  /// Runs a change's work on the session's loop and calls back on the given loop.
  typealias SessionRunner =
    @Sendable (
      _ work: @escaping @Sendable () -> Result<JSONValue, RPCError>, _ replyLoop: any EventLoop,
      _ done: @escaping @Sendable (Result<JSONValue, RPCError>) -> Void
    ) -> Void

  let dispatcher: RPCDispatcher<Caller>
  let runOnSession: SessionRunner
  /// Where database queries run, beside the session's loop, so that a long one delays no change or tick.
  let queryPool: NIOThreadPool
  let hub: EventHub
  let stats: DaemonStats
  let maxLineBytes: Int
  let readOnly: Bool
  let access: AccessPolicy
  let logger: Logger
  /// Keeps connections across restarts, when the service manager offers a file descriptor store.
  let keeper: ConnectionKeeper?

  /// The dispatcher's runner for a connection served on `loop`.
  func runner(replyingOn loop: any EventLoop) -> RPCDispatcher<Caller>.Runner {
    let (runOnSession, queryPool) = (runOnSession, queryPool)
    return { placement, work, done in
      guard placement == .concurrent else { return runOnSession(work, loop, done) }
      queryPool.runIfActive(eventLoop: loop) { work() }.whenComplete { result in
        done((try? result.get()) ?? .failure(.internalError("gatherd is shutting down; the query did not run.")))
      }
    }
  }
}
