/// The replies MQTT control gave lately, per requester, so that a request the broker delivers twice (QoS 1 is
/// "at least once") is run once and answered twice, with the same reply.
///
/// Only requests that carry an id and were answered with a result are kept: a notification gets no reply, so
/// nothing tells a repeat from a second press of the same button, and a refused request changed nothing. A request is the same when its bytes are (a redelivery is the very same
/// message, correlation data included), so an id used again for another request runs that request. The
/// requester is where the reply goes: the MQTT 5 response topic, else the default reply topic, which everyone
/// without one shares. Each requester keeps its last ``idsPerRequester`` requests and replies
/// (at most ``bytesPerRequester`` of them; a longer pair is not kept), and the last ``requesters`` requesters to
/// send are kept, so a flood of new ids or requesters costs bounded memory and only forgets the oldest.
struct MQTTRecentReplies {
  /// The replies kept for one requester.
  static let idsPerRequester = 64
  /// The requesters kept.
  static let requesters = 64
  /// The bytes of requests and replies kept for one requester.
  static let bytesPerRequester = 64 * 1024

  /// A request as the window knows it: its payload and correlation data, byte for byte.
  struct Request: Hashable {
    let payload: [UInt8]
    let correlationData: [UInt8]?

    /// The request whose message carries `payload` and `correlationData`.
    init(payload: [UInt8], correlationData: [UInt8]?) {
      self.payload = payload
      self.correlationData = correlationData
    }

    /// The bytes the window holds for it.
    var size: Int { payload.count + (correlationData?.count ?? 0) }
  }

  /// One requester's replies, oldest first.
  private struct Window {
    var replies: [(request: Request, reply: [UInt8])] = []
    var bytes = 0
  }

  private var windows: [String: Window] = [:]
  /// The requesters, the one heard from longest ago first.
  private var order: [String] = []

  /// The reply already given to `request` from `requester`, if it is still kept.
  mutating func reply(to request: Request, from requester: String) -> [UInt8]? {
    guard let reply = windows[requester]?.replies.last(where: { $0.request == request })?.reply else { return nil }
    heard(from: requester)
    return reply
  }

  /// Keeps `reply`, the answer to `request` from `requester`, forgetting the oldest replies and requesters past
  /// the bounds.
  mutating func remember(_ reply: [UInt8], to request: Request, from requester: String) {
    guard request.size + reply.count <= Self.bytesPerRequester else { return }
    var window = windows[requester] ?? Window()
    window.replies.append((request, reply))
    window.bytes += request.size + reply.count
    while window.replies.count > Self.idsPerRequester || window.bytes > Self.bytesPerRequester {
      let forgotten = window.replies.removeFirst()
      window.bytes -= forgotten.request.size + forgotten.reply.count
    }
    windows[requester] = window
    heard(from: requester)
    if order.count > Self.requesters { windows[order.removeFirst()] = nil }
  }

  private mutating func heard(from requester: String) {
    if let index = order.firstIndex(of: requester) { order.remove(at: index) }
    order.append(requester)
  }
}
