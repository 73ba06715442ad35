import GatherRPC
import Synchronization

/// The changes answered lately that carried a key the client chose (`idempotencyKey`), so that a change sent again
/// because its reply was lost (a phone that went offline mid-request, a page that queued a tap) is answered with the
/// first reply, not made twice.
///
/// Keys are each caller's own (``Scope``): a user on the socket, the control link, one sign-up or vote link, one
/// MQTT topic. A repeat is the same key from the same scope with the same method and params; the same key with
/// another method or other params is refused, so a key cannot stand for two changes. Only changes answered with a
/// result are kept: a refused one changed nothing, so running it again is safe. A reply is kept for
/// ``maximumAge`` on the session's clock; each scope keeps its newest replies within its ``Budget``, and at most
/// ``linkScopes`` scopes of links and topics are kept (the least recently used goes first), so that a flood of keys
/// from a link in a group chat costs bounded memory and never pushes out the organiser's. A reply too large to keep
/// is remembered as made, and its repeat refused. The keys live in memory only: a restart of gatherd forgets them
/// (docs/protocol.md, "Repeated changes"). Used in the session's turns.
///
/// ```swift
/// if let reply = try repeats.reply(to: request, from: scope, now: now) { return reply }
/// let reply = try run()
/// repeats.remember(reply, to: request, from: scope, now: now)
/// ```
final class RepeatedRequests: Sendable {
  /// How long a reply is kept.
  static let maximumAge = Duration.seconds(24 * 3600)
  /// How much one scope keeps: its newest replies, at most so many and so many bytes.
  struct Budget: Sendable {
    let replies: Int
    let bytes: Int
  }
  /// A controller's scope's budget.
  static let controllerBudget = Budget(replies: 2048, bytes: 2 << 20)
  /// A link's or an MQTT topic's scope's budget.
  static let linkBudget = Budget(replies: 256, bytes: 256 << 10)
  /// The most scopes of links and topics kept at once.
  static let linkScopes = 64
  /// The largest reply kept; a larger one is remembered as made, without its reply.
  static let largestReply = 64 << 10

  private let scopes = Mutex<[Scope: Window]>([:])

  init() {}

  /// The reply already given to `request` from `scope`, if it is still kept; nil when the change is new. Throws
  /// when the key was used for another change, or when the change was made but its reply was too large to keep.
  func reply(to request: Request, from scope: Scope, now: Duration) throws(RPCError) -> JSONValue? {
    let kept = scopes.withLock { scopes in scopes[scope]?.kept(request.key, now: now) }
    guard let kept else { return nil }
    guard kept.method == request.method, kept.fingerprint == request.fingerprint else {
      throw .invalidParams(
        field: "idempotencyKey",
        """
        The idempotencyKey "\(request.key)" was already used for another change (\(kept.method)): choose a new key \
        for each change.
        """)
    }
    guard let reply = kept.reply else {
      throw .wrongState(
        reason: "already_done",
        "This \(request.method) was already made with this idempotencyKey; its reply is not kept: read the state again."
      )
    }
    return reply
  }

  /// Keeps `reply`, the answer to `request` from `scope`, forgetting the oldest replies past the scope's budget.
  func remember(_ reply: JSONValue, to request: Request, from scope: Scope, now: Duration) {
    let size = JSONWriter.bytes(reply).count
    let kept = Kept(
      method: request.method, fingerprint: request.fingerprint, reply: size <= Self.largestReply ? reply : nil,
      at: now, bytes: min(size, Self.largestReply) + request.key.utf8.count + 64)
    scopes.withLock { scopes in
      scopes[scope, default: Window(lastUsed: now)].keep(
        kept, as: request.key, now: now, budget: scope.isController ? Self.controllerBudget : Self.linkBudget)
      let links = scopes.filter { !$0.key.isController }
      if links.count > Self.linkScopes, let stalest = links.min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
        scopes[stalest.key] = nil
      }
    }
  }
}
