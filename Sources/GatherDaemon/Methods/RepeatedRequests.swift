import GatherRPC
import Synchronization

/// The changes answered lately that carried a key the client chose (`idempotencyKey`), so that a change sent again
/// because its reply was lost (a phone that went offline mid-request, a page that queued a tap) is answered with the
/// first reply, not made twice.
///
/// A repeat is the same key with the same method and the same other params; the same key with another request runs
/// that request. Only changes answered with a result are kept: a refused one changed nothing, so running it again is
/// safe. A reply is kept for ``maximumAge`` on the session's clock, and the newest ``capacity`` replies (at most
/// ``maximumBytes`` of them) are kept, so a flood of keys costs bounded memory and forgets the oldest. The keys are
/// kept in memory only: a restart of gatherd forgets them (docs/protocol.md, "Repeated changes"). Used in the
/// session's turns.
final class RepeatedRequests: Sendable {
  /// How long a reply is kept.
  static let maximumAge = Duration.seconds(24 * 3600)
  /// The most replies kept.
  static let capacity = 4096
  /// The most bytes of replies kept.
  static let maximumBytes = 4 << 20

  /// A change as the window knows it: its key, its method and its other params.
  struct Request: Sendable, Hashable {
    let key: String
    let method: String
    let params: JSONObject

    /// The request `params` carry for `method`, taking their `idempotencyKey`; nil without one. A key that is not 8
    /// to 128 letters, digits, `-` or `_` is refused (-32602 naming it).
    init?(method: String, params: inout Params) throws(RPCError) {
      guard let key = try params.optionalString("idempotencyKey") else { return nil }
      let allowed = key.utf8.allSatisfy { byte in
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D
          || byte == 0x5F
      }
      guard (8...128).contains(key.utf8.count), allowed else {
        throw .invalidParams(
          field: "idempotencyKey",
          "Parameter \"idempotencyKey\" must be 8 to 128 letters, digits, - or _, chosen at random for each change.")
      }
      var rest = params.fields
      rest["idempotencyKey"] = nil
      self.key = key
      self.method = method
      self.params = rest
    }
  }

  private struct Kept {
    let request: Request
    let reply: JSONValue
    let at: Duration
    let bytes: Int
  }

  private let window = Mutex<(kept: [String: Kept], order: [String], bytes: Int)>(([:], [], 0))

  init() {}

  /// The reply already given to `request`, if it is still kept.
  func reply(to request: Request, now: Duration) -> JSONValue? {
    window.withLock { window in
      guard let kept = window.kept[request.key], kept.request == request, now - kept.at < Self.maximumAge else {
        return nil
      }
      return kept.reply
    }
  }

  /// Keeps `reply`, the answer to `request`, forgetting the oldest replies past the bounds.
  func remember(_ reply: JSONValue, to request: Request, now: Duration) {
    let bytes = JSONWriter.bytes(reply).count + request.key.utf8.count
    guard bytes <= Self.maximumBytes / 64 else { return }
    window.withLock { window in
      if let old = window.kept.removeValue(forKey: request.key) {
        window.bytes -= old.bytes
        window.order.removeAll { $0 == request.key }
      }
      window.kept[request.key] = Kept(request: request, reply: reply, at: now, bytes: bytes)
      window.order.append(request.key)
      window.bytes += bytes
      while window.order.count > Self.capacity || window.bytes > Self.maximumBytes
        || (window.kept[window.order[0]].map { now - $0.at >= Self.maximumAge } ?? true)
      {
        let oldest = window.order.removeFirst()
        window.bytes -= window.kept.removeValue(forKey: oldest)?.bytes ?? 0
        if window.order.isEmpty { break }
      }
    }
  }
}

extension RepeatedRequests {
  /// The key as every change's params describe it in the OpenRPC document.
  static let paramDoc = ParamDoc(
    "idempotencyKey",
    """
    A key the client chooses at random for this change (8 to 128 letters, digits, - or _). Sent again with the same \
    method and params, the change is not made again: the first reply is given again (kept 24 hours, while gatherd \
    runs).
    """, required: false,
    schema: .string(minLength: 8, maxLength: 128, pattern: "^[A-Za-z0-9_-]{8,128}$"))
}
