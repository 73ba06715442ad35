import struct FoundationEssentials.Date

/// A phone (a browser's service worker) that asked to be told what concerns a player: its push service's endpoint,
/// the keys its messages are encrypted with, and the language it reads.
///
/// An endpoint belongs to one player: subscribing it again, for them or another, replaces it. A player has at most
/// ``perPlayer`` of them, the oldest let go first, so that a sign-up link cannot pile them up.
public struct PushSubscription: Sendable, Hashable {
  /// The most subscriptions one player keeps.
  public static let perPlayer = 5

  /// The push service's URL for this phone (https).
  public var endpoint: String
  /// Whose phone it is.
  public var player: Player.ID
  /// The browser's P-256 public key, base64url.
  public var p256dh: String
  /// The browser's authentication secret, base64url.
  public var auth: String
  /// The language its messages are written in (a tag such as "en" or "pt-BR").
  public var language: String
  /// When it was made.
  public var createdAt: Date

  /// A subscription as made or as the store keeps it.
  public init(endpoint: String, player: Player.ID, p256dh: String, auth: String, language: String, createdAt: Date) {
    self.endpoint = endpoint
    self.player = player
    self.p256dh = p256dh
    self.auth = auth
    self.language = language
    self.createdAt = createdAt
  }
}

/// The phones to tell, by player: kept with the roster, so that every reader of the committed state finds them.
extension FootballGather {
  /// A player's subscriptions, oldest first.
  public func pushSubscriptions(of player: Player.ID) -> [PushSubscription] {
    pushSubscriptions.filter { $0.player == player }
  }

  /// Keeps subscriptions the store has just saved or loaded, replacing any with the same endpoint, then lets go of
  /// a player's oldest beyond ``PushSubscription/perPlayer`` (as the store does).
  public mutating func keep(_ subscriptions: [PushSubscription]) {
    for subscription in subscriptions {
      pushSubscriptions.removeAll { $0.endpoint == subscription.endpoint }
      pushSubscriptions.append(subscription)
      let mine = pushSubscriptions.filter { $0.player == subscription.player }
      for old in mine.dropLast(PushSubscription.perPlayer) { pushSubscriptions.removeAll { $0 == old } }
    }
  }

  /// Lets go of the subscription of `endpoint`; whether there was one.
  @discardableResult
  public mutating func forgetSubscription(_ endpoint: String) -> Bool {
    let before = pushSubscriptions.count
    pushSubscriptions.removeAll { $0.endpoint == endpoint }
    return pushSubscriptions.count < before
  }
}
