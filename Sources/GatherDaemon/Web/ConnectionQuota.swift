import NIOCore

/// How many web connections are open, in all and per client address, so that one device on the LAN cannot
/// take every connection and descriptor. Confined to the connections' loop.
/// Unchecked `Sendable`: the counts are touched on the connections' event loop only.
final class ConnectionQuota: @unchecked Sendable {
  /// Why a connection was turned away.
  enum Refusal: Equatable {
    /// The listener has `limit` connections open.
    case full(limit: Int)
    /// The client's address has `limit` connections open.
    case addressFull(limit: Int)
  }

  private let loop: any EventLoop
  /// The most connections at once.
  let maxConnections: Int
  /// The most connections at once from one address.
  let maxPerAddress: Int
  private var open = 0
  /// Open connections by address; only addresses with one or more are kept, so it holds at most
  /// `maxConnections` entries.
  private var byAddress: [String: Int] = [:]

  /// A quota on `loop`.
  init(loop: any EventLoop, maxConnections: Int, maxPerAddress: Int) {
    self.loop = loop
    self.maxConnections = maxConnections
    self.maxPerAddress = maxPerAddress
  }

  /// How many connections are open.
  var count: Int { open }

  /// Counts a new connection from `client`, or says why it may not open.
  func admit(_ client: WebClient) -> Refusal? {
    loop.preconditionInEventLoop()
    guard open < maxConnections else { return .full(limit: maxConnections) }
    if !client.isLocalProxy {
      guard byAddress[client.address, default: 0] < maxPerAddress else { return .addressFull(limit: maxPerAddress) }
      byAddress[client.address, default: 0] += 1
    }
    open += 1
    return nil
  }

  /// A connection that `admit` counted has closed.
  func release(_ client: WebClient) {
    loop.preconditionInEventLoop()
    open -= 1
    guard !client.isLocalProxy, let count = byAddress[client.address] else { return }
    byAddress[client.address] = count > 1 ? count - 1 : nil
  }

  /// The cap for an open-file limit of `descriptors`: `configured`, but never more than half of the limit,
  /// so that the other half stays for the Unix sockets (a controller's gatherctl), the database and the rest.
  static func cap(configured: Int, descriptors: Int) -> Int {
    max(1, min(configured, descriptors / 2))
  }
}
