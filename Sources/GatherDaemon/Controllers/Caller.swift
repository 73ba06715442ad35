import GatherRPC
import Synchronization

/// The peer behind one connection, as the controllers see it: who it is, whether it may change the match,
/// and its mailbox for events.
final class Caller: RPCCaller {
  /// The peer's process credentials.
  let credentials: PeerCredentials
  /// Whether the peer is a controller on a listener that allows changes.
  let mayMutate: Bool
  /// Where this connection's events wait to be written.
  let mailbox = EventMailbox()
  private let unreleased = Mutex<[Int64]>([])

  init(credentials: PeerCredentials, mayMutate: Bool) {
    self.credentials = credentials
    self.mayMutate = mayMutate
  }

  /// Remembers a subscription whose events must wait until the current reply is written.
  func holdUntilReplied(_ subscription: Int64) {
    unreleased.withLock { $0.append(subscription) }
  }

  /// Lets the held subscriptions' events flow; call after writing a reply.
  func releaseHeld() {
    let held = unreleased.withLock { held in
      defer { held = [] }
      return held
    }
    for subscription in held { mailbox.release(subscription) }
  }
}
