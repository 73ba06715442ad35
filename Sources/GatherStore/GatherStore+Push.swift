import FoundationEssentials
import GatherModel

/// The phones that asked to be told what concerns a player (`pushSubscription`).
extension GatherStore {
  /// Saves a subscription, replacing any with its endpoint, and lets go of the player's oldest beyond
  /// ``PushSubscription/perPlayer``, in one transaction. A player not on the roster is refused naming `player`.
  public func savePushSubscription(_ subscription: PushSubscription) throws {
    try transaction { db in
      guard try db.fetchValue("SELECT EXISTS (SELECT 1 FROM player WHERE id = ?)", [subscription.player]) == true
      else { throw GatherError.playerNotFound(subscription.player) }
      try db.execute(
        """
        INSERT OR REPLACE INTO pushSubscription (endpoint, playerId, p256dh, auth, language, createdAt)
        VALUES (?, ?, ?, ?, ?, ?)
        """,
        [
          subscription.endpoint, subscription.player, subscription.p256dh, subscription.auth, subscription.language,
          subscription.createdAt.unixMilliseconds,
        ])
      try db.execute(
        """
        DELETE FROM pushSubscription WHERE playerId = ?1 AND endpoint NOT IN (SELECT endpoint FROM pushSubscription
          WHERE playerId = ?1 ORDER BY createdAt DESC, endpoint LIMIT ?2)
        """, [subscription.player, PushSubscription.perPlayer])
    }
  }

  /// Deletes the subscription of `endpoint`; whether there was one.
  public func deletePushSubscription(endpoint: String) throws -> Bool {
    try transaction { db in
      try db.execute("DELETE FROM pushSubscription WHERE endpoint = ?", [endpoint])
      return db.changesCount == 1
    }
  }

  /// Every subscription, oldest first.
  public func pushSubscriptions() throws -> [PushSubscription] {
    try database.read { db in
      try db.fetchAll("SELECT * FROM pushSubscription ORDER BY createdAt, endpoint").map { row in
        PushSubscription(
          endpoint: try row["endpoint"], player: try row["playerId"], p256dh: try row["p256dh"],
          auth: try row["auth"], language: try row["language"], createdAt: (try row["createdAt"] as Int64).date)
      }
    }
  }
}
