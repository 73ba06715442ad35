import CCurl
import Glibc
import Logging
import Synchronization

/// Posts what gatherd sends out (pushes, webhooks) on a thread of its own, so that a slow, hanging or flooding
/// server never holds up the session or any client.
///
/// Nothing is loaded or started until the first post: then libcurl is loaded (``CurlLibrary``) and the courier's
/// thread runs libcurl's multi interface, several transfers at once, each with a deadline. What waits is bounded:
/// at most ``Limits/queued`` posts and ``Limits/queuedBytes`` bytes, the oldest dropped first, each counted and
/// logged. A 429, a 5xx or a failed connection is tried again later (``RetrySchedule``); `done` hears the
/// outcome, on the courier's thread.
///
/// ```swift
/// courier.post("push to fcm.googleapis.com", prepare: { try request() }) { outcome in … }
/// ```
public final class HTTPCourier: Sendable {
  /// How much waits, and how long each transfer may take.
  public struct Limits: Sendable {
    /// Posts waiting or in flight, at most.
    public var queued = 1024
    /// Bytes of bodies waiting or in flight, at most.
    public var queuedBytes = 4 << 20
    /// Transfers at once.
    public var active = 8
    /// Transfers at once to one host, so that one that hangs leaves the others theirs.
    public var activePerHost = 2
    /// How long connecting may take.
    public var connectTimeout: Duration = .seconds(10)
    /// How long a whole transfer may take.
    public var timeout: Duration = .seconds(30)
    /// The most of an answer's body read; the rest is not.
    public var responseBytes = 16 << 10

    /// The defaults.
    public init() {}
  }

  /// What the courier needs beside its limits.
  public struct Configuration: Sendable {
    /// Certificate authorities trusted beside the system's (a PEM file), if any.
    public var caFile: String?
    /// The User-Agent header.
    public var userAgent: String
    /// How much waits and how long each transfer may take.
    public var limits: Limits

    /// A configuration.
    public init(caFile: String? = nil, userAgent: String, limits: Limits = Limits()) {
      self.caFile = caFile
      self.userAgent = userAgent
      self.limits = limits
    }
  }

  let configuration: Configuration
  let logger: Logger
  let inbox: CourierInbox

  /// A courier; nothing is loaded or started until the first post.
  public init(configuration: Configuration, logger: Logger) {
    self.configuration = configuration
    self.logger = logger
    inbox = CourierInbox(limits: configuration.limits)
  }

  /// Hands over a POST, which `prepare` makes on the courier's thread; `label` names it in the journal. Never
  /// waits: when the courier is full, the oldest post waiting is dropped. `done` hears how it ended.
  public func post(
    _ label: String, bytes: Int, prepare: @escaping OutboundPreparation,
    done: @escaping @Sendable (OutboundOutcome) -> Void = { _ in }
  ) {
    let pending = PendingPost(label: label, bytes: bytes, prepare: prepare, done: done)
    switch inbox.post(pending) {
    case .start: startThread()
    case .dropped(let oldest):
      logger.warning("Outbound posts are piling up: dropped \(oldest.label), the oldest waiting.")
      oldest.done(.failed("dropped: too many posts waiting"))
    case .closed: done(.failed("gatherd is stopping"))
    case .queued: break
    }
  }

  /// Stops the thread, if it runs: transfers in flight are abandoned, and waiting posts are dropped.
  public func stop() { inbox.stop() }

  private func startThread() {
    let context = Unmanaged.passRetained(self).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { argument in
        let courier = Unmanaged<HTTPCourier>.fromOpaque(argument!).takeRetainedValue()
        courier.runThread()
        return nil
      }, context)
    if created == 0 {
      pthread_detach(thread)
    } else {
      Unmanaged<HTTPCourier>.fromOpaque(context).release()
      logger.error("Could not start the thread that posts pushes and webhooks: error \(created).")
      inbox.failAll("the courier's thread could not start")
    }
  }

  private func runThread() {
    gatherd_push_name_thread("gatherd-post")
    // A write to a server that has gone must fail with EPIPE, not end gatherd.
    signal(SIGPIPE, SIG_IGN)
    let library: CurlLibrary
    switch CurlLibrary.shared {
    case .success(let loaded): library = loaded
    case .failure(let error):
      logger.error("Cannot post pushes or webhooks: \(error).")
      inbox.failAll(error.description)
      return
    }
    guard let loop = CourierLoop(library: library, configuration: configuration, inbox: inbox, logger: logger) else {
      logger.error("Cannot post pushes or webhooks: libcurl could not make a multi handle.")
      inbox.failAll("libcurl could not make a multi handle")
      return
    }
    logger.info("Posting pushes and webhooks with \(library.version).")
    loop.run()
  }
}

/// When a POST that failed in a way that may pass (a 429 or 5xx answer, a connection or a timeout) is tried
/// again: 2 s, 10 s, 1 min, 5 min and 30 min after each failure, or later when the server's Retry-After asks for
/// more (never more than an hour); after the sixth attempt it is given up.
public struct RetrySchedule: Sendable, Hashable {
  /// The waits before each retry.
  public static let waits: [Duration] = [.seconds(2), .seconds(10), .seconds(60), .seconds(300), .seconds(1800)]
  /// The longest wait a Retry-After may ask for.
  public static let longestWait: Duration = .seconds(3600)

  /// The wait before the next attempt after `failures` failed ones, given the server's Retry-After in seconds
  /// (0 when it sent none); nil when no attempt is left.
  public static func wait(afterFailures failures: Int, retryAfter: Int64) -> Duration? {
    guard failures >= 1, failures <= waits.count else { return nil }
    let asked = Duration.seconds(min(max(retryAfter, 0), Int64(longestWait.components.seconds)))
    return max(waits[failures - 1], asked)
  }
}
