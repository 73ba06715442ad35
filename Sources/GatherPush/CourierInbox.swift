import CCurl
import Synchronization

/// One post as it waits: what names it, its size, how to make it and whom to tell.
struct PendingPost: Sendable {
  let label: String
  let bytes: Int
  let prepare: OutboundPreparation
  let done: @Sendable (OutboundOutcome) -> Void
}

/// What other threads hand the courier's thread: new posts, bounded in count and bytes, and the request to stop.
/// A post wakes the thread through libcurl (`curl_multi_wakeup`), once its multi handle exists.
final class CourierInbox: Sendable {
  /// What a post did.
  enum Posted {
    /// The first post: the thread must be started.
    case start
    /// Queued for the running thread.
    case queued
    /// Queued, and this older one dropped to make room.
    case dropped(PendingPost)
    /// Not queued: the courier is stopping.
    case closed
  }

  /// Unchecked `Sendable`: `wake` calls `curl_multi_wakeup`, which libcurl allows from any thread.
  private struct State: @unchecked Sendable {
    var waiting: [PendingPost] = []
    /// Posts and bytes held anywhere in the courier: waiting here, retrying or in flight.
    var held = 0
    var heldBytes = 0
    var started = false
    var stopping = false
    /// The thread's multi handle and how to wake it, once the thread has made it.
    var wake: (() -> Void)?
  }

  private let limits: HTTPCourier.Limits
  private let state = Mutex(State())

  init(limits: HTTPCourier.Limits) { self.limits = limits }

  /// Queues `post`, dropping the oldest waiting post when the courier holds too many or too much.
  func post(_ post: PendingPost) -> Posted {
    let (outcome, wake) = state.withLock { state -> (Posted, (() -> Void)?) in
      guard !state.stopping else { return (.closed, nil) }
      var outcome = Posted.queued
      if !state.waiting.isEmpty,
        state.held + 1 > limits.queued || state.heldBytes + post.bytes > limits.queuedBytes
      {
        let oldest = state.waiting.removeFirst()
        state.held -= 1
        state.heldBytes -= oldest.bytes
        outcome = .dropped(oldest)
      }
      state.waiting.append(post)
      state.held += 1
      state.heldBytes += post.bytes
      if !state.started {
        state.started = true
        return (.start, nil)
      }
      return (outcome, state.wake)
    }
    wake?()
    return outcome
  }

  /// On the courier's thread: names how to wake it, and takes what waits.
  func attach(wake: @escaping () -> Void) { state.withLock { $0.wake = wake } }

  /// On the courier's thread: the posts that wait, and whether to stop.
  func take() -> (posts: [PendingPost], stopping: Bool) {
    state.withLock { state in
      defer { state.waiting = [] }
      return (state.waiting, state.stopping)
    }
  }

  /// On the courier's thread: a post that will not be tried again no longer counts.
  func finished(_ post: PendingPost) {
    state.withLock { state in
      state.held -= 1
      state.heldBytes -= post.bytes
    }
  }

  /// Whether the courier holds no post at all.
  var isIdle: Bool { state.withLock { $0.held == 0 } }

  /// Asks the thread to stop.
  func stop() {
    let wake = state.withLock { state in
      state.stopping = true
      return state.wake
    }
    wake?()
  }

  /// Tells every waiting post it failed, when the thread cannot run.
  func failAll(_ reason: String) {
    let posts = state.withLock { state in
      defer {
        state.waiting = []
        state.held = 0
        state.heldBytes = 0
        state.started = false
      }
      return state.waiting
    }
    for post in posts { post.done(.failed(reason)) }
  }
}
