/// When a WebSocket has gone quiet for too long, checked every idle timeout: a connection that watches nothing
/// (no subscription) and said nothing since the last check is closed; a subscriber that said nothing is sent a
/// ping, and closed if nothing (a pong, or anything else) comes back by the next check. So a silent client
/// is closed after one to two timeouts, and a subscriber that answers pings is kept however long it only
/// listens.
struct WebSocketIdleState: Equatable {
  /// What the check asks for.
  enum Action: Equatable {
    /// Nothing: the peer spoke.
    case none
    /// Send a ping.
    case ping
    /// Close: the peer watches nothing and said nothing.
    case closeIdle
    /// Close: the peer left a ping unanswered.
    case closeUnanswered
  }

  private var heard = false
  private var pinged = false

  /// The peer sent a frame (a message, a pong, a ping, anything).
  mutating func heardFromPeer() {
    heard = true
    pinged = false
  }

  /// The periodic check; `watching` tells whether the connection has a subscription.
  mutating func check(watching: Bool) -> Action {
    if heard {
      heard = false
      return .none
    }
    guard watching else { return .closeIdle }
    guard !pinged else { return .closeUnanswered }
    pinged = true
    return .ping
  }
}
