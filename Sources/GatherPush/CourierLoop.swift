import CCurl
import Glibc
import Logging

/// The courier's thread: libcurl's multi interface over the transfers in flight, the posts waiting for a free
/// slot or for their retry, and a wait (`curl_multi_poll`) until a socket, a deadline or a new post wakes it.
/// Every libcurl call for these transfers happens here.
/// Unchecked `Sendable`: its state is touched on the courier's thread only.
final class CourierLoop: @unchecked Sendable {
  /// A post waiting to be tried: first, or again after a failure.
  private struct Waiting {
    let post: PendingPost
    var request: OutboundRequest?
    var failures: Int
    var due: ContinuousClock.Instant
  }

  private let library: CurlLibrary
  private let configuration: HTTPCourier.Configuration
  private let inbox: CourierInbox
  private let logger: Logger
  private let multi: CurlLibrary.Multi
  private let clock = ContinuousClock()
  private var waiting: [Waiting] = []
  private var active: [ObjectIdentifier: Transfer] = [:]

  init?(library: CurlLibrary, configuration: HTTPCourier.Configuration, inbox: CourierInbox, logger: Logger) {
    guard let multi = library.multiInit() else { return nil }
    self.library = library
    self.configuration = configuration
    self.inbox = inbox
    self.logger = logger
    self.multi = multi
    let wakeup = library.multiWakeup
    inbox.attach { _ = wakeup(multi) }
  }

  deinit {
    for transfer in active.values { _ = library.multiRemoveHandle(multi, transfer.easy) }
    active = [:]
    _ = library.multiCleanup(multi)
  }

  /// Runs until the courier stops.
  func run() {
    while true {
      let (posts, stopping) = inbox.take()
      if stopping { return abandon(posts) }
      let now = clock.now
      waiting += posts.map { Waiting(post: $0, request: nil, failures: 0, due: now) }
      startDue()
      var running: Int32 = 0
      _ = library.multiPerform(multi, &running)
      collectFinished()
      startDue()
      _ = library.multiPoll(multi, nil, 0, timeout(), nil)
    }
  }

  /// Starts the posts that are due, as far as the limits on transfers at once allow; a post is made (encrypted,
  /// signed) when it is first due.
  private func startDue() {
    let now = clock.now
    var index = 0
    while index < waiting.count, active.count < configuration.limits.active {
      guard waiting[index].due <= now else {
        index += 1
        continue
      }
      if waiting[index].request == nil {
        do { waiting[index].request = try waiting[index].post.prepare() } catch {
          finish(waiting.remove(at: index).post, .failed(error.description))
          continue
        }
      }
      guard let request = waiting[index].request, hostHasRoom(request.url.host) else {
        index += 1
        continue
      }
      let item = waiting.remove(at: index)
      guard
        let transfer = Transfer(
          item.post, request: request, failures: item.failures, library: library, configuration: configuration)
      else {
        finish(item.post, .failed("libcurl could not make a transfer"))
        continue
      }
      active[ObjectIdentifier(transfer)] = transfer
      _ = library.multiAddHandle(multi, transfer.easy)
    }
  }

  private func hostHasRoom(_ host: String) -> Bool {
    active.values.count { $0.request.url.host == host } < configuration.limits.activePerHost
  }

  /// Reads the transfers that ended, and decides for each: done, or again later.
  private func collectFinished() {
    var left: Int32 = 0
    while let message = library.multiInfoRead(multi, &left) {
      guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
      let code = message.pointee.data.result
      var pointer: UnsafeMutableRawPointer?
      _ = gatherd_curl_getinfo_pointer(library.easyGetinfo, easy, CURLINFO_PRIVATE, &pointer)
      _ = library.multiRemoveHandle(multi, easy)
      guard let pointer else { continue }
      let transfer = Unmanaged<Transfer>.fromOpaque(pointer).takeUnretainedValue()
      active[ObjectIdentifier(transfer)] = nil
      ended(transfer, code: code)
    }
  }

  private func ended(_ transfer: Transfer, code: CURLcode) {
    let status = library.long(transfer.easy, CURLINFO_RESPONSE_CODE)
    let label = transfer.post.label
    if let refused = transfer.check.refusedAddress {
      logger.warning("Not posting \(label): \(transfer.request.url.host) is at \(refused), which is not allowed.")
      return finish(transfer.post, .failed("\(transfer.request.url.host) is at \(refused), which is not allowed"))
    }
    // An answer whose body ran past the limit still has its status.
    if status > 0, code == CURLE_OK || code == CURLE_WRITE_ERROR {
      switch status {
      case 200..<300: return finish(transfer.post, .delivered(status: status))
      case 404, 410: return finish(transfer.post, .gone(status: status))
      case 429, 500..<600: break
      default:
        logger.warning("\(label) was refused: HTTP \(status).")
        return finish(transfer.post, .refused(status: status))
      }
    }
    let reason = status > 0 ? "HTTP \(status)" : library.describe(code)
    let failures = transfer.failures + 1
    let retryAfter = library.offset(transfer.easy, CURLINFO_RETRY_AFTER)
    guard let wait = RetrySchedule.wait(afterFailures: failures, retryAfter: retryAfter) else {
      logger.warning("Gave up on \(label) after \(failures) attempts: \(reason).")
      return finish(transfer.post, .failed(reason))
    }
    logger.notice("\(label) failed (\(reason)); trying again in \(wait).")
    waiting.append(
      Waiting(post: transfer.post, request: transfer.request, failures: failures, due: clock.now + wait))
  }

  private func finish(_ post: PendingPost, _ outcome: OutboundOutcome) {
    inbox.finished(post)
    post.done(outcome)
  }

  /// How long to wait for a socket or a new post: until the next retry is due, at most a second while transfers
  /// run (libcurl's own deadlines are shorter), and an hour when nothing is held at all. A post that is due but
  /// waits for a free slot is started when a transfer ends, which wakes the wait.
  private func timeout() -> Int32 {
    var limit: Duration = active.isEmpty ? .seconds(3600) : .seconds(1)
    let now = clock.now
    for item in waiting where item.due > now { limit = min(limit, now.duration(to: item.due)) }
    let (seconds, attoseconds) = limit.components
    return Int32(seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
  }

  private func abandon(_ posts: [PendingPost]) {
    for post in posts { finish(post, .failed("gatherd is stopping")) }
    for item in waiting { finish(item.post, .failed("gatherd is stopping")) }
    for transfer in active.values {
      _ = library.multiRemoveHandle(multi, transfer.easy)
      finish(transfer.post, .failed("gatherd is stopping"))
    }
    waiting = []
    active = [:]
  }
}
