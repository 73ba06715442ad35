import GatherRPC
import Logging
import NIOCore

/// What every connection of a listener shares: the dispatcher, the way to the session, the events and the
/// counters.
struct ConnectionServices: Sendable {
  /// Runs deferred work on the session's loop and calls back on the given loop.
  typealias SessionRunner =
    @Sendable (
      _ work: @escaping @Sendable () -> Result<JSONValue, RPCError>, _ replyLoop: any EventLoop,
      _ done: @escaping @Sendable (Result<JSONValue, RPCError>) -> Void
    ) -> Void

  let dispatcher: RPCDispatcher<Caller>
  let runOnSession: SessionRunner
  let hub: EventHub
  let stats: DaemonStats
  let maxLineBytes: Int
  let readOnly: Bool
  let access: AccessPolicy
  let logger: Logger

  /// The dispatcher's runner for a connection served on `loop`.
  func runner(replyingOn loop: any EventLoop) -> RPCDispatcher<Caller>.Runner {
    let runOnSession = runOnSession
    return { work, done in runOnSession(work, loop, done) }
  }
}
