import Logging
import NIOCore
import Synchronization

/// Logs refused web requests (a change without the token, a foreign Host, a connection over the caps) at most
/// once per client address a minute, with the count of the rest (``RefusalLog``), so that a flood cannot fill
/// the journal. Controllers on the Unix socket are never counted here. Usable from any thread; the minute's
/// counts are logged by a timer on `loop` that runs only while an address is tracked.
final class RefusalReporter: Sendable {
  private struct State {
    var log: RefusalLog<ContinuousClock>
    var sweepScheduled = false
  }

  private let state: Mutex<State>
  private let logger: Logger
  private let loop: any EventLoop

  /// A reporter that logs to `logger` and times its minutes on `loop`.
  init(logger: Logger, loop: any EventLoop, clock: ContinuousClock = ContinuousClock()) {
    state = Mutex(State(log: RefusalLog(clock: clock)))
    self.logger = logger
    self.loop = loop
  }

  /// Records a refusal from `client`; returns nil when it is only counted, or the text to add to its line
  /// (empty, or the count of earlier refusals that was not logged yet).
  func admit(_ client: WebClient) -> String? {
    let (verdict, schedule) = state.withLock { state in
      let verdict = state.log.refused(by: client.address)
      let schedule = !state.sweepScheduled
      state.sweepScheduled = true
      return (verdict, schedule)
    }
    if schedule { scheduleSweep(in: RefusalLog<ContinuousClock>.window) }
    switch verdict {
    case .count: return nil
    case .log(let earlier):
      return earlier == 0
        ? "" : " (\(earlier) more refused from \(client.address) in the minute before were not logged)"
    }
  }

  /// Logs a refusal of the listener's own (Host, Origin, caps, token guesses) at notice level, unless only
  /// counted.
  func refused(_ client: WebClient, _ message: @autoclosure () -> String) {
    guard logger.logLevel <= .notice, let more = admit(client) else { return }
    var logger = logger
    logger[metadataKey: "peer_address"] = "\(client)"
    logger.notice("\(message())\(more)")
  }

  private func scheduleSweep(in delay: Duration) {
    let nanoseconds = delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000
    loop.scheduleTask(in: .nanoseconds(max(1_000_000, nanoseconds))) { self.sweep() }
  }

  /// Logs the count of every minute that ended, and comes back when the next one ends.
  private func sweep() {
    let (ended, next) = state.withLock { state in
      let ended = state.log.endWindows()
      let next = state.log.nextWindowEnd
      state.sweepScheduled = next != nil
      return (ended, next)
    }
    for (address, count) in ended {
      logger.notice(
        "\(count) more web requests from \(address) were refused in the last minute (logged once a minute).",
        metadata: ["peer_address": "\(address)"])
    }
    if let next { scheduleSweep(in: ContinuousClock.now.duration(to: next)) }
  }
}
